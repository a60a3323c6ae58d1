import type { LeadSource } from "#shared/installer-network.ts";
import { PROVINCES } from "#shared/provinces.ts";
import { INSTALLER_WANTED, QUOTE_FAILURE, QUOTE_SUCCESS } from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { KIT_FIELDS, QUOTE_FIELDS, type QuoteContact, type QuoteField, type QuoteResult } from "./quote-fields.ts";

/** A kit asked about as a whole (the solar calculator's): its lines, and the notes the form starts with. */
export type QuoteKit = { lines: { product_id: number; quantity: number }[]; notes: string };

type QuoteFormProps = {
  dialogId: string;
  refused: QuoteResult | undefined;
  /** Where the form is (a lead's source): the product's quote dialog by default. */
  source?: LeadSource | undefined;
  /** A dealer company's contact the fields start from (what was typed wins after a refusal). */
  contact?: QuoteContact | null | undefined;
} & ({ productId: number; kit?: undefined } | { productId?: undefined; kit: QuoteKit });

/**
 * The quote form (spec §5), drawn by the server: a plain form posted to the product page's action, which answers
 * its field messages and keeps what was typed. With scripts (src/web/enhance/forms.ts, `data-validate`) it is
 * checked in the browser with the same contract and sent to POST /api/quotations (`data-send-to`), answered with
 * the texts it carries (`data-success`, `data-failure`). For a kit, its lines go as hidden fields (KIT_FIELDS) and
 * the notes start with the kit's summary, which the visitor may change.
 */
export function QuoteForm({ productId, kit, dialogId, refused, source = "quote", contact }: QuoteFormProps) {
  // A dealer company's request (the form starts from its contact) is for its own customer: never offered to rival
  // installers. Shared pages know nobody, so the service refuses it too (INSTALLER_NOT_FOR_DEALERS).
  const offerInstaller = !contact;
  const starts: Partial<Record<QuoteField, string>> = contact
    ? { customer_name: contact.name, customer_address: contact.address, customer_email: contact.email, customer_phone: contact.phone }
    : {};
  const values: Partial<Record<QuoteField, string>> = refused?.values ?? starts;
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
      {kit ? (
        kit.lines.map((line) => (
          <span key={line.product_id} hidden>
            <input type="hidden" name={KIT_FIELDS.productId} value={line.product_id} />
            <input type="hidden" name={KIT_FIELDS.quantity} value={line.quantity} />
          </span>
        ))
      ) : (
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
      )}
      {kit ? (
        <TextAreaField
          label="Notes (optional)"
          hint="What the kit was sized for; add anything we should know."
          rows={8}
          {...field("notes")}
          defaultValue={values.notes ?? kit.notes}
          data-reset-value={kit.notes}
        />
      ) : (
        <TextAreaField label="Notes (optional)" rows={3} {...field("notes")} />
      )}
      {/* Issue 26 §2: the request is also offered to verified installers serving the province. */}
      <input type="hidden" name="source" value={source} />
      {offerInstaller ? (
        <div className="space-y-3 rounded-md border border-slate-300 p-3">
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              id="quote-installer"
              name="installer"
              defaultChecked={values.installer === "on"}
              className="mt-0.5 size-5 shrink-0 accent-amber-600"
            />
            <label htmlFor="quote-installer" className="text-sm font-medium text-slate-900">
              {INSTALLER_WANTED}
            </label>
          </div>
          <SelectField
            label="Province of the installation"
            hint="Needed with an installer: verified dealers serving it are offered your enquiry, and one of them calls you."
            {...field("installer_province")}
          >
            <option value="">Choose a province</option>
            {PROVINCES.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
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
