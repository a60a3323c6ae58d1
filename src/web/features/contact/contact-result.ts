import type { FormResult } from "#web/lib/form-action.ts";

export type ContactField = "fullName" | "email" | "phone" | "notes" | "requestQuote";

/**
 * What the contact page's action answers (formAction's result): the spec's success text with the message's id, or
 * the refusal with what was typed (`requestQuote` is "on" when the box was ticked, as the form posts it).
 */
export type ContactResult = FormResult<ContactField> & { id?: number };
