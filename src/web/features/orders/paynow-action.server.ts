import { data, redirect } from "react-router";
import { PAYNOW_UNREACHABLE, startPaynowSchema } from "#shared/schemas/payments.ts";
import { firstIssues, formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import type { PaynowResult } from "./paynow-result.ts";

/**
 * 'Pay with Paynow' on the dealer's order: checked with the shared schema, then started through the payments
 * service (which reads the amount from the order). A web payment sends the browser on to Paynow's page; EcoCash
 * and OneMoney answer the instructions to approve on the phone, and the page follows the payment from there.
 */
export async function paynowAction(form: FormData, context: WebContext) {
  const orderId = Number(formText(form, "orderId"));
  const values = { method: formText(form, "method"), phone: formText(form, "phone") };
  if (!Number.isInteger(orderId) || orderId <= 0) {
    return data<PaynowResult>({ status: "error", orderId: 0, formError: "This order could not be found.", values }, { status: 400 });
  }
  const parsed = startPaynowSchema.safeParse(values);
  if (!parsed.success) {
    return data<PaynowResult>(
      { status: "error", orderId, fieldErrors: firstIssues<"method" | "phone">(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    const payment = await context.services.payments.start(context.actor, orderId, parsed.data, context.siteUrl);
    if (payment.method === "web" && payment.browserUrl) throw redirect(payment.browserUrl);
    return data<PaynowResult>({ status: "started", orderId, payment });
  } catch (err) {
    if (err instanceof Response) throw err;
    const known = knownFailure(err);
    const statusCode = (err as { statusCode?: unknown }).statusCode;
    if (known || statusCode === 502) {
      const message = known?.message ?? PAYNOW_UNREACHABLE;
      const code = known?.statusCode ?? 502;
      return data<PaynowResult>(
        known?.field === "phone"
          ? { status: "error", orderId, fieldErrors: { phone: message }, values }
          : { status: "error", orderId, formError: message, values },
        { status: code },
      );
    }
    console.error(err);
    return data<PaynowResult>({ status: "error", orderId, formError: PAYNOW_UNREACHABLE, values }, { status: 500 });
  }
}
