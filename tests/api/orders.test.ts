// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { orders } from "#server/db/schema/commerce.ts";
import { CANCEL_REASON_REQUIRED } from "#server/modules/orders/orders.service.ts";
import { centsToDecimal, convertCents, vatCents } from "#shared/money.ts";
import { ORDER_STATUSES, type OrderView } from "#shared/schemas/orders.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { dispatchBody } from "../support/dispatch.ts";
import { decoded, header, outboxMails as readOutbox } from "../support/outbox.ts";
import { silver } from "../support/prices.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let actors: Actors;
/**
 * Two products whose ZWG price is their USD price at the rate in force, with that price worked out here,
 * and the demo's one product with a ZWG price set by hand (`override`).
 */
let priced: { id: number; name: string; priceUsd: string; priceZwl: string | null }[];
let override: { id: number; name: string; priceUsd: string; priceZwl: string | null } | undefined;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const rows = await t.database.db
    .select({ id: products.productId, name: products.productName, priceUsd: products.priceUsd, priceZwl: products.priceZwl })
    .from(products)
    .orderBy(asc(products.productId));
  const rate = await t.app.services.rates.exchangeRateOn("ZWG");
  if (!rate) throw new Error("the demo has no ZWG rate in force");
  const atRate = (usd: string) => centsToDecimal(convertCents(BigInt(cents(usd)), rate.rate));
  // The demo dealer's prices: Silver, 5 % off the list; the ZWG price is that at the rate.
  priced = rows
    .filter((p) => p.priceZwl === null)
    .slice(0, 2)
    .map((p) => ({ ...p, priceUsd: silver(p.priceUsd), priceZwl: atRate(silver(p.priceUsd)) }));
  // The demo's one product with a ZWG list price set by hand: the Silver dealer pays 5 % off both.
  const own = rows.find((p) => p.priceZwl !== null);
  override = own && { ...own, priceUsd: silver(own.priceUsd), priceZwl: silver(own.priceZwl as string) };
});
afterAll(() => t?.close());

const outboxMails = () => readOutbox(t.dataDir);
/** The demo dealer as the services see it: the owner of its company. */
const demoDealerActor = () => ({
  id: actors.identity.dealer.id,
  roleId: 2,
  role: "dealer" as const,
  sessionId: "x",
  emailVerified: true,
  companyUserId: actors.identity.dealer.id,
  teamRole: "owner" as const,
});
const cents = (v: string) => Math.round(Number(v) * 100);

function order(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    currency: "USD",
    fulfilment: "delivery",
    contactName: "Farai Dealer",
    contactPhone: "+263 77 123 4567",
    deliveryAddress: "45 Lytton Road, Workington, Harare",
    notes: "Gate code 1234",
    products: [
      { product_id: priced[0]?.id, quantity: 2 },
      { product_id: priced[1]?.id, quantity: 1 },
    ],
    ...overrides,
  };
}

const place = (payload: object, who: Parameters<Actors["inject"]>[0] = "dealer") =>
  actors.inject(who, { method: "POST", url: "/api/orders", payload });

async function orderCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

