import { expect } from "vitest";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { Actors } from "./actors.ts";
import { type OrderLine, orderRequest } from "./orders.ts";

/**
 * The demo dealer's order for collection, placed through the API and its bank transfer confirmed by an admin: the
 * payment's transaction issues its tax invoice (and queues it for FDMS when FDMS is on). The order as placed.
 */
export async function placePaidOrder(actors: Actors, products: OrderLine[]): Promise<OrderView> {
  const placed = await actors.inject("dealer", {
    method: "POST",
    url: "/api/orders",
    payload: orderRequest(products, { fulfilment: "collection" }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as OrderView;
  const paid = await actors.inject("admin", { method: "PUT", url: `/api/orders/${order.id}/confirm-payment`, payload: {} });
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}
