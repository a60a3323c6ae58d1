import { data } from "react-router";
import { ORDER_FAILURE, placeOrderSchema } from "#shared/schemas/orders.ts";
import { formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import type { WebContext } from "../../load-context.ts";
import { CHECKOUT_FIELDS, type CheckoutResult } from "./checkout-result.ts";
import { fulfilmentSummary } from "./fulfilment.ts";

/** The cart's lines as posted (a hidden field of JSON); anything unreadable is an empty cart, which the schema refuses. */
function postedLines(raw: string): unknown {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** 'Place Order': checked again with the shared schema, then placed through the orders service at its own prices. */
export async function checkoutAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const values = {
    idempotencyKey: formText(form, "idempotencyKey"),
    currency: formText(form, "currency") || "USD",
    fulfilment: formText(form, "fulfilment"),
    contactName: formText(form, "contactName"),
    contactPhone: formText(form, "contactPhone"),
    deliveryAddress: formText(form, "deliveryAddress"),
    deliveryCity: formText(form, "deliveryCity"),
    notes: formText(form, "notes"),
    // Before dispatch unless the dealer chose the company's account (decision 034).
    paymentTerms: formText(form, "paymentTerms") || "cash",
  };
  // The branch collected from; for a delivery the server chooses the branch that sends it.
  const branchId = values.fulfilment === "collection" ? formText(form, "branchId") : "";
  return formAction(
    placeOrderSchema,
    async (input) => {
      const { order } = await context.services.orders.placeOrder(context.actor, input);
      return data<CheckoutResult>({
        status: "placed",
        id: order.id,
        reference: order.reference,
        fulfilment: fulfilmentSummary(order),
        dueOn: order.payment_terms === "account" ? order.due_on : null,
      });
    },
    {
      log: context.logError,
      input: { ...values, ...(branchId ? { branchId } : {}), products: postedLines(formText(form, "cart")) },
      values: { ...values, branchId },
      tag: { status: "error" as const },
      // A refused cart line (`products.0.product_id`) is said under the cart.
      topLevel: true,
      failureFields: CHECKOUT_FIELDS,
      unexpected: ORDER_FAILURE,
    },
  );
}
