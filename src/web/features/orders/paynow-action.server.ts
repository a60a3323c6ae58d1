import { data, redirect } from "react-router";
import { PAYNOW_UNREACHABLE, startPaynowSchema } from "#shared/schemas/payments.ts";
import { type FormResult, formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import type { WebContext } from "../../load-context.ts";
import type { PaynowField, PaynowResult } from "./paynow-result.ts";

/**
 * 'Pay with Paynow' on the dealer's order: checked with the shared schema, then started through the payments
 * service (which reads the amount from the order). A web payment sends the browser on to Paynow's page; EcoCash
 * and OneMoney answer the instructions to approve on the phone, and the page follows the payment from there.
 */
export async function paynowAction(form: FormData, context: WebContext) {
  const orderId = Number(formText(form, "orderId"));
  const values = { method: formText(form, "method"), phone: formText(form, "phone") };
  const refuse = (status: number, orderId: number, refusal: Pick<FormResult<PaynowField>, "formError">) =>
    data<PaynowResult>({ status: "error", orderId, ...refusal, values }, { status });
  if (!Number.isInteger(orderId) || orderId <= 0) return refuse(400, 0, { formError: "This order could not be found." });
  return formAction(
    startPaynowSchema,
    async (choice) => {
      try {
        const payment = await context.services.payments.start(context.actor, orderId, choice, context.siteUrl);
        if (payment.method === "web" && payment.browserUrl) throw redirect(payment.browserUrl);
        return data<PaynowResult>({ status: "started", orderId, payment });
      } catch (err) {
        // Paynow did not answer (the service's 502): said as such, not logged as a failure of ours.
        if ((err as { statusCode?: unknown }).statusCode === 502) return refuse(502, orderId, { formError: PAYNOW_UNREACHABLE });
        throw err;
      }
    },
    {
      log: context.logError,
      input: values,
      values,
      tag: { status: "error" as const, orderId },
      failureFields: ["phone"],
      unexpected: PAYNOW_UNREACHABLE,
    },
  );
}
