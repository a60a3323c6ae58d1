// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealerDocuments, dealers } from "#server/db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "#server/db/schema/installer-network.ts";
import { actorFrom, COMPANY_SUSPENDED_HOLD, DOCUMENTS_EXPIRED_HOLD } from "#server/platform/auth/actor.ts";
import { addDays, harareDate } from "#shared/quotation-status.ts";
import { LEAD_OFFER_CLOSED } from "#shared/schemas/leads.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { BUILT_PASSWORD, buildDealerCompany, type DealerCompany } from "../support/builders.ts";
import { orderRequest } from "../support/orders.ts";
import { header, outboxMails } from "../support/outbox.ts";
import { firstProducts } from "../support/quotations.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Decision 023: a company's standing covers all its people. Suspending a dealer company (or its documents expiring)
 * puts its owner, buyers and technicians on hold at their next request: no dealer prices, no price list, no order,
 * no quotation accepted into an order, no lead accepted; the company's open lead offers are withdrawn and offered to
 * the next dealers. The suspended owner still sees its team and removes people from it.
 */

let t: TestApp;
let actors: Actors;
let productId: number;
const run = randomUUID().slice(0, 8);
let ip = 10;
let customers = 0;

type Signed = Record<string, string>;
type Company = DealerCompany & { headers: { owner: Signed; buyer: Signed; technician: Signed } };

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  productId = (await firstProducts(t, 1))[0]?.id as number;
  // Only the companies a case makes take leads here.
  await t.database.db.update(dealerProfiles).set({ leadsPaused: true });
});
afterAll(() => t?.close());

