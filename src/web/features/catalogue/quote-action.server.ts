import { data } from "react-router";
import { QUOTE_FAILURE, QUOTE_SUCCESS, quoteRequestSchema } from "#shared/schemas/quotations.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import { type QuoteResult, quoteRefusal, quoteRequestInput, quoteValues } from "./quote-fields.ts";

/**
 * 'Request a Quote' posted to the product page (spec §5; the form works before and without scripts), or for a kit
 * (`productId` null: the solar calculator's, its lines in the form, quote-fields.ts KIT_FIELDS): checked with the
 * quote request contract, then stored through the quotations service as POST /api/quotations does, with the
 * client's address (the service limits requests per sender and per e-mail address, FormLimits). A refusal answers
 * 400 (or the service's status: 429 with its message) with the field messages and what was typed, so the page is
 * drawn again with the dialog open; a stored request answers the spec's success text.
 *
 * Not `formAction`: the form's fields are not the contract's top-level keys (the quantity is `products.0.quantity`),
 * so issues are said through `quoteFieldOf`, the same mapping the browser's check uses.
 */
export async function quoteAction(request: Request, context: WebContext, productId: number | null) {
  const form = await request.formData();
  const values = quoteValues(form);
  const refuse = (refusal: Pick<QuoteResult, "fieldErrors" | "formError">, status: number) =>
    data<QuoteResult>({ ...refusal, values }, { status });

  const parsed = quoteRequestSchema.safeParse(quoteRequestInput(form, productId));
  if (!parsed.success) {
    return refuse(quoteRefusal(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }))), 400);
  }
  try {
    await context.services.quotations.submit(context.actor, parsed.data, { ip: context.ip });
    return data<QuoteResult>({ success: QUOTE_SUCCESS });
  } catch (err) {
    const known = knownFailure(err);
    if (known) return refuse(quoteRefusal([{ path: known.field ?? "", message: known.message }]), known.statusCode);
    context.logError(err);
    return refuse({ formError: QUOTE_FAILURE }, 500);
  }
}
