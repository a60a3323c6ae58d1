import type { z } from "zod";
import type { contactSchema } from "#shared/schemas/contact.ts";
import type { ContactField } from "./contact-result.ts";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The posted 'Get in Touch' form as the contact contract's input (contactSchema): read the same way by the page's
 * action (contact-action.server.ts) and by the browser's check before posting (src/web/enhance/form-rules.ts).
 */
export function contactInput(form: FormData): Required<z.input<typeof contactSchema>> {
  return {
    fullName: text(form, "fullName"),
    email: text(form, "email"),
    phone: text(form, "phone"),
    notes: text(form, "notes"),
    // A checkbox is sent only when ticked.
    requestQuote: form.get("requestQuote") !== null,
  };
}

/** What was typed, as the form is filled again after a refusal. */
export function contactValues(form: FormData): Record<ContactField, string> {
  const { requestQuote, ...texts } = contactInput(form);
  return { ...texts, requestQuote: requestQuote ? "on" : "" };
}
