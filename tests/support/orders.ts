import { randomUUID } from "node:crypto";

export type OrderLine = { product_id: number; quantity: number };

export type OrderOptions = {
  fulfilment?: "delivery" | "collection";
  currency?: "USD" | "ZWG";
  branchId?: number;
  contactName?: string;
  deliveryCity?: string;
};

/**
 * The body of `POST /api/orders` as the checkout sends it (decision 022: one "a dealer places an order" for the API
 * and the browser tests): a new idempotency key, USD, delivery to a Harare address with a phone number unless
 * `fulfilment` says collection.
 */
export function orderRequest(products: OrderLine[], opts: OrderOptions = {}) {
  const delivery = (opts.fulfilment ?? "delivery") === "delivery";
  return {
    idempotencyKey: randomUUID(),
    currency: opts.currency ?? "USD",
    fulfilment: delivery ? "delivery" : "collection",
    contactName: opts.contactName ?? "Farai Dealer",
    contactPhone: "+263 77 123 4567",
    ...(delivery ? { deliveryAddress: "45 Lytton Road, Workington, Harare" } : {}),
    ...(opts.deliveryCity !== undefined ? { deliveryCity: opts.deliveryCity } : {}),
    ...(opts.branchId !== undefined ? { branchId: opts.branchId } : {}),
    products,
  };
}
