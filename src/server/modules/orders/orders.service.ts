import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import { orderPlacing } from "./order-placing.ts";
import { orderReading } from "./order-reading.ts";
import { orderStatusChanges } from "./order-status.ts";
import { type OrdersDeps, orderViews } from "./order-views.ts";

export type { OrderListQuery } from "./order-reading.ts";
export { CANCEL_REASON_REQUIRED } from "./order-status.ts";

/**
 * The orders: placed from a dealer's cart (or an accepted quotation), read by their company and the back office, and
 * moved on by the back office or a payment provider. This file puts together the parts, one file each:
 * order-placing.ts, order-reading.ts and order-status.ts, on the views of order-views.ts.
 */
export function createOrdersService({ now = () => new Date(), siteUrl = DEFAULT_LINK_ORIGIN, ...deps }: OrdersDeps) {
  const parts = { ...deps, now, siteUrl };
  const read = orderViews(parts);
  return {
    ...orderPlacing(parts, read),
    ...orderReading(parts, read),
    ...orderStatusChanges(parts, read),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
