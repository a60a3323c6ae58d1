import { seesPricesRole } from "#shared/roles.ts";
import type { OrderAnswer, OrderView } from "#shared/schemas/orders.ts";
import type { SignedIn } from "../../platform/auth/actor.ts";

/**
 * An order as its reader may see it: everything for those who see prices; for a company's technician (issue 25 §4)
 * every amount, the delivery fee, the bank details and the rate left out, the lines' quantities, serials and
 * backorders kept.
 */
export function orderForViewer(reader: SignedIn, view: OrderView): OrderAnswer {
  if (seesPricesRole(reader.role)) return view;
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
