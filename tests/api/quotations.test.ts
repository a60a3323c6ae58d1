import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { createQuotationsService } from "#server/modules/quotations/quotations.service.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { addDays, harareDate } from "#shared/quotation-status.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import { decoded, header, outboxMails as readOutbox } from "../support/outbox.ts";
import { silver } from "../support/prices.ts";
import { createTestApp, type TestApp, unlimitedForms } from "../support/test-app.ts";

let t: TestApp;
/** `priceUsd`: the retail price a visitor's request is made at; `listUsd`: the dealer list price. */
let twoProducts: { id: number; name: string; priceUsd: string; listUsd: string }[];
beforeAll(async () => {
  t = await createTestApp();
  twoProducts = await t.database.db
    .select({ id: products.productId, name: products.productName, priceUsd: products.retailPriceUsd, listUsd: products.priceUsd })
    .from(products)
    .orderBy(asc(products.productId))
    .limit(2);
});
afterAll(() => t.close());

const outboxMails = () => readOutbox(t.dataDir);
async function newMails(before: number): Promise<string[]> {
  return (await outboxMails()).slice(before);
}
async function counts() {
  const [q] = await t.database.db.select({ n: count() }).from(quotations);
  const [l] = await t.database.db.select({ n: count() }).from(quotationProducts);
  return { quotations: q?.n, lines: l?.n };
}

function request(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: "Tatenda <b>Moyo</b>",
    customer_address: "5 Borrowdale Road, Harare",
    customer_email: "tatenda@example.com",
    customer_phone: "+263 77 123 4567",
    notes: "Roof faces north & <script>alert(1)</script>",
    products: [
      { product_id: twoProducts[0]?.id, quantity: 2, name: "ignored name" },
      { product_id: twoProducts[1]?.id, quantity: 1 },
    ],
    ...overrides,
  };
}