async function signIn(username: string): Promise<Signed> {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: `198.51.100.${ip++}`,
    payload: { user: username, password: BUILT_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

/** An approved company with a published profile taking leads in `province`, its three people signed in. */
async function company(key: string, province: string): Promise<Company> {
  const c = await buildDealerCompany(t.database.db, `${key}-${run}`);
  await t.database.db.insert(dealerProfiles).values({ dealerId: c.dealerId, slug: `${key}-${run}`, published: true, province });
  return {
    ...c,
    headers: {
      owner: await signIn(c.owner.username),
      buyer: await signIn(c.buyer.username),
      technician: await signIn(c.technician.username),
    },
  };
}

/** A visitor's quote request with an installer wanted in `province`: the lead's id. */
async function lead(province: string): Promise<number> {
  customers++;
  const res = await t.inject({
    method: "POST",
    url: "/api/quotations",
    remoteAddress: `203.0.113.${customers}`,
    payload: {
      customer_name: `Standing Customer ${customers}`,
      customer_address: `${customers} Herbert Chitepo Street, Mutare`,
      customer_email: `standing${customers}.${run}@example.com`,
      customer_phone: `+263 77 800 ${String(1000 + customers)}`,
      products: [{ product_id: productId, quantity: 1 }],
      installer: true,
      installer_province: province,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db.select().from(leads).where(eq(leads.quotationId, res.json().id));
  return row?.id as number;
}

const offers = async (leadId: number) =>
  t.database.db.select().from(leadOffers).where(eq(leadOffers.leadId, leadId)).orderBy(asc(leadOffers.id));

/** The buyer asks for a quotation for the company; the back office approves it at 100.00 a unit. */
async function approvedQuotation(buyer: Signed): Promise<number> {
  const asked = await t.inject({
    method: "POST",
    url: "/api/quotations",
    headers: buyer,
    payload: {
      customer_name: "Standing Buyer",
      customer_address: "5 Nelson Mandela Avenue, Harare",
      customer_email: `standing-buyer.${run}@example.com`,
      customer_phone: "+263 77 111 2233",
      notes: "",
      products: [{ product_id: productId, quantity: 2 }],
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as number;
  const listed = await actors.inject("admin", { method: "GET", url: `/api/quotations/?q=${id}` });
  const view = (listed.json().rows as QuotationView[]).find((q) => q.id === id) as QuotationView;
  const approved = await actors.inject("admin", {
    method: "PUT",
    url: `/api/quotations/${id}`,
    payload: {
      status: "approved",
      currency: "USD",
      validUntil: addDays(harareDate(new Date()), 14),
      lines: view.lines.map((l) => ({ id: l.id, price: "100.00" })),
    },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

const suspend = (c: Company) =>
  actors.inject("admin", {
    method: "PUT",
    url: `/api/dealer/status/${c.owner.id}`,
    payload: { status: "Suspended", reason: "Unpaid account and a complaint under review." },
  });

const priceOf = async (headers: Signed) => {
  const res = await t.inject({ method: "GET", url: `/api/products/get-product-by-id/${productId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()[0] as { price_usd?: string | null }).price_usd ?? null;
};

describe("a suspended company's people (the red team's requests)", () => {
  it("its buyer keeps no dealer price, price list, order, quotation accepted into an order nor lead; reinstating restores them", async () => {
    const c = await company("suspend", "masvingo");
    const quotationId = await approvedQuotation(c.headers.buyer);
    const leadId = await lead("masvingo");
    expect((await offers(leadId)).map((o) => [o.dealerId, o.status])).toEqual([[c.dealerId, "offered"]]);
    expect(await priceOf(c.headers.buyer)).not.toBeNull();

    const suspended = await suspend(c);
    expect(suspended.statusCode, suspended.body).toBe(200);

    // The buyer's session, opened before the suspension, reads the company's standing at its next request.
    const buyer = c.headers.buyer;
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: buyer });
    expect(me.json()).toMatchObject({ role: "dealer", teamRole: "buyer", companyHold: "suspended" });
    expect(await priceOf(buyer)).toBeNull();
    const list = await t.inject({ method: "GET", url: "/api/dealer/price-list", headers: buyer });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(COMPANY_SUSPENDED_HOLD);
    const order = await t.inject({
      method: "POST",
      url: "/api/orders",
      headers: buyer,
      payload: orderRequest([{ product_id: productId, quantity: 1 }], { fulfilment: "collection", contactName: "Suspended order" }),
    });
    expect(order.statusCode, order.body).toBe(403);
    expect(order.json().message).toBe(COMPANY_SUSPENDED_HOLD);
    const preview = await t.inject({ method: "GET", url: `/api/orders/preview?lines=${productId}x1`, headers: buyer });
    expect(preview.statusCode).toBe(403);
    const accepted = await t.inject({ method: "POST", url: `/api/quotations/${quotationId}/accept`, headers: buyer, payload: {} });
    expect(accepted.statusCode, accepted.body).toBe(403);
    expect(accepted.json().message).toBe(COMPANY_SUSPENDED_HOLD);
    const leadAccepted = await t.inject({ method: "POST", url: `/api/dealer/leads/${leadId}/accept`, headers: buyer });
    expect(leadAccepted.statusCode, leadAccepted.body).toBe(403);
    expect(leadAccepted.json().message).toBe(COMPANY_SUSPENDED_HOLD);
    // The customer was never told that this company's installer will call.
    const told = (await outboxMails(t.dataDir)).filter((m) => header(m, "Subject").includes("will call you about your installation"));
    expect(told.filter((m) => m.includes(c.tradingName))).toEqual([]);

    // Reinstated (straight in the database: the built company has no documents to approve it with), the same session
    // trades again.
    await t.database.db.update(dealers).set({ regStatus: "Approved" }).where(eq(dealers.id, c.dealerId));
    expect(await priceOf(buyer)).not.toBeNull();
    expect((await t.inject({ method: "GET", url: "/api/dealer/price-list", headers: buyer })).statusCode).toBe(200);
  });

  it("the suspended owner sees the team and removes a member, but invites no one", async () => {
    const c = await company("owner", "midlands");
    expect((await suspend(c)).statusCode).toBe(200);
    const owner = c.headers.owner;
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: owner });
    expect(me.json()).toMatchObject({ role: "user", teamRole: "owner", companyHold: "suspended" });

    const team = await t.inject({ method: "GET", url: "/api/dealer/team", headers: owner });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().map((m: { email: string }) => m.email)).toEqual([c.owner.email, c.buyer.email, c.technician.email]);
    const removed = await t.inject({ method: "DELETE", url: `/api/dealer/team/${c.buyer.id}`, headers: owner });
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await t.database.db.select().from(companyMembers).where(eq(companyMembers.userId, c.buyer.id));
    expect(row).toBeUndefined();
    const invite = await t.inject({
      method: "POST",
      url: "/api/dealer/team",
      headers: owner,
      payload: { email: `late.${run}@example.com`, fullName: "Too Late", role: "buyer" },
    });
    expect(invite.statusCode).toBe(403);
  });

  it("a technician of a suspended company is on hold too", async () => {
    const c = await company("tech", "midlands");
    expect((await suspend(c)).statusCode).toBe(200);
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: c.headers.technician });
    expect(me.json()).toMatchObject({ teamRole: "technician", companyHold: "suspended" });
  });
});

describe("open lead offers follow the company's standing", () => {
  it("suspending a company withdraws its open offers and offers the leads to the next dealers", async () => {
    const first = await company("first", "manicaland");
    const leadId = await lead("manicaland");
    expect((await offers(leadId)).map((o) => o.dealerId)).toEqual([first.dealerId]);
    // A second dealer starts serving the province after the lead was offered.
    const next = await company("next", "manicaland");
    expect((await suspend(first)).statusCode).toBe(200);
    expect((await offers(leadId)).map((o) => [o.dealerId, o.status])).toEqual([
      [first.dealerId, "withdrawn"],
      [next.dealerId, "offered"],
    ]);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row?.status).toBe("open");
    expect((await outboxMails(t.dataDir)).some((m) => header(m, "To").includes(next.owner.email))).toBe(true);
    await t.database.db
      .update(dealerProfiles)
      .set({ leadsPaused: true })
      .where(inArray(dealerProfiles.dealerId, [next.dealerId]));
  });

  it("documents expiring withdraw the company's open offers; a lead nobody else serves becomes unassigned", async () => {
    const c = await company("expires", "mashonaland-east");
    const today = harareDate(new Date());
    await t.database.db.insert(dealerDocuments).values({
      dealerId: c.dealerId,
      kind: "tax_clearance",
      storageKey: `dealer-documents/${c.dealerId}/${randomUUID()}.png`,
      originalName: "tax.png",
      mimeType: "image/png",
      sizeBytes: 1000,
      reviewStatus: "approved",
      expiresOn: addDays(today, 1),
    });
    const leadId = await lead("mashonaland-east");
    expect((await offers(leadId)).map((o) => o.status)).toEqual(["offered"]);
    const result = await t.app.services.documentExpiry.run(new Date(Date.parse(`${addDays(today, 3)}T10:00:00Z`)));
    expect(result.holds).toBe(1);
    expect((await offers(leadId)).map((o) => o.status)).toEqual(["withdrawn"]);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row?.status).toBe("unassigned");
    // The buyer's refusal names the documents, not a suspension.
    const list = await t.inject({ method: "GET", url: "/api/dealer/price-list", headers: c.headers.buyer });
    expect(list.json().message).toBe(DOCUMENTS_EXPIRED_HOLD);
  });

  it("accepting re-checks the company's standing: an actor read before the suspension cannot take the lead", async () => {
    const c = await company("stale", "matabeleland-north");
    const leadId = await lead("matabeleland-north");
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, c.owner.id));
    const stale = actorFrom(owner as typeof users.$inferSelect, "stale-session");
    // Suspended straight in the database: the offer stays open, only the accept's own check stands in the way.
    await t.database.db.update(dealers).set({ regStatus: "Suspended" }).where(eq(dealers.id, c.dealerId));
    await expect(t.app.services.leads.accept(stale, leadId)).rejects.toMatchObject({ statusCode: 409, message: LEAD_OFFER_CLOSED });
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row?.status).toBe("open");
  });
});
