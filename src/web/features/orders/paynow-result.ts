import type { PaymentView } from "#shared/schemas/payments.ts";
import type { FormResult } from "../../lib/form-action.ts";

export type PaynowField = "method" | "phone";

/** What the orders page's 'Pay with Paynow' action answers (a web payment answers a redirect to Paynow instead). */
export type PaynowResult =
  | { status: "started"; orderId: number; payment: PaymentView }
  | ({ status: "error"; orderId: number } & FormResult<PaynowField>);
