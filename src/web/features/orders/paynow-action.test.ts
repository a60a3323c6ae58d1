import { randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { createPaymentsService } from "#server/modules/payments/payments.service.ts";
import type { Actor } from "#server/platform/auth/actor.ts";
import { MOBILE_NUMBER_INVALID, PAYNOW_UNAVAILABLE, PAYNOW_UNREACHABLE } from "#shared/schemas/payments.ts";
import { type PaynowStandIn, startPaynowStandIn } from "../../../../tests/support/paynow-stand-in.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import type { WebContext } from "../../load-context.ts";
import { paynowAction } from "./paynow-action.server.ts";
import type { PaynowResult } from "./paynow-result.ts";

let t: TestApp;
let paynow: PaynowStandIn;
let dealer: Actor;
let productId: number;
const quiet = { warn() {}, error() {} };

beforeAll(async () => {
  paynow = await startPaynowStandIn();
  t = await createTestApp({
    env: {
      PAYNOW_INTEGRATION_ID: paynow.integrationId,
      PAYNOW_INTEGRATION_KEY: paynow.integrationKey,
      PAYNOW_URL: paynow.url,
      PAYNOW_TIMEOUT_MS: "500",
    },
  });
  const [p] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = p?.id as number;
  const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: await t.loginAs("dealer") });
  dealer = {
    id: me.json().id,
    roleId: 2,
    role: "dealer",
    sessionId: "test",
    emailVerified: true,
    companyUserId: me.json().id,
    teamRole: "owner",
  };
});
afterAll(async () => {
  await t?.close();
  await paynow?.close();
});
beforeEach(() => {
  paynow.mode = "ok";
});

const context = (services = t.app.services): WebContext =>
  ({ services, actor: dealer, siteUrl: "https://solar.example" }) as unknown as WebContext;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
type Answer = { data: PaynowResult; init: { status?: number } | null };

async function newOrder(): Promise<number> {
  const { order } = await t.app.services.orders.placeOrder(dealer, {
    idempotencyKey: randomUUID(),
    currency: "USD",
    paymentTerms: "cash",
    fulfilment: "collection",
    contactName: "Farai",
    contactPhone: "",
    deliveryAddress: "",
    deliveryCity: "",
    notes: "",
    products: [{ product_id: productId, quantity: 1 }],
  });
  return order.id;
}

describe("the orders page's 'Pay with Paynow' action", () => {
  it("sends the browser to Paynow's page for a web payment, with our return and result URLs", async () => {
    const orderId = await newOrder();
    const thrown = await paynowAction(form({ intent: "paynow", orderId: String(orderId), method: "web" }), context()).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("location") ?? "";
    expect(location.startsWith(`${paynow.url}/Payment/ConfirmPayment/`)).toBe(true);
    const sent = paynow.transactions.at(-1);
    expect(sent?.returnUrl).toBe(`https://solar.example/dealer/orders?paynow=${orderId}#order-${orderId}`);
    expect(sent?.resultUrl).toBe("https://solar.example/api/payments/paynow/result");
  });

  it("answers the instructions of an EcoCash payment", async () => {
    const orderId = await newOrder();
    const res = (await paynowAction(
      form({ orderId: String(orderId), method: "ecocash", phone: "077 111 1111" }),
      context(),
    )) as unknown as Answer;
    expect(res.data).toMatchObject({ status: "started", orderId, payment: { method: "ecocash", status: "sent" } });
    expect(res.data.status === "started" && res.data.payment.instructions).toContain("0771111111");
  });

  it("keeps what was typed and names the field when the number is not a mobile number", async () => {
    const orderId = await newOrder();
    const res = (await paynowAction(form({ orderId: String(orderId), method: "onemoney", phone: "12" }), context())) as unknown as Answer;
    expect(res.init?.status).toBe(400);
    expect(res.data).toEqual({
      status: "error",
      orderId,
      fieldErrors: { phone: MOBILE_NUMBER_INVALID },
      values: { method: "onemoney", phone: "12" },
    });
  });

  it("says so when Paynow is down, and when Paynow is not configured", async () => {
    const orderId = await newOrder();
    paynow.mode = "http500";
    const down = (await paynowAction(form({ orderId: String(orderId), method: "web" }), context())) as unknown as Answer;
    expect(down.init?.status).toBe(502);
    expect(down.data).toMatchObject({ status: "error", formError: PAYNOW_UNREACHABLE });

    const withoutPaynow = {
      ...t.app.services,
      payments: createPaymentsService({
        db: t.database.db,
        orders: t.app.services.orders,
        accounts: t.app.services.accounts,
        paynow: undefined,
        log: quiet,
      }),
    };
    const off = (await paynowAction(form({ orderId: String(orderId), method: "web" }), context(withoutPaynow))) as unknown as Answer;
    expect(off.init?.status).toBe(409);
    expect(off.data).toMatchObject({ status: "error", formError: PAYNOW_UNAVAILABLE });
  });
});