describe("POST /api/quotations", () => {
  it("stores a visitor's request with its products and today's prices, and answers the spec's message and the id", async () => {
    const mailsBefore = (await outboxMails()).length;
    const res = await t.inject({ method: "POST", url: "/api/quotations", payload: request() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ message: "Your quote request has been submitted successfully!", id: expect.any(Number) });

    const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, body.id));
    expect(row).toMatchObject({
      userId: null,
      status: "pending",
      requesterName: "Tatenda <b>Moyo</b>",
      requesterAddress: "5 Borrowdale Road, Harare",
      requesterEmail: "tatenda@example.com",
      requesterPhone: "+263 77 123 4567",
      notes: "Roof faces north & <script>alert(1)</script>",
    });
    const lines = await t.database.db
      .select()
      .from(quotationProducts)
      .where(eq(quotationProducts.quotationId, body.id))
      .orderBy(asc(quotationProducts.id));
    expect(lines.map((l) => [l.productId, l.productName, l.quantity, l.priceUsd])).toEqual([
      [twoProducts[0]?.id, twoProducts[0]?.name, 2, twoProducts[0]?.priceUsd],
      [twoProducts[1]?.id, twoProducts[1]?.name, 1, twoProducts[1]?.priceUsd],
    ]);

    // The snapshot stays when the product's price changes later.
    await t.database.db
      .update(products)
      .set({ retailPriceUsd: "1.00" })
      .where(eq(products.productId, twoProducts[0]?.id as number));
    const [after] = await t.database.db.select().from(quotationProducts).where(eq(quotationProducts.quotationId, body.id)).limit(1);
    expect(after?.priceUsd).toBe(twoProducts[0]?.priceUsd);
    await t.database.db
      .update(products)
      .set({ retailPriceUsd: twoProducts[0]?.priceUsd as string })
      .where(eq(products.productId, twoProducts[0]?.id as number));

    const mails = await newMails(mailsBefore);
    expect(mails).toHaveLength(2);
    const toRequester = mails.find((m) => header(m, "To") === "tatenda@example.com");
    const toCompany = mails.find((m) => header(m, "To") === DEFAULT_SITE_SETTINGS.salesEmail);
    expect(toRequester).toBeDefined();
    expect(toCompany).toBeDefined();
    expect(header(toRequester as string, "Subject")).toContain(`#${body.id}`);
    expect(header(toCompany as string, "Subject")).toContain(`New quote request #${body.id}`);
    expect(header(toCompany as string, "Reply-To")).toBe("tatenda@example.com");
    const m = decoded(toCompany as string);
    expect(m).toContain(twoProducts[0]?.name);
    expect(m).toContain("text/html");
    // Visitor text is escaped in the HTML part.
    expect(m).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(m).toContain("Tatenda &lt;b&gt;Moyo&lt;/b&gt;");
    expect(m).not.toContain("<script>alert(1)</script></");
    // A visitor's address is nobody's confirmed one: its confirmation is a fixed text, none of the form's words.
    expect(decoded(toRequester as string)).not.toMatch(/Tatenda|Roof faces north|Borrowdale/);
    expect(decoded(toCompany as string)).toContain("5 Borrowdale Road, Harare");
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["missing name", { customer_name: undefined }, "body.customer_name", "Name is required."],
    ["empty name", { customer_name: "  " }, "body.customer_name", "Name is required."],
    ["missing address", { customer_address: undefined }, "body.customer_address", "Address is required."],
    ["missing email", { customer_email: undefined }, "body.customer_email", "Email is required."],
    ["bad email", { customer_email: "not-an-email" }, "body.customer_email", "Enter a valid email address."],
    ["missing phone", { customer_phone: undefined }, "body.customer_phone", "Phone is required."],
    ["no products", { products: [] }, "body.products", "Add at least one product."],
    ["quantity 0", { products: [{ product_id: 1, quantity: 0 }] }, "body.products.0.quantity", "Quantity must be at least 1."],
    ["notes of 2001 characters", { notes: "x".repeat(2001) }, "body.notes", "Notes must be at most 2000 characters."],
  ];
  for (const [what, overrides, field, text] of refusals) {
    it(`refuses ${what} with 400 naming ${field}, and stores nothing`, async () => {
      const before = await counts();
      const res = await t.inject({ method: "POST", url: "/api/quotations", payload: request(overrides) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(body.message).toBe(body.issues[0].message);
      expect(body.issues.find((i: { path: string }) => i.path === field).message).toBe(text);
      expect(await counts()).toEqual(before);
    });
  }

  it("refuses an unknown product with 400 naming its line, and stores nothing", async () => {
    const before = await counts();
    const mailsBefore = (await outboxMails()).length;
    const res = await t.inject({
      method: "POST",
      url: "/api/quotations",
      payload: request({
        products: [
          { product_id: twoProducts[0]?.id, quantity: 1 },
          { product_id: 999_999, quantity: 1 },
        ],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Product 999999 is no longer available.",
      issues: [{ path: "body.products.1.product_id", message: "Product 999999 is no longer available." }],
    });
    expect(await counts()).toEqual(before);
    expect(await newMails(mailsBefore)).toHaveLength(0);
  });

  it("gives a signed-in dealer's request their user id and ignores a forged userId", async () => {
    const dealerHeaders = await t.loginAs("dealer");
    const [dealer] = await t.database.db.select().from(users).where(eq(users.username, "dealer"));
    const [someoneElse] = await t.database.db.select().from(users).where(eq(users.username, "user"));
    const res = await t.inject({
      method: "POST",
      url: "/api/quotations",
      headers: dealerHeaders,
      payload: request({ userId: someoneElse?.id, customer_email: "buyer@dealer.example" }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, res.json().id));
    expect(row?.userId).toBe(dealer?.id);

    const anonymous = await t.inject({ method: "POST", url: "/api/quotations", payload: request({ userId: someoneElse?.id }) });
    const [anonRow] = await t.database.db.select().from(quotations).where(eq(quotations.id, anonymous.json().id));
    expect(anonRow?.userId).toBeNull();
  });
});

describe("GET /api/quotations/get-by-user", () => {
  const dealer = DEMO_ACCOUNTS.find((a) => a.role === "dealer")!;
  let dealerId: number;
  beforeEach(async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "dealer"));
    dealerId = row?.id as number;
  });

  it("answers the dealer's own quotations (by account or e-mail) with the spec's fields", async () => {
    const headers = await t.loginAs("dealer");
    // A request made without signing in, with the dealer's e-mail address, is theirs too.
    const byEmail = await t.inject({
      method: "POST",
      url: "/api/quotations",
      payload: request({ customer_email: dealer.email.toUpperCase() }),
    });
    const res = await t.inject({
      method: "GET",
      url: `/api/quotations/get-by-user?id=${dealerId}&email=${encodeURIComponent(dealer.email)}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((q) => q.id)).toContain(byEmail.json().id);
    for (const q of list) {
      expect(q.user_id === dealerId || String(q.requester_email).toLowerCase() === dealer.email).toBe(true);
    }
    const first = list.find((q) => q.id === byEmail.json().id) as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(
      [
        "accepted_At",
        "branch_id",
        "charges",
        "created_At",
        "currency",
        "decided_At",
        "decision_reason",
        "exchange_rate",
        "id",
        "installer_province",
        "lines",
        "notes",
        "order_id",
        "other_currency",
        "other_subtotal",
        "other_total",
        "other_vat",
        "placed_by",
        "products",
        "rate_date",
        "requester_address",
        "requester_email",
        "requester_name",
        "requester_phone",
        "status",
        "subtotal",
        "total",
        "user_id",
        "valid_until",
        "vat",
        "vat_rate",
      ].sort(),
    );
    expect(first.status).toBe("pending");
    expect(first).toMatchObject({ currency: "USD", valid_until: null, decision_reason: "", decided_At: null, exchange_rate: null });
    expect(Number.isNaN(Date.parse(first.created_At as string))).toBe(false);
    // Each line with its own id (approving prices it), the list price when requested and no quoted price yet.
    expect(first.products).toEqual([
      {
        id: expect.any(Number),
        product_id: twoProducts[0]?.id,
        product_name: twoProducts[0]?.name,
        quantity: 2,
        // Asked for without signing in: the retail price.
        price: twoProducts[0]?.priceUsd,
        // The RRP and list price now are for admins only.
        retail_price_usd: null,
        list_price_usd: null,
        // The product's secondary-currency price now: dealers see it in the catalogue too.
        price_zwl: expect.stringMatching(/^\d+\.\d{2}$/),
        quoted_price: null,
        vat_rate: null,
      },
      {
        id: expect.any(Number),
        product_id: twoProducts[1]?.id,
        product_name: twoProducts[1]?.name,
        quantity: 1,
        // Asked for without signing in: the retail price.
        price: twoProducts[1]?.priceUsd,
        // The RRP and list price now are for admins only.
        retail_price_usd: null,
        list_price_usd: null,
        // The product's secondary-currency price now: dealers see it in the catalogue too.
        price_zwl: expect.stringMatching(/^\d+\.\d{2}$/),
        quoted_price: null,
        vat_rate: null,
      },
    ]);
    // Without parameters: the same, their own.
    const plain = await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers });
    expect(plain.json().map((q: { id: number }) => q.id)).toEqual(list.map((q) => q.id));
  });

  it("refuses someone else's id or e-mail with 403 and a visitor with 401", async () => {
    const headers = await t.loginAs("user");
    const other = await t.inject({ method: "GET", url: `/api/quotations/get-by-user?id=${dealerId}`, headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: "You do not have permission to do this." });
    const otherEmail = await t.inject({
      method: "GET",
      url: `/api/quotations/get-by-user?email=${encodeURIComponent(dealer.email)}`,
      headers,
    });
    expect(otherEmail.statusCode).toBe(403);
    const own = await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const anonymous = await t.inject({ method: "GET", url: `/api/quotations/get-by-user?id=${dealerId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Please log in to continue." });
  });
});

describe("prices in a user's own quotations", () => {
  it("are hidden until an admin approves (then only the quoted prices), while a dealer sees their own", async () => {
    const headers = await t.loginAs("user");
    const asked = await t.inject({ method: "POST", url: "/api/quotations", payload: request(), headers });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().id as number;
    const mine = async () =>
      ((await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers })).json() as QuotationView[]).find((q) => q.id === id);
    const pending = await mine();
    expect(pending?.products).toHaveLength(2);
    for (const line of pending?.products ?? []) expect(line).toMatchObject({ price: null, quoted_price: null });

    const lines = pending?.products.map((l, i) => ({ id: l.id, price: i === 0 ? "120.00" : "80.50" })) ?? [];
    const approved = await t.inject({
      method: "PUT",
      url: `/api/quotations/${id}`,
      headers: await t.loginAs("admin"),
      payload: { status: "approved", currency: "USD", validUntil: addDays(harareDate(new Date()), 10), lines },
    });
    expect(approved.statusCode).toBe(200);
    expect((await mine())?.products.map((l) => [l.price, l.quoted_price])).toEqual([
      [null, "120.00"],
      [null, "80.50"],
    ]);

    // A dealer sees their own prices in the catalogue, so their own request keeps the snapshot.
    const dealer = await t.loginAs("dealer");
    const own = await t.inject({ method: "POST", url: "/api/quotations", payload: request(), headers: dealer });
    const dealerList = (await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers: dealer })).json() as QuotationView[];
    // Made at their own price: Silver, 5 % off the list.
    expect(dealerList.find((q) => q.id === own.json().id)?.products[0]?.price).toBe(silver(twoProducts[0]?.listUsd as string));
  });
});

