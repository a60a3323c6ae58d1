import { QUOTE_FAILURE, QUOTE_SUCCESS } from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { QUOTE_FIELDS, type QuoteResult } from "./quote-fields.ts";

type QuoteFormProps = { productId: number; dialogId: string; refused: QuoteResult | undefined };

/**
 * The quote form (spec §5), drawn by the server: a plain form posted to the product page's action, which answers
 * its field messages and keeps what was typed. With scripts (src/web/enhance/forms.ts, `data-validate`) it is
 * checked in the browser with the same contract and sent to POST /api/quotations (`data-send-to`), answered with
 * the texts it carries (`data-success`, `data-failure`).
 */
export function QuoteForm({ productId, dialogId, refused }: QuoteFormProps) {
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  // After a refused post, the focus starts on the first wrong field (the dialog's own focusing, or the page's).
  const first = QUOTE_FIELDS.find((name) => errors[name]);
  const field = (name: (typeof QUOTE_FIELDS)[number]) => ({
    id: `quote-${name}`,
    name,
    defaultValue: values[name],
    error: errors[name],
    autoFocus: name === first ? true : undefined,
  });
  return (
    <form
      method="post"
      noValidate
      data-validate="quote"
      data-send-to="/api/quotations"
      data-product-id={productId}
      data-success={QUOTE_SUCCESS}
      data-failure={QUOTE_FAILURE}
      data-dialog={dialogId}
      className="space-y-4"
    >
      {refused?.formError ? (
        <div data-form-message="">
          <FormAlert>{refused.formError}</FormAlert>
        </div>
      ) : null}
      <TextField label="Name" autoComplete="name" required {...field("customer_name")} />
      <TextField label="Address" autoComplete="street-address" required {...field("customer_address")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...field("customer_email")}
        />
        <TextField label="Phone" type="tel" autoComplete="tel" required {...field("customer_phone")} />
      </div>
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        className="max-w-40"
        {...field("quantity")}
        defaultValue={values.quantity ?? "1"}
        data-reset-value="1"
      />
      <TextAreaField label="Notes (optional)" rows={3} {...field("notes")} />
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" commandfor={dialogId} command="close" className={buttonClass("outline")}>
          Cancel
        </button>
        <button type="submit" data-pending-text="Submitting…" className={buttonClass("primary")}>
          Submit
        </button>
      </div>
    </form>
  );
}
