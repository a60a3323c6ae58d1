import type { FormResult } from "../../lib/form-action.ts";

/** The checkout form's fields, each of which a refusal may be said under. */
export const CHECKOUT_FIELDS = [
  "idempotencyKey",
  "currency",
  "fulfilment",
  "contactName",
  "contactPhone",
  "deliveryAddress",
  "deliveryCity",
  "branchId",
  "notes",
  "paymentTerms",
  "products",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** What the checkout page's action answers: the order placed, or a refusal with what was typed. */
export type CheckoutResult =
  | {
      status: "placed";
      id: number;
      reference: string;
      fulfilment: string;
      /** The day an order on the company's account falls due (decision 034); null for one paid before dispatch. */
      dueOn: string | null;
    }
  | ({ status: "error" } & FormResult<CheckoutField>);
