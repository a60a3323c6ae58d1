import { randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import type { Actor } from "#server/platform/auth/actor.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import type { WebContext } from "../../load-context.ts";
import { checkoutAction } from "./checkout-action.server.ts";
import type { CheckoutResult } from "./checkout-result.ts";

let t: TestApp;
let productId: number;
let dealerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = p?.id as number;
  const res = await t.inject({ method: "GET", url: "/api/auth/me", headers: await t.loginAs("dealer") });
  dealerId = res.json().id ?? res.json().user?.id;
});
afterAll(() => t?.close());

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/checkout", { method: "POST", body: new URLSearchParams(fields) });
}
function context(actor: Actor): WebContext {
  return { services: t.app.services, actor } as WebContext;
}
const dealer = (): Actor => ({
  id: dealerId,
  roleId: 2,
  role: "dealer",
  sessionId: "test",
  emailVerified: true,
  companyUserId: dealerId,
  teamRole: "owner",
});
type Answer = { data: CheckoutResult; init: { status?: number } | null };

describe("the checkout page's action", () => {
  it("places the order once for the same page view, and answers its reference", async () => {
    const fields = {
      idempotencyKey: randomUUID(),
      currency: "USD",
      fulfilment: "collection",
      contactName: "Farai Dealer",
      cart: JSON.stringify([{ product_id: productId, quantity: 2, price: "0.01" }]),
    };
    const first = (await checkoutAction(post(fields), context(dealer()))) as unknown as Answer;
    const second = (await checkoutAction(post(fields), context(dealer()))) as unknown as Answer;
    expect(first.data).toMatchObject({ status: "placed", reference: expect.stringMatching(/^ORD-\d{4}-\d{6}$/) });
    expect(second.data).toEqual(first.data);
  });

  it("collects from the branch chosen, or delivers to the city chosen with its fee (issue 23 §5)", async () => {
    const [, bulawayo] = await t.app.services.stock.branches();
    const cart = JSON.stringify([{ product_id: productId, quantity: 1 }]);
    const collected = (await checkoutAction(
      post({ idempotencyKey: randomUUID(), fulfilment: "collection", contactName: "Farai", branchId: String(bulawayo?.id), cart }),
      context(dealer()),
    )) as unknown as Answer;
    expect(collected.data).toMatchObject({ status: "placed", fulfilment: "collection at Bulawayo" });
    const delivered = (await checkoutAction(
      post({
        idempotencyKey: randomUUID(),
        fulfilment: "delivery",
        contactName: "Farai",
        contactPhone: "+263 77 123 4567",
        deliveryAddress: "1 Main Street, Gweru",
        deliveryCity: "Gweru",
        // A branch posted with a delivery is not the dealer's to choose.
        branchId: "999999",
        cart,
      }),
      context(dealer()),
    )) as unknown as Answer;
    expect(delivered.data).toMatchObject({ status: "placed", fulfilment: "delivery to Gweru, USD\u00a045.00 excl. VAT" });
  });

  it("answers field errors and keeps what was typed", async () => {
    const fields = { idempotencyKey: randomUUID(), fulfilment: "delivery", contactName: "Farai", cart: "not json" };
    const res = (await checkoutAction(post(fields), context(dealer()))) as unknown as Answer;
    expect(res.init?.status).toBe(400);
    expect(res.data).toMatchObject({
      status: "error",
      fieldErrors: { products: "Your cart is empty.", deliveryAddress: "Delivery address is required." },
      values: { contactName: "Farai", idempotencyKey: fields.idempotencyKey },
    });
  });

  it("names the product the server refused", async () => {
    const fields = {
      idempotencyKey: randomUUID(),
      fulfilment: "collection",
      contactName: "Farai",
      cart: JSON.stringify([{ product_id: 2_147_483_000, quantity: 1 }]),
    };
    const res = (await checkoutAction(post(fields), context(dealer()))) as unknown as Answer;
    expect(res.init?.status).toBe(400);
    expect(res.data).toMatchObject({
      status: "error",
      fieldErrors: { products: "Product 2147483000 is no longer available: remove it from your cart and try again." },
    });
  });

  it("puts the order on the company's account once it is on terms, and says a refusal next to How you pay (decision 034)", async () => {
    const fields = () => ({
      idempotencyKey: randomUUID(),
      fulfilment: "collection",
      contactName: "Farai",
      paymentTerms: "account",
      cart: JSON.stringify([{ product_id: productId, quantity: 1 }]),
    });
    const terms = async (payload: { terms: string; limit: string }) => {
      // Terms are a sensitive change (decision 035): the owner gives a fresh code first.
      const headers = await t.loginAs("super");
      await t.stepUp("super", headers);
      const res = await t.inject({ method: "PUT", url: `/api/dealers/${dealerId}/credit`, headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The demo dealer buys on account: on cash terms first, for the refusal.
    await terms({ terms: "cash", limit: "0" });
    const refused = (await checkoutAction(post(fields()), context(dealer()))) as unknown as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      status: "error",
      fieldErrors: { paymentTerms: expect.stringContaining("pay for the order before dispatch") },
      values: { paymentTerms: "account" },
    });

    await terms({ terms: "net14", limit: "100000.00" });
    const placed = (await checkoutAction(post(fields()), context(dealer()))) as unknown as Answer;
    expect(placed.data).toMatchObject({ status: "placed", dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const cash = (await checkoutAction(post({ ...fields(), paymentTerms: "" }), context(dealer()))) as unknown as Answer;
    expect(cash.data).toMatchObject({ status: "placed", dueOn: null });
  });

  it("refuses a visitor with the service's message", async () => {
    const fields = {
      idempotencyKey: randomUUID(),
      fulfilment: "collection",
      contactName: "X",
      cart: JSON.stringify([{ product_id: productId, quantity: 1 }]),
    };
    const res = (await checkoutAction(post(fields), context(null))) as unknown as Answer;
    expect(res.init?.status).toBe(401);
    expect(res.data.status).toBe("error");
  });
});
