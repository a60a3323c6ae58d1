import { can } from "#shared/can.ts";
import type { OrderAnswer, OrderView } from "#shared/schemas/orders.ts";
import type { SignedIn } from "../../platform/auth/actor.ts";

/**
 * An order as its reader may see it, under the money rule (`can.readPastAmounts`): everything for the company's owner
 * and buyers and admins; for a company's technician every amount, the delivery fee, the bank details,
 * the rate, the proofs of payment and the payment notes of its timeline (the payment's reference) left out, the
 * lines' quantities, serials, backorders and the other steps of the timeline kept.
 */
export function orderForViewer(reader: SignedIn, view: OrderView): OrderAnswer {
  if (can.readPastAmounts(reader, view.user_id)) return view;
  return {
    ...view,
    subtotal: null,
    vat: null,
    total: null,
    subtotal_usd: null,
    vat_usd: null,
    total_usd: null,
    subtotal_secondary: null,
    vat_secondary: null,
    total_secondary: null,
    exchange_rate: null,
    delivery_fee: null,
    bankDetails: null,
    paymentReference: null,
    payment_proofs: [],
    history: view.history.map((h) => (h.status === "paid" ? { ...h, note: "" } : h)),
    charges: view.charges.map((c) => ({ ...c, amount: null })),
    products: view.products.map((l) => ({
      ...l,
      unit_price: null,
      unit_price_usd: null,
      unit_price_secondary: null,
      line_total: null,
      line_vat: null,
    })),
  };
}
