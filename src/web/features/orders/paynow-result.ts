import type { PaymentView } from "#shared/schemas/payments.ts";

/** What the orders page's 'Pay with Paynow' action answers (a web payment answers a redirect to Paynow instead). */
export type PaynowResult =
  | { status: "started"; orderId: number; payment: PaymentView }
  | {
      status: "error";
      orderId: number;
      formError?: string;
      fieldErrors?: Partial<Record<"method" | "phone", string>>;
      values: { method: string; phone: string };
    };
