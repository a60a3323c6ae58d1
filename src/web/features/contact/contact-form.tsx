import { CONTACT_NOTES_MAX } from "#shared/schemas/contact.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert, FormMessage } from "../../components/ui/form-alert.tsx";
import { TextAreaField, TextField } from "../../components/ui/text-field.tsx";
import { serverFields } from "../../lib/server-form.ts";
import type { ContactField, ContactResult } from "./contact-result.ts";

const EMPTY = { fullName: "", email: "", phone: "", notes: "", requestQuote: "" };
const ORDER: readonly ContactField[] = ["fullName", "email", "phone", "notes"];

/**
 * 'Get in Touch' (spec §2, DESIGN.md §6), drawn by the server: a plain form posted to the page's action, which
 * checks it with the shared schema, answers field messages and keeps what was typed, or confirms and clears it.
 * With scripts (src/web/enhance/forms.ts, `data-validate`) it is checked in the browser first with the same schema,
 * so a wrong field is said without a round trip.
 */
export function ContactForm({ result }: { result: ContactResult | undefined }) {
  const initial = { ...EMPTY, ...result?.values };
  // After a refused post, the focus starts on the first wrong field; after a sent one, on the confirmation.
  const field = serverFields(result?.fieldErrors, ORDER);
  return (
    <form method="post" noValidate data-validate="contact" aria-labelledby="get-in-touch-heading" className="space-y-5">
      {result?.success ? (
        // biome-ignore lint/a11y/noAutofocus: the answer to the visitor's post, where they are reading (no script moves the focus)
        <div data-form-message="" tabIndex={-1} autoFocus className="outline-none">
          <FormAlert tone="success">{result.success}</FormAlert>
        </div>
      ) : null}
      <FormMessage error={result?.formError} />
      <TextField label="Full Name" autoComplete="name" required defaultValue={initial.fullName} {...field("fullName")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={initial.email}
          {...field("email")}
        />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" defaultValue={initial.phone} {...field("phone")} />
      </div>
      <TextAreaField
        label="Notes (optional)"
        rows={6}
        maxLength={CONTACT_NOTES_MAX}
        hint="Tell us what you need: the site, the appliances to power, or the products you are interested in."
        defaultValue={initial.notes}
        {...field("notes")}
      />
      <div className="flex items-center gap-3">
        <input
          id="contact-request-quote"
          name="requestQuote"
          type="checkbox"
          defaultChecked={initial.requestQuote === "on"}
          className="size-5 shrink-0 rounded border-slate-400 accent-accent-700"
        />
        <label htmlFor="contact-request-quote" className="text-base text-slate-800">
          Request a Quote
        </label>
      </div>
      <button type="submit" data-pending-text="Sending…" className={buttonClass("primary", "w-full sm:w-auto")}>
        Send Message
      </button>
    </form>
  );
}
