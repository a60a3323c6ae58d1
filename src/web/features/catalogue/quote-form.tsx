import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { QUOTE_FAILURE, QUOTE_SUCCESS, type QuoteRequest, type QuoteRequestInput, quoteRequestSchema } from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { FOCUS_FIRST_ERROR, useFocusFirstError } from "#web/lib/use-focus-first-error.ts";

type QuoteFormProps = { productId: number; productName: string; userId: number | null; onDone: () => void };

/** A 400's `issues` path ("body.products.0.quantity") as the form's field name. */
function fieldOf(path: string): Path<QuoteRequestInput> | null {
  const name = path.replace(/^body\./, "");
  const known = ["customer_name", "customer_address", "customer_email", "customer_phone", "notes", "products.0.quantity"];
  return known.includes(name) ? (name as Path<QuoteRequestInput>) : null;
}

/** The quote form (spec §5) with the quote request contract of POST /api/quotations checked before it is sent. */
export function QuoteForm({ productId, productName, userId, onDone }: QuoteFormProps) {
  // The spec's failure text, or the server's own message when it says why (too many requests).
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: {
      userId,
      customer_name: "",
      customer_address: "",
      customer_email: "",
      customer_phone: "",
      notes: "",
      products: [{ product_id: productId, quantity: 1, name: productName }],
    },
    ...FOCUS_FIRST_ERROR,
  });
  useFocusFirstError(form);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async (values: QuoteRequest) => {
    setFailed(null);
    try {
      const res = await fetch("/api/quotations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(values),
      });
      if (res.ok) {
        notify.success(QUOTE_SUCCESS);
        reset();
        onDone();
        return;
      }
      if (res.status === 429) {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        setFailed(typeof body?.message === "string" ? body.message : QUOTE_FAILURE);
        return;
      }
      if (res.status === 400) {
        const body = (await res.json().catch(() => null)) as { issues?: { path?: unknown; message?: unknown }[] } | null;
        for (const issue of body?.issues ?? []) {
          // The product itself was refused (removed from the catalogue since the page was loaded): trying again cannot help.
          if (typeof issue.path === "string" && /^body\.products\.\d+\.product_id$/.test(issue.path) && typeof issue.message === "string") {
            setFailed(issue.message);
            return;
          }
          const field = typeof issue.path === "string" ? fieldOf(issue.path) : null;
          if (field && typeof issue.message === "string") setError(field, { message: issue.message });
        }
      }
    } catch {
      // Offline or the server did not answer: the same message below.
    }
    setFailed(QUOTE_FAILURE);
  };

  const quantityError = errors.products?.[0]?.quantity?.message ?? errors.products?.message;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting} className="space-y-4">
      {failed ? <FormAlert>{failed}</FormAlert> : null}
      <TextField label="Name" autoComplete="name" required error={errors.customer_name?.message} {...register("customer_name")} />
      <TextField
        label="Address"
        autoComplete="street-address"
        required
        error={errors.customer_address?.message}
        {...register("customer_address")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.customer_email?.message}
          {...register("customer_email")}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          error={errors.customer_phone?.message}
          {...register("customer_phone")}
        />
      </div>
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        className="max-w-40"
        error={quantityError}
        {...register("products.0.quantity")}
      />
      <div>
        <label htmlFor="quote-notes" className="mb-1 block text-sm font-medium text-slate-800">
          Notes <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id="quote-notes"
          rows={3}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? "quote-notes-error" : undefined}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          {...register("notes")}
        />
        {errors.notes?.message ? (
          <p id="quote-notes-error" className="mt-1 text-sm text-red-700">
            {errors.notes.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" onClick={onDone} className={buttonClass("outline")}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className={buttonClass("primary")}>
          {isSubmitting ? "Submitting…" : "Submit"}
        </button>
      </div>
    </form>
  );
}
