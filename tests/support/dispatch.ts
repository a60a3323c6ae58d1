import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalogue.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { DispatchOrderInput } from "#shared/schemas/stock.ts";

/** The dispatch of a whole order, new serial numbers for the units of the products in `serialised`. */
function bodyFor(order: OrderView, serialised: ReadonlySet<number>, status: DispatchOrderInput["status"]): DispatchOrderInput {
  return {
    status,
    reference: `WB-${randomUUID().slice(0, 8)}`,
    note: "",
    lines: order.products
      .filter((l) => l.product_id !== null && serialised.has(l.product_id))
      .map((l) => ({
        product_id: l.product_id as number,
        serials: Array.from({ length: l.quantity }, () => `SN-${randomUUID().slice(0, 13).toUpperCase()}`),
      })),
  };
}

/** A dispatch of a whole order with new serial numbers for its serialised products' units. */
export async function dispatchBody(
  db: Db,
  order: OrderView,
  status: DispatchOrderInput["status"] = "dispatched",
): Promise<DispatchOrderInput> {
  const ids = order.products.flatMap((l) => (l.product_id === null ? [] : [l.product_id]));
  const flags = ids.length
    ? await db.select({ id: products.productId, serialised: products.serialised }).from(products).where(inArray(products.productId, ids))
    : [];
  return bodyFor(order, new Set(flags.filter((f) => f.serialised).map((f) => f.id)), status);
}

/** The same from the order as the API answers it (its lines say which are serialised): the browser suite has no database. */
export function dispatchBodyOf(order: OrderView, status: DispatchOrderInput["status"] = "dispatched"): DispatchOrderInput {
  return bodyFor(order, new Set(order.products.flatMap((l) => (l.serialised && l.product_id !== null ? [l.product_id] : []))), status);
}