describe("POST /api/orders", () => {
  it("places the order at the catalogue's dealer prices, whatever the client sends, and e-mails the dealer and the company", async () => {
    const mailsBefore = (await outboxMails()).length;
    const res = await place(
      order({
        products: [
          { product_id: priced[0]?.id, quantity: 2, price: "0.01", unit_price: "0.01" },
          { product_id: priced[1]?.id, quantity: 1, price_usd: "0.01" },
        ],
        total: "0.02",
        totalUsd: "0.02",
        status: "completed",
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as OrderView;
    const [a, b] = priced as [(typeof priced)[0], (typeof priced)[0]];
    expect(body).toMatchObject({
      user_id: actors.identity.dealer.id,
      status: "awaiting_payment",
      currency: "USD",
      fulfilment: "delivery",
      deliveryAddress: "45 Lytton Road, Workington, Harare",
      contactPhone: "+263 77 123 4567",
      bankDetails: DEFAULT_SITE_SETTINGS.bankDetails,
    });
    expect(body.reference).toMatch(new RegExp(`^ORD-\\d{4}-${String(body.id).padStart(6, "0")}$`));
    expect(body.products.map((l) => [l.product_id, l.quantity, l.unit_price])).toEqual([
      [a.id, 2, a.priceUsd],
      [b.id, 1, b.priceUsd],
    ]);
    // Delivery to the city the address names, at the admins' fee: a line of the order, with VAT.
    expect([body.delivery_city, body.delivery_fee, body.branch?.name]).toEqual(["Harare", "15.00", "Harare"]);
    // Prices exclude VAT; the order adds VAT at the rate of its day (15.5 % in 2026), rounded once on the rate's sum
    // (decision 031).
    expect(cents(body.subtotal)).toBe(cents(a.priceUsd) * 2 + cents(b.priceUsd) + 1500);
    const vat = Number(vatCents(BigInt(cents(a.priceUsd) * 2 + cents(b.priceUsd) + 1500), "15.50"));
    expect(body.vat_rate).toBe("15.50");
    expect(cents(body.vat)).toBe(vat);
    expect(cents(body.total)).toBe(cents(body.subtotal) + vat);
    expect([body.subtotal_usd, body.vat_usd, body.total_usd]).toEqual([body.subtotal, body.vat, body.total]);
    expect(body.products.map((l) => [l.vat_rate, l.vat_category, l.hs_code])).toEqual([
      ["15.50", "standard", expect.stringMatching(/^\d{8}$/)],
      ["15.50", "standard", expect.stringMatching(/^\d{8}$/)],
    ]);
    // The same order in ZWG at the frozen rate, VAT included.
    expect(body.secondary_currency).toBe("ZWG");
    expect(cents(body.subtotal_secondary as string)).toBeGreaterThan(cents(a.priceZwl as string) * 2 + cents(b.priceZwl as string));
    expect(cents(body.total_secondary as string)).toBe(cents(body.subtotal_secondary as string) + cents(body.vat_secondary as string));
    expect(body.invoice).toBeNull();
    expect(body.history.map((h) => h.status)).toEqual(["awaiting_payment"]);

    const mails = (await outboxMails()).slice(mailsBefore);
    expect(mails).toHaveLength(2);
    const toDealer = mails.find((m) => header(m, "To") === actors.identity.dealer.email) as string;
    const toCompany = mails.find((m) => header(m, "To") === DEFAULT_SITE_SETTINGS.salesEmail) as string;
    expect(header(toDealer, "Subject")).toContain(body.reference);
    expect(decoded(toDealer)).toContain("Demo Bank Zimbabwe");
    expect(decoded(toDealer)).toContain(body.reference);
    expect(header(toCompany, "Subject")).toContain(`New order ${body.reference}`);
  });

  it("prices an order in the secondary currency from price_zwl, and refuses a product without one", async () => {
    const res = await place(order({ currency: "ZWG" }));
    expect(res.statusCode).toBe(201);
    const body = res.json() as OrderView;
    const [a, b] = priced as [(typeof priced)[0], (typeof priced)[0]];
    expect(body.currency).toBe("ZWG");
    expect(body.products.map((l) => l.unit_price)).toEqual([a.priceZwl, b.priceZwl]);
    // The delivery fee in ZWG too, at the same rate.
    expect(cents(body.subtotal)).toBe(cents(a.priceZwl as string) * 2 + cents(b.priceZwl as string) + cents(body.delivery_fee as string));
    expect(cents(body.total)).toBe(cents(body.subtotal) + cents(body.vat));
    expect(body.total).toBe(body.total_secondary);
    expect(cents(body.subtotal_usd)).toBe(cents(a.priceUsd) * 2 + cents(b.priceUsd) + 1500);

    // A product's ZWG price set by hand is its price in ZWG, whatever the rate.
    const own = await place(order({ currency: "ZWG", products: [{ product_id: override?.id, quantity: 1 }] }));
    expect(own.statusCode).toBe(201);
    expect((own.json() as OrderView).products[0]?.unit_price).toBe(override?.priceZwl);
    // The secondary currency is the site's: ZWL is refused while the setting says ZWG.
    const zwl = await place(order({ currency: "ZWL" }));
    expect(zwl.statusCode).toBe(400);
    expect(zwl.json().issues[0].path).toBe("body.currency");
  });

  it("two identical submits with the same idempotency key create one order", async () => {
    const payload = order();
    const before = await orderCount();
    const first = await place(payload);
    const second = await place(payload);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    // At the same moment, too.
    const racing = order();
    const [x, y] = await Promise.all([place(racing), place(racing)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 201]);
    expect(x.json().id).toBe(y.json().id);
    expect(await orderCount()).toBe(before + 2);
    // The key is the dealer's own: another dealer using the same key gets an order of its own.
    const other = await place(payload, "otherDealer");
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it("collection needs no address; delivery needs the address and a phone", async () => {
    const collect = await place(order({ fulfilment: "collection", deliveryAddress: "", contactPhone: "" }));
    expect(collect.statusCode).toBe(201);
    expect(collect.json().fulfilment).toBe("collection");
    const res = await place(order({ deliveryAddress: " ", contactPhone: "" }));
    expect(res.statusCode).toBe(400);
    const paths = (res.json().issues as { path: string }[]).map((i) => i.path).sort();
    expect(paths).toEqual(["body.contactPhone", "body.deliveryAddress"]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["no products", { products: [] }, "body.products"],
    ["quantity 0", { products: [{ product_id: 1, quantity: 0 }] }, "body.products.0.quantity"],
    ["101 lines", { products: Array.from({ length: 101 }, (_, i) => ({ product_id: i + 1, quantity: 1 })) }, "body.products"],
    ["no idempotency key", { idempotencyKey: undefined }, "body.idempotencyKey"],
    ["a key that is not a UUID", { idempotencyKey: "1" }, "body.idempotencyKey"],
    ["no name", { contactName: "" }, "body.contactName"],
    ["an unknown fulfilment", { fulfilment: "drone" }, "body.fulfilment"],
  ];
  for (const [what, overrides, path] of refusals) {
    it(`refuses ${what} (400 on ${path})`, async () => {
      const res = await place(order(overrides));
      expect(res.statusCode).toBe(400);
      expect((res.json().issues as { path: string }[]).map((i) => i.path)).toContain(path);
    });
  }

  it("refuses an unknown product, naming the field, and stores nothing", async () => {
    const before = await orderCount();
    const res = await place(
      order({
        products: [
          { product_id: priced[0]?.id, quantity: 1 },
          { product_id: 2_147_483_000, quantity: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: "body.products.1.product_id", message: "Product 2147483000 is no longer available: remove it from your cart and try again." },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it("refuses visitors (401), users, unverified accounts and admins (403)", async () => {
    const before = await orderCount();
    expect((await place(order(), "anonymous")).statusCode).toBe(401);
    for (const who of ["user", "unverified", "admin", "super"] as const) {
      expect((await place(order(), who)).statusCode, who).toBe(403);
    }
    expect(await orderCount()).toBe(before);
  });
});

describe("GET /api/orders/preview (the dealer cart's prices)", () => {
  it("answers a dealer's unit prices and exact totals in both currencies, lines merged, unknown products listed", async () => {
    const [a, b] = priced;
    if (!a || !b || !override) throw new Error("the demo catalogue lacks the products this test needs");
    const res = await actors.inject("dealer", {
      method: "GET",
      url: `/api/orders/preview?lines=${a.id}x2,${b.id}x1,${a.id}x1,999999x3`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines).toEqual([
      expect.objectContaining({ product_id: a.id, quantity: 3, unit_price_usd: a.priceUsd, unit_price_secondary: a.priceZwl }),
      expect.objectContaining({ product_id: b.id, quantity: 1, unit_price_usd: b.priceUsd, unit_price_secondary: b.priceZwl }),
    ]);
    expect(body.missing).toEqual([999999]);
    expect(cents(body.subtotal_usd)).toBe(cents(a.priceUsd) * 3 + cents(b.priceUsd));
    expect(cents(body.subtotal_secondary)).toBe(cents(a.priceZwl ?? "0") * 3 + cents(b.priceZwl ?? "0"));
    expect(body.vat_rate).toBe("15.50");
    expect(cents(body.total_usd)).toBe(cents(body.subtotal_usd) + cents(body.vat_usd));
    expect(cents(body.vat_usd)).toBe(Number(vatCents(BigInt(cents(a.priceUsd) * 3 + cents(b.priceUsd)), "15.50")));
    expect(body.secondary_currency).toBe(DEFAULT_SITE_SETTINGS.secondaryCurrency);

    // A product with its ZWG price set by hand: that price, in the total too.
    const mixed = (await actors.inject("dealer", { method: "GET", url: `/api/orders/preview?lines=${a.id}x1,${override.id}x1` })).json();
    expect(mixed.lines[1].unit_price_secondary).toBe(override.priceZwl);
    expect(cents(mixed.subtotal_secondary)).toBe(cents(a.priceZwl ?? "0") + cents(override.priceZwl ?? "0"));
  });

  it("is for dealers only, and refuses lines that are not product id x quantity", async () => {
    const url = `/api/orders/preview?lines=${priced[0]?.id}x1`;
    expect((await actors.inject("anonymous", { method: "GET", url })).statusCode).toBe(401);
    expect((await actors.inject("user", { method: "GET", url })).statusCode).toBe(403);
    expect((await actors.inject("admin", { method: "GET", url })).statusCode).toBe(403);
    expect((await actors.inject("dealer", { method: "GET", url: "/api/orders/preview?lines=1;drop" })).statusCode).toBe(400);
  });
});

describe("reading orders", () => {
  it("a dealer's list holds its own orders, newest first", async () => {
    const res = await actors.inject("dealer", { method: "GET", url: "/api/orders/mine" });
    expect(res.statusCode).toBe(200);
    const list = res.json() as OrderView[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((o) => o.user_id === actors.identity.dealer.id)).toBe(true);
    expect(list.map((o) => o.id)).not.toContain(actors.otherDealer.orderId);
    const times = list.map((o) => Date.parse(o.created_At));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("a dealer reading another dealer's order gets 404; its owner and an admin read it", async () => {
    const url = `/api/orders/${actors.otherDealer.orderId}`;
    const res = await actors.inject("dealer", { method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Samora");
    expect((await actors.inject("otherDealer", { method: "GET", url })).statusCode).toBe(200);
    expect((await actors.inject("admin", { method: "GET", url })).statusCode).toBe(200);
    expect((await actors.inject("anonymous", { method: "GET", url })).statusCode).toBe(401);
  });

  it("admins list every order, optionally by status", async () => {
    const res = await actors.inject("admin", { method: "GET", url: "/api/orders?status=awaiting_payment&pageSize=48" });
    expect(res.statusCode).toBe(200);
    const { rows, count: total } = res.json() as { rows: OrderView[]; count: number };
    expect(total).toBeGreaterThan(0);
    expect(rows.every((o) => o.status === "awaiting_payment")).toBe(true);
    expect((await actors.inject("dealer", { method: "GET", url: "/api/orders" })).statusCode).toBe(403);
  });
});

describe("payment and status changes", () => {
  async function placed(overrides: Record<string, unknown> = {}): Promise<OrderView> {
    const res = await place(order(overrides));
    expect(res.statusCode).toBe(201);
    return res.json() as OrderView;
  }
  const put = (who: Parameters<Actors["inject"]>[0], url: string, payload: object) => actors.inject(who, { method: "PUT", url, payload });

  it("an admin confirms the payment: the dealer sees it paid, with the timeline, and gets an e-mail", async () => {
    const o = await placed();
    const mailsBefore = (await outboxMails()).length;
    const res = await put("admin", `/api/orders/${o.id}/confirm-payment`, { paymentReference: "ZIPIT 99887766" });
    expect(res.statusCode).toBe(200);

    const seen = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${o.id}` })).json() as OrderView;
    expect(seen.status).toBe("paid");
    expect(seen.paymentReference).toBe("ZIPIT 99887766");
    expect(seen.bankDetails).toBeNull();
    expect(seen.history.map((h) => h.status)).toEqual(["awaiting_payment", "paid"]);
    expect(seen.history[1]?.changed_by).toBe(actors.identity.admin.fullName);

    // The status mail, and the tax invoice with its PDF.
    const mails = (await outboxMails()).slice(mailsBefore);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => header(m, "To"))).toEqual([actors.identity.dealer.email, actors.identity.dealer.email]);
    expect(mails.some((m) => header(m, "Subject")?.includes(`Order ${o.reference}: Paid`))).toBe(true);
    const invoiceMail = mails.find((m) => header(m, "Subject")?.startsWith("Tax invoice INV-")) as string;
    expect(invoiceMail).toContain("application/pdf");
    expect(seen.invoice?.number).toMatch(/^INV-2026-\d{6}$/);
    expect(header(invoiceMail, "Subject")).toContain(seen.invoice?.number);

    // Paying twice is not a move the order can make.
    expect((await put("admin", `/api/orders/${o.id}/confirm-payment`, {})).statusCode).toBe(409);
  });

  it("walks a delivery order to completed, one e-mail per change", async () => {
    const o = await placed();
    const mailsBefore = (await outboxMails()).length;
    for (const status of ["paid", "processing", "dispatched", "completed"]) {
      const res =
        status === "dispatched"
          ? await actors.inject("admin", {
              method: "POST",
              url: `/api/orders/${o.id}/dispatch`,
              payload: await dispatchBody(t.database.db, o),
            })
          : await put("admin", `/api/orders/${o.id}/status`, { status });
      expect(res.statusCode, status).toBe(200);
    }
    const final = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${o.id}` })).json() as OrderView;
    expect(final.history.map((h) => h.status)).toEqual(["awaiting_payment", "paid", "processing", "dispatched", "completed"]);
    // One e-mail per change, and the tax invoice when it is paid.
    expect((await outboxMails()).length - mailsBefore).toBe(5);
  });

  it("refuses illegal moves with 409 and leaves the order as it was", async () => {
    const delivery = await placed();
    const collection = await placed({ fulfilment: "collection" });
    // Not paid yet: no processing, no completing.
    expect((await put("admin", `/api/orders/${delivery.id}/status`, { status: "processing" })).statusCode).toBe(409);
    expect((await put("admin", `/api/orders/${delivery.id}/status`, { status: "completed" })).statusCode).toBe(409);
    // A delivery order is never ready for collection, a collection order never dispatched.
    for (const id of [delivery.id, collection.id]) {
      expect((await put("admin", `/api/orders/${id}/status`, { status: "paid" })).statusCode).toBe(200);
      expect((await put("admin", `/api/orders/${id}/status`, { status: "processing" })).statusCode).toBe(200);
    }
    expect((await put("admin", `/api/orders/${delivery.id}/status`, { status: "ready_for_collection" })).statusCode).toBe(409);
    expect((await put("admin", `/api/orders/${collection.id}/status`, { status: "dispatched" })).statusCode).toBe(409);
    // Cancelling is only before processing.
    expect((await put("admin", `/api/orders/${delivery.id}/status`, { status: "cancelled", note: "Out of stock." })).statusCode).toBe(409);
    const cancel = await placed();
    // Cancelling needs the reason the dealer is told.
    const noReason = await put("admin", `/api/orders/${cancel.id}/status`, { status: "cancelled" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(CANCEL_REASON_REQUIRED);
    expect((await put("admin", `/api/orders/${cancel.id}/status`, { status: "cancelled", note: "Out of stock." })).statusCode).toBe(200);
    expect((await put("admin", `/api/orders/${cancel.id}/status`, { status: "paid" })).statusCode).toBe(409);
    // Every accepted move is in the audit log; refused ones are not.
    const log = await actors.inject("admin", { method: "GET", url: `/api/audit?entity=order&q=Order%20${cancel.id}:` });
    expect(log.json().rows.map((e: { action: string; after: unknown }) => [e.action, e.after])).toEqual([
      ["cancel", { status: "cancelled", paymentReference: null, note: "Out of stock." }],
    ]);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, delivery.id));
    expect(row?.status).toBe("processing");
    expect((await put("admin", `/api/orders/${delivery.id}/status`, { status: "shipped" })).statusCode).toBe(400);
  });

  it("dealers cannot confirm payments or move orders, not even their own", async () => {
    const o = await placed();
    expect((await put("dealer", `/api/orders/${o.id}/confirm-payment`, {})).statusCode).toBe(403);
    expect((await put("dealer", `/api/orders/${o.id}/status`, { status: "cancelled" })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe("awaiting_payment");
  });
});

describe("checkout preview", () => {
  it("prices a cart for dealers in both currencies and lists unknown products", async () => {
    const [a] = priced as [(typeof priced)[0]];
    const dealer = demoDealerActor();
    const preview = await t.app.services.orders.previewOrder(dealer, [
      { product_id: a.id, quantity: 2 },
      { product_id: a.id, quantity: 1 },
      { product_id: 2_147_483_000, quantity: 1 },
    ]);
    expect(preview.lines).toEqual([
      expect.objectContaining({ product_id: a.id, quantity: 3, unit_price_usd: a.priceUsd, unit_price_secondary: a.priceZwl }),
    ]);
    expect(cents(preview.subtotal_usd)).toBe(cents(a.priceUsd) * 3);
    expect(preview.missing).toEqual([2_147_483_000]);
    expect(preview.secondary_currency).toBe("ZWG");
    await expect(t.app.services.orders.previewOrder(null, [])).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("schema", () => {
  it("the database and the shared schema know the same statuses", () => {
    expect([...orders.status.enumValues]).toEqual([...ORDER_STATUSES]);
  });

  it("stores the idempotency key with the order", async () => {
    const rows = await t.database.db.select({ n: count() }).from(orders).where(isNotNull(orders.idempotencyKey));
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});

describe("status changes with the site settings read afresh", () => {
  it("confirms a payment when the settings cache has expired (no query waits for the open transaction)", async () => {
    const o = (await place(order())).json() as OrderView;
    // The settings are cached for a few seconds; a minute later they are read from the database again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    try {
      const res = await actors.inject("admin", { method: "PUT", url: `/api/orders/${o.id}/confirm-payment`, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe("paid");
    } finally {
      vi.useRealTimers();
    }
  }, 15_000);
});

describe("the back office's list and CSV export", () => {
  it("searches by reference, number and dealer name, and exports the same rows as CSV", async () => {
    const o = (await place(order())).json() as OrderView;
    const other = (await place(order({ contactName: "Export Contact" }))).json() as OrderView;
    const search = async (q: string) =>
      (await actors.inject("admin", { method: "GET", url: `/api/orders?q=${encodeURIComponent(q)}&pageSize=100` }))
        .json()
        .rows.map((r: OrderView) => r.id);
    expect(await search(o.reference)).toEqual([o.id]);
    expect(await search(String(o.id))).toContain(o.id);
    expect(await search("Export Contact")).toEqual([other.id]);
    const dealerName = (await actors.inject("dealer", { method: "GET", url: "/api/auth/me" })).json().fullName as string;
    expect(await search(dealerName)).toEqual(expect.arrayContaining([o.id, other.id]));
    expect(await search("nobody-like-this")).toEqual([]);

    const csv = await actors.inject("admin", { method: "GET", url: `/api/orders/export.csv?q=${o.reference}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${o.reference},`)).toBe(true);
    expect(lines[1]).toContain("Placed – awaiting payment");
    // The company and the person both, and the date in the exports' one form (ISO, Harare time).
    expect(lines[0]?.startsWith("Reference,Placed,Dealer company,Dealer,")).toBe(true);
    const company = (await actors.inject("admin", { method: "GET", url: `/api/dealer/${actors.identity.dealer.id}` })).json()
      .registered_company as string;
    expect(lines[1]).toMatch(/^[^,]+,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00,/);
    expect(lines[1]).toContain(`,${company},${dealerName},`);
    expect((await actors.inject("dealer", { method: "GET", url: "/api/orders/export.csv" })).statusCode).toBe(403);
  });
});

describe("a product deleted after it went into a cart (issue 17 §8)", () => {
  it("is named as no longer available: the cart's check leaves it out, the preview lists it as missing, placing refuses it with a clear message", async () => {
    const rows = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId));
    const keep = new Set([priced[0]?.id, priced[1]?.id, override?.id]);
    const doomed = rows.map((r) => r.id).findLast((id) => !keep.has(id)) as number;
    const removed = await actors.inject("admin", { method: "DELETE", url: `/api/products/delete-product/${doomed}` });
    expect(removed.statusCode).toBe(200);

    const ids = [priced[0]?.id as number, doomed];
    expect(await t.app.services.catalogue.existingProductIds(ids)).toEqual([priced[0]?.id]);
    const dealer = demoDealerActor();
    const preview = await t.app.services.orders.previewOrder(dealer, [
      { product_id: priced[0]?.id as number, quantity: 1 },
      { product_id: doomed, quantity: 2 },
    ]);
    expect(preview.missing).toEqual([doomed]);
    expect(preview.lines.map((l) => l.product_id)).toEqual([priced[0]?.id]);

    const before = await orderCount();
    const res = await place(
      order({
        products: [
          { product_id: priced[0]?.id, quantity: 1 },
          { product_id: doomed, quantity: 2 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Product ${doomed} is no longer available: remove it from your cart and try again.`);
    expect(await orderCount()).toBe(before);

    const quote = await t.inject({
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: "Chiedza Requester",
        customer_address: "12 Herbert Chitepo Avenue, Mutare",
        customer_email: "gone-product@example.com",
        customer_phone: "+263 77 555 0101",
        products: [{ product_id: doomed, quantity: 1 }],
      },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().issues).toEqual([{ path: "body.products.0.product_id", message: `Product ${doomed} is no longer available.` }]);
  });
});

describe("ZWG prices come from the exchange rate in force (issue 21)", () => {
  it("a rate entered for today reprices every product without an override, to the cent; an override stays; a placed order keeps its rate and amounts", async () => {
    const [a] = priced as [(typeof priced)[0]];
    let day = new Date("2026-11-26T08:00:00Z");
    const dated = await createTestApp({ now: () => day });
    try {
      const people = await createActors(dated);
      const preview = async () =>
        (await people.inject("dealer", { method: "GET", url: `/api/orders/preview?lines=${a.id}x1,${override?.id}x1` })).json();
      const before = await preview();
      const placed = await people.inject("dealer", {
        method: "POST",
        url: "/api/orders",
        payload: order({ currency: "ZWG", products: [{ product_id: a.id, quantity: 2 }] }),
      });
      expect(placed.statusCode).toBe(201);
      const frozen = placed.json() as OrderView;
      expect(frozen).toMatchObject({ exchange_rate: "26.8015", rate_date: "2026-11-24" });
      expect(before.lines[0].unit_price_secondary).toBe(centsToDecimal(convertCents(BigInt(cents(a.priceUsd)), "26.8015")));
      // Decision 035: a rate is the Owner's, after a code given again.
      await people.stepUp("super", people.headers("super"));
      const posted = await people.inject("super", {
        method: "POST",
        url: "/api/exchange-rates",
        payload: { rate: "30.1234", effective_date: "2026-11-26", source: "RBZ interbank mid-rate" },
      });
      expect(posted.statusCode).toBe(201);
      const after = await preview();
      expect(after.lines[0].unit_price_secondary).toBe(centsToDecimal(convertCents(BigInt(cents(a.priceUsd)), "30.1234")));
      expect(after.lines[1].unit_price_secondary).toBe(override?.priceZwl);
      // The order placed before keeps its amounts and its rate.
      const reread = (await people.inject("dealer", { method: "GET", url: `/api/orders/${frozen.id}` })).json() as OrderView;
      expect(reread).toMatchObject({ total: frozen.total, exchange_rate: "26.8015", rate_date: "2026-11-24" });
      expect(reread.products[0]?.unit_price).toBe(before.lines[0].unit_price_secondary);
      // The product answer names the rate and its day; an override names none.
      const product = (await people.inject("dealer", { method: "GET", url: `/api/products/get-product-by-id/${a.id}` })).json()[0];
      expect(product).toMatchObject({ price_zwl: after.lines[0].unit_price_secondary, exchange_rate: "30.1234", rate_date: "2026-11-26" });
      const own = (await people.inject("dealer", { method: "GET", url: `/api/products/get-product-by-id/${override?.id}` })).json()[0];
      expect(own).toMatchObject({ price_zwl: override?.priceZwl, exchange_rate: null, rate_date: null });

      // Before any rate was in force, a product without an override has no ZWG price: a ZWG order is refused.
      day = new Date("2023-06-01T08:00:00Z");
      const refused = await people.inject("dealer", {
        method: "POST",
        url: "/api/orders",
        payload: order({ currency: "ZWG", products: [{ product_id: a.id, quantity: 1 }] }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues).toEqual([{ path: "body.products.0.product_id", message: expect.stringContaining("USD") }]);
    } finally {
      await dated.close();
    }
  });
});
