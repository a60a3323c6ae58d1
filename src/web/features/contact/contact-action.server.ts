import { data } from "react-router";
import { CONTACT_FAILURE, CONTACT_SUCCESS, contactSchema } from "#shared/schemas/contact.ts";
import { firstIssues } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import { contactInput } from "./contact-fields.ts";
import type { ContactField, ContactResult } from "./contact-result.ts";

/** The 'Get in Touch' form, checked again with the shared schema, then sent through the contact service. */
export async function contactAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const values = contactInput(form);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data<ContactResult>({ status: "error", fieldErrors: firstIssues<ContactField>(parsed.error), values }, { status: 400 });
  }
  try {
    const { id } = await context.services.contact.submit(context.actor, parsed.data, { ip: context.ip });
    return data<ContactResult>({ status: "sent", message: CONTACT_SUCCESS, id });
  } catch (err) {
    const known = knownFailure(err);
    if (known) return data<ContactResult>({ status: "error", formError: known.message, values }, { status: known.statusCode });
    console.error(err);
    return data<ContactResult>({ status: "error", formError: CONTACT_FAILURE, values }, { status: 500 });
  }
}