describe("quotations found by e-mail address", () => {
  it("are shown to an account only once its address is confirmed (anyone can sign up with any address)", async () => {
    const email = "shamiso.visitor@example.com";
    const asked = await t.inject({ method: "POST", url: "/api/quotations", payload: request({ customer_email: email }) });
    expect(asked.statusCode).toBe(201);
    const signup = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.7.7.7",
      payload: { fullName: "Not Shamiso", username: "not.shamiso", email, password: "granite-hills-7" },
    });
    expect(signup.statusCode).toBe(201);
    const login = await t.inject({ method: "POST", url: "/api/auth/login", payload: { user: "not.shamiso", password: "granite-hills-7" } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const before = await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers });
    expect(before.json()).toEqual([]);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.username, "not.shamiso"));
    const after = await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers });
    expect(after.json()).toHaveLength(1);
    expect(after.json()[0].requester_email).toBe(email);
  });
});

describe("GET /api/quotations/", () => {
  it("is for admins: 401 for visitors, 403 for a dealer", async () => {
    expect((await t.inject({ method: "GET", url: "/api/quotations/" })).statusCode).toBe(401);
    const res = await t.inject({ method: "GET", url: "/api/quotations/", headers: await t.loginAs("dealer") });
    expect(res.statusCode).toBe(403);
  });

  it("answers an admin a page of { rows, count }, filterable by status", async () => {
    const headers = await t.loginAs("admin");
    const [total] = await t.database.db.select({ n: count() }).from(quotations);
    const res = await t.inject({ method: "GET", url: "/api/quotations/?page=1&pageSize=2", headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(total?.n);
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0].products.length).toBeGreaterThan(0);
    const pending = await t.inject({ method: "GET", url: "/api/quotations?status=pending&pageSize=50", headers });
    expect(pending.statusCode).toBe(200);
    const [pendingTotal] = await t.database.db.select({ n: count() }).from(quotations).where(eq(quotations.status, "pending"));
    expect(pending.json().count).toBe(pendingTotal?.n);
    expect(pending.json().rows.every((q: { status: string }) => q.status === "pending")).toBe(true);
    const bad = await t.inject({ method: "GET", url: "/api/quotations/?status=unknown", headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe("mail failure", () => {
  it("stores nothing when its mail cannot be queued: the request and its mails commit together (decision 007)", {
    tags: ["db"],
  }, async () => {
    const service = createQuotationsService({
      formLimits: unlimitedForms,
      stock: t.app.services.stock,
      rates: t.app.services.rates,
      db: t.database.db,
      mailer: {
        send: async () => {
          throw new Error("the jobs table refused the mail");
        },
      },
      settings: { get: async () => DEFAULT_SITE_SETTINGS },
      accounts: { me: async () => ({}) as never },
      catalogue: t.app.services.catalogue,
      audit: t.app.services.audit,
    });
    const [before] = await t.database.db.select({ n: count() }).from(quotations);
    await expect(
      service.submit(null, {
        customer_name: "Mail Fails",
        customer_address: "Harare",
        customer_email: "fails@example.com",
        customer_phone: "+263 77 000 0000",
        notes: "",
        products: [{ product_id: twoProducts[0]?.id as number, quantity: 1 }],
      }),
    ).rejects.toThrow("the jobs table refused the mail");
    const [after] = await t.database.db.select({ n: count() }).from(quotations);
    expect(after?.n).toBe(before?.n);
    expect(await t.database.db.select().from(quotations).where(eq(quotations.requesterName, "Mail Fails"))).toEqual([]);
  });
});
