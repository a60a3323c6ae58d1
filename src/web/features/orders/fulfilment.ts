import { formatAmount } from "#shared/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";

/** How the placed order reaches the dealer, in a few words: "collection at Bulawayo", "delivery to Harare, USD 15.00 excl. VAT". */
export function fulfilmentSummary(order: Pick<OrderView, "fulfilment" | "branch" | "delivery_city" | "delivery_fee" | "currency">): string {
  if (order.fulfilment === "collection") return order.branch ? `collection at ${order.branch.name}` : "collection";
  const fee = order.delivery_fee === null ? "" : `, ${formatAmount(order.currency, order.delivery_fee)} excl. VAT`;
  return order.delivery_city ? `delivery to ${order.delivery_city}${fee}` : "delivery";
}
