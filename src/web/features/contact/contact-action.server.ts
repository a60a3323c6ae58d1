import { data } from "react-router";
import { CONTACT_FAILURE, CONTACT_SUCCESS, contactSchema } from "#shared/schemas/contact.ts";
import { formAction } from "../../lib/form-action.ts";
import type { WebContext } from "../../load-context.ts";
import { contactInput, contactValues } from "./contact-fields.ts";
import type { ContactResult } from "./contact-result.ts";

/** The 'Get in Touch' form, checked again with the shared schema, then sent through the contact service. */
export async function contactAction(request: Request, context: WebContext) {
  const form = await request.formData();
  return formAction(
    contactSchema,
    async (message) => {
      const { id } = await context.services.contact.submit(context.actor, message, { ip: context.ip });
      return data<ContactResult>({ success: CONTACT_SUCCESS, id });
    },
    { log: context.logError, input: contactInput(form), values: contactValues(form), unexpected: CONTACT_FAILURE, topLevel: true },
  );
}
