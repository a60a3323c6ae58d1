// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { orderPayments, orderStatusEvents } from "#server/db/schema/commerce.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import {
  MOBILE_NUMBER_INVALID,
  MOBILE_NUMBER_REQUIRED,
  PAYNOW_NOT_AWAITING,
  PAYNOW_UNAVAILABLE,
  PAYNOW_UNREACHABLE,
  type PaymentView,
  type PaynowState,
  paynowCurrencyOnly,
} from "#shared/schemas/payments.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { freePort } from "../support/free-port.ts";
import { header, outboxMails } from "../support/outbox.ts";
import { type PaynowStandIn, startPaynowStandIn } from "../support/paynow-stand-in.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Dealers pay orders with Paynow, against a local stand-in that speaks Paynow's protocol. The app listens
 * on a real port (SITE_URL), so the stand-in posts its results to the app over HTTP as Paynow would.
 */

let t: TestApp;
let actors: Actors;
let paynow: PaynowStandIn;
let productIds: number[];

beforeAll(async () => {
  paynow = await startPaynowStandIn();
  const port = await freePort();
  t = await createTestApp({
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      PAYNOW_INTEGRATION_ID: paynow.integrationId,
      PAYNOW_INTEGRATION_KEY: paynow.integrationKey,
      PAYNOW_URL: paynow.url,
      PAYNOW_TIMEOUT_MS: "800",
    },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  actors = await createActors(t);
  // Two products (every product has a ZWG price while a rate is in force).
  const rows = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(2);
  productIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
  await paynow?.close();
});
beforeEach(() => {
  paynow.mode = "ok";
});

async function placeOrder(who: "dealer" | "otherDealer" = "dealer", currency = "USD"): Promise<OrderView> {
  const res = await actors.inject(who, {
    method: "POST",
    url: "/api/orders",
    payload: {
      idempotencyKey: randomUUID(),
      currency,
      fulfilment: "collection",
      contactName: "Farai Dealer",
      products: [
        { product_id: productIds[0], quantity: 2 },
        { product_id: productIds[1], quantity: 1 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OrderView;
}

const startPaynow = (orderId: number, payload: object, who: Parameters<Actors["inject"]>[0] = "dealer") =>
  actors.inject(who, { method: "POST", url: `/api/orders/${orderId}/paynow`, payload });
const paynowState = async (orderId: number, who: Parameters<Actors["inject"]>[0] = "dealer") =>
  actors.inject(who, { method: "GET", url: `/api/orders/${orderId}/paynow` });
const readOrder = async (orderId: number): Promise<OrderView> =>
  (await actors.inject("dealer", { method: "GET", url: `/api/orders/${orderId}` })).json() as OrderView;
const postResult = (body: string) =>
  t.inject({
    method: "POST",
    url: "/api/payments/paynow/result",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: body,
  });
const mailsAbout = async (reference: string) =>
  (await outboxMails(t.dataDir)).filter((m) => header(m, "Subject").includes(reference) && header(m, "Subject").includes("Paid"));
const paidEvents = async (orderId: number) =>
  t.database.db
    .select()
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.status, "paid")));
const paymentRow = async (reference: string) =>
  (await t.database.db.select().from(orderPayments).where(eq(orderPayments.reference, reference)))[0];

describe("paying with Paynow on the web", () => {
  it("sends the signed order total to Paynow, and Paynow's result marks the order paid with its event and e-mail", async () => {
    const order = await placeOrder();
    const res = await startPaynow(order.id, { method: "web", amount: "0.01" });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json() as PaymentView;
    expect(payment).toMatchObject({ order_id: order.id, method: "web", status: "sent", amount: order.total, currency: "USD" });
    expect(payment.reference.startsWith(`${order.reference}-`)).toBe(true);
    expect(payment.browserUrl?.startsWith(`${paynow.url}/Payment/ConfirmPayment/`)).toBe(true);

    // What Paynow received: the order's total (not the client's), our URLs and the dealer's address.
    const sent = paynow.byReference(payment.reference);
    expect(sent).toMatchObject({
      kind: "web",
      amount: order.total,
      additionalInfo: `Order ${order.reference}`,
      authEmail: actors.identity.dealer.email,
      resultUrl: `${t.config.siteUrl}/api/payments/paynow/result`,
      returnUrl: `${t.config.siteUrl}/dealer/orders?paynow=${order.id}#order-${order.id}`,
    });

    // The dealer pays on Paynow's page; Paynow posts the result and sends the browser back.
    const page = await fetch(payment.browserUrl as string);
    expect(await page.text()).toContain(">Pay</button>");
    const paid = await fetch(`${payment.browserUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(sent.returnUrl);

    const after = await readOrder(order.id);
    expect(after.status).toBe("paid");
    expect(after.paymentReference).toBe(`Paynow ${sent.paynowReference}`);
    expect(after.history.map((h) => h.status)).toEqual(["awaiting_payment", "paid"]);
    expect(after.history[1]?.note).toContain(`Paynow reference ${sent.paynowReference}`);
    expect(after.bankDetails).toBeNull();
    const mails = await mailsAbout(order.reference);
    expect(mails).toHaveLength(1);
    expect(header(mails[0] as string, "To")).toBe(actors.identity.dealer.email);

    const state = (await paynowState(order.id)).json() as PaynowState;
    expect(state).toMatchObject({ available: false, reason: PAYNOW_NOT_AWAITING, order_status: "paid" });
    expect(state.payment).toMatchObject({ status: "paid", paynowReference: sent.paynowReference, browserUrl: null });
  });

  it("a cancelled payment leaves the order awaiting payment, and the dealer can try again", async () => {
    const order = await placeOrder();
    const first = (await startPaynow(order.id, { method: "web" })).json() as PaymentView;
    expect(await paynow.settle(first.reference, "Cancelled")).toBe(200);
    expect((await paymentRow(first.reference))?.status).toBe("cancelled");
    expect((await readOrder(order.id)).status).toBe("awaiting_payment");
    const state = (await paynowState(order.id)).json() as PaynowState;
    expect(state).toMatchObject({ available: true, reason: null, payment: { status: "cancelled" } });

    const again = await startPaynow(order.id, { method: "web" });
    expect(again.statusCode).toBe(201);
    expect((again.json() as PaymentView).reference).not.toBe(first.reference);
    expect(await mailsAbout(order.reference)).toHaveLength(0);
  });
});

describe("paying with EcoCash and OneMoney", () => {
  it("pushes the payment to the dealer's phone and shows the instructions; the result marks the order paid", async () => {
    const order = await placeOrder();
    const res = await startPaynow(order.id, { method: "ecocash", phone: "+263 77 111 1111" });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json() as PaymentView;
    expect(payment).toMatchObject({ method: "ecocash", status: "sent", browserUrl: null });
    expect(payment.instructions).toContain("EcoCash PIN");
    const sent = paynow.byReference(payment.reference);
    expect(sent).toMatchObject({ kind: "mobile", method: "ecocash", phone: "0771111111", amount: order.total });
    expect(payment.paynowReference).toBe(sent.paynowReference);

    // Still waiting: a poll says so and nothing changes.
    const waiting = (await paynowState(order.id)).json() as PaynowState;
    expect(waiting).toMatchObject({ available: true, order_status: "awaiting_payment", payment: { status: "sent" } });

    expect(await paynow.settle(payment.reference, "Paid")).toBe(200);
    expect((await readOrder(order.id)).status).toBe("paid");
    expect(await mailsAbout(order.reference)).toHaveLength(1);
  });

  it("finds a OneMoney payment paid by polling Paynow, before any callback arrives", async () => {
    const order = await placeOrder();
    const payment = (await startPaynow(order.id, { method: "onemoney", phone: "0712345678" })).json() as PaymentView;
    expect(paynow.byReference(payment.reference)).toMatchObject({ method: "onemoney", phone: "0712345678" });
    paynow.setStatus(payment.reference, "Paid");
    const state = (await paynowState(order.id)).json() as PaynowState;
    expect(state).toMatchObject({ order_status: "paid", payment: { status: "paid" } });
    expect((await readOrder(order.id)).status).toBe("paid");
    expect(await paidEvents(order.id)).toHaveLength(1);
  });

  it.each([
    [{ method: "ecocash" }, MOBILE_NUMBER_REQUIRED],
    [{ method: "onemoney", phone: "  " }, MOBILE_NUMBER_REQUIRED],
    [{ method: "ecocash", phone: "0242 123 456" }, MOBILE_NUMBER_INVALID],
    [{ method: "ecocash", phone: "call me" }, MOBILE_NUMBER_INVALID],
  ])("refuses %j without a valid mobile number (400 on body.phone)", async (payload, message) => {
    const order = await placeOrder();
    const sentBefore = paynow.requests.length;
    const res = await startPaynow(order.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.phone", message }]);
    expect(paynow.requests.length).toBe(sentBefore);
  });

  it("refuses an unknown method (400)", async () => {
    const order = await placeOrder();
    const res = await startPaynow(order.id, { method: "bitcoin" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("body.method");
  });

  it("shows Paynow's refusal (insufficient balance) and leaves the order as it was", async () => {
    const order = await placeOrder();
    const res = await startPaynow(order.id, { method: "ecocash", phone: "0774444444" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Paynow could not start the payment: Insufficient balance");
    const state = (await paynowState(order.id)).json() as PaynowState;
    expect(state).toMatchObject({ available: true, order_status: "awaiting_payment", payment: { status: "failed" } });
  });
});

describe("result callbacks are believed only when they are Paynow's", () => {
  let order: OrderView;
  let payment: PaymentView;
  beforeAll(async () => {
    order = await placeOrder();
    payment = (await startPaynow(order.id, { method: "web" })).json() as PaymentView;
    paynow.setStatus(payment.reference, "Paid");
  });

  async function expectUnchanged() {
    expect((await readOrder(order.id)).status).toBe("awaiting_payment");
    expect((await paymentRow(payment.reference))?.status).toBe("sent");
    expect(await paidEvents(order.id)).toHaveLength(0);
    expect(await mailsAbout(order.reference)).toHaveLength(0);
  }

  it("refuses a result signed with another key (400)", async () => {
    const res = await postResult(paynow.resultBody(payment.reference, {}, "11111111-2222-3333-4444-555555555555"));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The message's hash does not match.");
    await expectUnchanged();
  });

  it("refuses a result whose values were changed after signing, or that has no hash (400)", async () => {
    const signed = paynow.resultBody(payment.reference);
    expect((await postResult(signed.replace("status=Paid", "status=Paid&x=1"))).statusCode).toBe(400);
    expect((await postResult(signed.replace(/&hash=[0-9A-F]+/, ""))).statusCode).toBe(400);
    expect((await postResult("")).statusCode).toBe(400);
    await expectUnchanged();
  });

  it("refuses a correctly signed result for another amount (400)", async () => {
    const res = await postResult(paynow.resultBody(payment.reference, { amount: "0.01" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The amount does not match the payment.");
    await expectUnchanged();
  });

  it("refuses a correctly signed result for a reference we never sent (404)", async () => {
    const res = await postResult(paynow.resultBody(payment.reference, { reference: `${order.reference}-FFFFFF` }));
    expect(res.statusCode).toBe(404);
    await expectUnchanged();
  });

  it("a repeated result and a racing poll mark the order paid once: one status event, one e-mail", async () => {
    const body = paynow.resultBody(payment.reference);
    const answers = await Promise.all([postResult(body), postResult(body), paynowState(order.id), postResult(body), paynowState(order.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Paynow may name the charset.
    const withCharset = await t.inject({
      method: "POST",
      url: "/api/payments/paynow/result",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      payload: body,
    });
    expect(withCharset.statusCode).toBe(200);
    expect((await readOrder(order.id)).status).toBe("paid");
    expect(await paidEvents(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.reference)).toHaveLength(1);
    expect((await paymentRow(payment.reference))?.status).toBe("paid");
  });
});

describe("marking paid while the site settings are read afresh", () => {
  it("does not wait on its own transaction (PGlite runs one at a time): the callback and an admin's confirmation both finish", async () => {
    const byPaynow = await placeOrder();
    const byAdmin = await placeOrder();
    const payment = (await startPaynow(byPaynow.id, { method: "web" })).json() as PaymentView;
    paynow.setStatus(payment.reference, "Paid");
    // The settings cache (5 s) has run out: the order's view reads them from the database again.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      const callback = await postResult(paynow.resultBody(payment.reference));
      expect(callback.statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 60_000);
      const confirmed = await actors.inject("admin", { method: "PUT", url: `/api/orders/${byAdmin.id}/confirm-payment`, payload: {} });
      expect(confirmed.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await readOrder(byPaynow.id)).status).toBe("paid");
    expect((await readOrder(byAdmin.id)).status).toBe("paid");
  }, 15_000);
});

describe("who may pay what", () => {
  it("another dealer's order is 404 to start and to read, and Paynow hears nothing", async () => {
    const sentBefore = paynow.requests.length;
    const theirs = actors.otherDealer.orderId;
    expect((await startPaynow(theirs, { method: "web" })).statusCode).toBe(404);
    expect((await paynowState(theirs)).statusCode).toBe(404);
    expect((await startPaynow(2_147_483_000, { method: "web" })).statusCode).toBe(404);
    expect(paynow.requests.length).toBe(sentBefore);
    // Its own dealer may.
    expect((await startPaynow(theirs, { method: "web" }, "otherDealer")).statusCode).toBe(201);
  });

  it("visitors are 401; users and admins 403", async () => {
    const order = await placeOrder();
    expect((await startPaynow(order.id, { method: "web" }, "anonymous")).statusCode).toBe(401);
    for (const who of ["user", "unverified", "admin", "super"] as const) {
      expect((await startPaynow(order.id, { method: "web" }, who)).statusCode, who).toBe(403);
    }
  });

  it("an order no longer awaiting payment is 409", async () => {
    const order = await placeOrder();
    const confirmed = await actors.inject("admin", { method: "PUT", url: `/api/orders/${order.id}/confirm-payment`, payload: {} });
    expect(confirmed.statusCode).toBe(200);
    const res = await startPaynow(order.id, { method: "web" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYNOW_NOT_AWAITING);
  });

  it("an order in the secondary currency is 409: the integration takes USD", async () => {
    const order = await placeOrder("dealer", "ZWG");
    const res = await startPaynow(order.id, { method: "web" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(paynowCurrencyOnly("USD"));
    expect(((await paynowState(order.id)).json() as PaynowState).available).toBe(false);
  });

  it("an open payment paid a moment ago is found before a second one is started (409)", async () => {
    const order = await placeOrder();
    const first = (await startPaynow(order.id, { method: "web" })).json() as PaymentView;
    paynow.setStatus(first.reference, "Paid");
    const res = await startPaynow(order.id, { method: "ecocash", phone: "0771111111" });
    expect(res.statusCode).toBe(409);
    expect((await readOrder(order.id)).status).toBe("paid");
    expect(paynow.transactions.filter((x) => x.reference.startsWith(order.reference))).toHaveLength(1);
  });
});

describe("when Paynow fails", () => {
  it.each([
    ["answers HTTP 500", "http500"],
    ["does not answer in time", "hang"],
    ["answers with a hash that is not ours", "badhash"],
  ] as const)("when Paynow %s: 502 with a clear message, the order unchanged, the payment failed", async (_what, mode) => {
    const order = await placeOrder();
    paynow.mode = mode;
    const started = Date.now();
    const res = await startPaynow(order.id, { method: "web" });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(PAYNOW_UNREACHABLE);
    expect(Date.now() - started).toBeLessThan(5000);
    paynow.mode = "ok";
    const after = await readOrder(order.id);
    expect(after.status).toBe("awaiting_payment");
    expect(after.history).toHaveLength(1);
    const state = (await paynowState(order.id)).json() as PaynowState;
    expect(state).toMatchObject({ available: true, payment: { status: "failed" } });
  });

  it("a poll that fails leaves the payment waiting", async () => {
    const order = await placeOrder();
    const payment = (await startPaynow(order.id, { method: "ecocash", phone: "0771111111" })).json() as PaymentView;
    paynow.setStatus(payment.reference, "Paid");
    paynow.mode = "http500";
    const state = await paynowState(order.id);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ order_status: "awaiting_payment", payment: { status: "sent" } });
  });
});

describe("without Paynow settings", () => {
  let bare: TestApp;
  let bareActors: Actors;
  beforeAll(async () => {
    bare = await createTestApp();
    bareActors = await createActors(bare);
  });
  afterAll(() => bare?.close());

  it("offers bank transfer only: starting is 409, the state says why, callbacks are refused", async () => {
    expect(bare.app.services.payments.availability()).toEqual({ enabled: false, currency: null, origin: null });
    const placed = await bareActors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        fulfilment: "collection",
        contactName: "Farai",
        products: [{ product_id: productIds[0], quantity: 1 }],
      },
    });
    const order = placed.json() as OrderView;
    expect(order.bankDetails).toBeTruthy();
    const res = await bareActors.inject("dealer", { method: "POST", url: `/api/orders/${order.id}/paynow`, payload: { method: "web" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYNOW_UNAVAILABLE);
    const state = await bareActors.inject("dealer", { method: "GET", url: `/api/orders/${order.id}/paynow` });
    expect(state.json()).toMatchObject({ available: false, reason: PAYNOW_UNAVAILABLE, payment: null });
    const callback = await bare.inject({
      method: "POST",
      url: "/api/payments/paynow/result",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "reference=x&amount=1.00&status=Paid&hash=00",
    });
    expect(callback.statusCode).toBe(409);
  });
});
