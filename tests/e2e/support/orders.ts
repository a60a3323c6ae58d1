import type { Page } from "@playwright/test";
import type { OrderView } from "#shared/schemas/orders.ts";
import { type OrderLine, type OrderOptions, orderRequest } from "../../support/orders.ts";
import { expect } from "../fixtures.ts";

/**
 * The signed-in dealer places an order through the API, as the checkout does (decision 022: a browser test makes the
 * orders it changes); the first catalogue product when no lines are given. Answers the order as the API does.
 */
export async function placeOrder(page: Page, baseURL: string, lines?: OrderLine[], opts: OrderOptions = {}): Promise<OrderView> {
  let products = lines;
  if (!products) {
    const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
    const first = ((await listed.json()) as { rows: { product_id: number }[] }).rows[0];
    if (!first) throw new Error("the catalogue has no product");
    products = [{ product_id: first.product_id, quantity: 1 }];
  }
  const placed = await page.request.post("/api/orders", { headers: { origin: baseURL }, data: orderRequest(products, opts) });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as OrderView;
}

/**
 * The signed-in account asks for a quote through the API, as the quote dialog does, with its own name and e-mail
 * address and a Harare address; answers the new quotation's id.
 */
export async function requestQuote(
  page: Page,
  baseURL: string,
  me: { fullName: string; email: string },
  products: OrderLine[],
  notes: string,
): Promise<number> {
  const res = await page.request.post("/api/quotations", {
    headers: { origin: baseURL },
    data: {
      customer_name: me.fullName,
      customer_address: "45 Lytton Road, Workington, Harare",
      customer_email: me.email,
      customer_phone: "+263 77 100 1000",
      notes,
      products,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as number;
}
