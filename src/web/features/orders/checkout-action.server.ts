import { data } from "react-router";
import { ORDER_FAILURE, placeOrderSchema } from "#shared/schemas/orders.ts";
import { firstIssues, formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import type { CheckoutField, CheckoutResult, CheckoutValues } from "./checkout-result.ts";

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
  const values: CheckoutValues = {
    idempotencyKey: formText(form, "idempotencyKey"),
    currency: formText(form, "currency") || "USD",
    fulfilment: formText(form, "fulfilment"),
    contactName: formText(form, "contactName"),
    contactPhone: formText(form, "contactPhone"),
    deliveryAddress: formText(form, "deliveryAddress"),
    notes: formText(form, "notes"),
  };
  const parsed = placeOrderSchema.safeParse({ ...values, products: postedLines(formText(form, "cart")) });
  if (!parsed.success) {
    return data<CheckoutResult>({ status: "error", fieldErrors: firstIssues<CheckoutField>(parsed.error), values }, { status: 400 });
  }
  try {
    const { order } = await context.services.orders.placeOrder(context.actor, parsed.data);
    return data<CheckoutResult>({ status: "placed", id: order.id, reference: order.reference });
  } catch (err) {
    const known = knownFailure(err);
    if (known) {
      const field = known.field?.split(".")[0] as CheckoutField | undefined;
      const result: CheckoutResult = field
        ? { status: "error", fieldErrors: { [field]: known.message }, values }
        : { status: "error", formError: known.message, values };
      return data<CheckoutResult>(result, { status: known.statusCode });
    }
    console.error(err);
    return data<CheckoutResult>({ status: "error", formError: ORDER_FAILURE, values }, { status: 500 });
  }
}
