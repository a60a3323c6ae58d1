// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { OWNER_ONLY } from "#server/platform/auth/actor.ts";
import { EMAIL_TAKEN_FOR_TEAM, TEAM_NEEDS_APPROVAL } from "#shared/schemas/team.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { orderRequest } from "../support/orders.ts";
import { decoded, header, linkToken, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Issue 25 §4: a dealer company's team. The owner invites a buyer and a technician by e-mail; the buyer orders for
 * the company and the order says who placed it; a technician sees the catalogue and the company's orders without a
 * price anywhere and cannot order; a removed member's session is refused at once; every change is audited.
 */

let t: TestApp;
let actors: Actors;
let productId: number;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const [p] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = p?.id as number;
});
afterAll(() => t?.close());

const invite = (payload: object, who: Parameters<Actors["inject"]>[0] = "dealer") =>
  actors.inject(who, { method: "POST", url: "/api/dealer/team", payload });

/** Opens the invitation mailed to `email`: chooses a password and answers the new session's headers. */
async function accept(email: string, password: string): Promise<Record<string, string>> {
  const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(email));
  if (!mail) throw new Error(`no invitation to ${email}`);
  const token = linkToken(mail, "/reset-password");
  const res = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

const order = () => orderRequest([{ product_id: productId, quantity: 2 }], { fulfilment: "collection", contactName: "Team order" });

describe("inviting a company's team (issue 25 §4)", () => {
  it("an owner invites a buyer, who chooses a password by the mailed link and orders for the company: the order says who placed it", async () => {
    const email = `buyer.${run}@example.com`;
    const made = await invite({ email, fullName: "Rudo Buyer", role: "buyer" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ email, role: "buyer", status: "invited" });
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(email)) as string;
    expect(header(mail, "Subject")).toContain("invited you to Sunrise Solar");
    expect(decoded(mail).replace(/\s+/g, " ")).toContain("As a buyer, you see the company's dealer prices, order for it");

    const listed = await actors.inject("dealer", { method: "GET", url: "/api/dealer/team" });
    expect(listed.json().map((m: { role: string; email: string }) => [m.role, m.email])).toEqual(
      expect.arrayContaining([
        ["owner", actors.identity.dealer.email],
        ["buyer", email],
      ]),
    );
    expect(listed.json()[0].role).toBe("owner");

    const buyer = await accept(email, "marble-orchard-kettle-47");
    const placed = await t.inject({ method: "POST", url: "/api/orders", payload: order(), headers: buyer });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ user_id: actors.identity.dealer.id, placed_by: { full_name: "Rudo Buyer" } });
    // The owner sees it among the company's orders, with who placed it.
    const mine = await actors.inject("dealer", { method: "GET", url: "/api/orders/mine" });
    const seen = mine.json().find((o: { id: number }) => o.id === placed.json().id);
    expect(seen.placed_by.full_name).toBe("Rudo Buyer");
    // And the team list now says the buyer is active.
    const after = await actors.inject("dealer", { method: "GET", url: "/api/dealer/team" });
    expect(after.json().find((m: { email: string }) => m.email === email).status).toBe("active");
  });

  it("a buyer's quotation is the company's and says who asked for it", async () => {
    const made = await actors.inject("buyer", {
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: "Farai Buyer",
        customer_address: "45 Lytton Road, Harare",
        customer_email: "matrix-buyer@example.com",
        customer_phone: "+263 77 123 4567",
        notes: "",
        products: [{ product_id: productId, quantity: 3 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const owner = await actors.inject("dealer", { method: "GET", url: `/api/quotations/get-by-user?id=${actors.identity.dealer.id}` });
    const q = owner.json().find((x: { id: number }) => x.id === made.json().id);
    expect(q).toMatchObject({ user_id: actors.identity.dealer.id, placed_by: { full_name: "Farai Buyer" } });
    expect(q.products[0].price).not.toBeNull();
  });

  it("only the owner changes the team, and only once the company is approved", async () => {
    const byBuyer = await invite({ email: `x.${run}@example.com`, fullName: "Not Allowed", role: "buyer" }, "buyer");
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe(OWNER_ONLY);
    const byTechnician = await invite({ email: `y.${run}@example.com`, fullName: "Not Allowed", role: "buyer" }, "technician");
    expect(byTechnician.statusCode).toBe(403);
    // The demo user has no approved company.
    const byUser = await invite({ email: `z.${run}@example.com`, fullName: "Not Allowed", role: "buyer" }, "user");
    expect(byUser.statusCode).toBe(403);
    // Another company's member is not this owner's to change.
    const other = await actors.inject("otherDealer", {
      method: "PUT",
      url: `/api/dealer/team/${actors.identity.buyer.id}`,
      payload: { role: "technician" },
    });
    expect(other.statusCode).toBe(404);
    // A team member cannot change the company's application either.
    const apply = await actors.inject("buyer", {
      method: "POST",
      url: `/api/dealer/add-dealer/${actors.identity.buyer.id}`,
      payload: { registeredCompanyName: "Side Business (Private) Limited", tradingName: "Side", companyRegistrationNumber: "2/2026" },
    });
    expect(apply.statusCode).toBe(403);
  });

  it("refuses an address that belongs to a dealer, an admin or another team, and a company not yet approved", async () => {
    for (const email of [actors.identity.otherDealer.email, actors.identity.admin.email, actors.identity.technician.email]) {
      const res = await invite({ email, fullName: "Taken", role: "buyer" });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().message).toBe(EMAIL_TAKEN_FOR_TEAM);
    }
    expect(TEAM_NEEDS_APPROVAL).toContain("approved");
    // A company whose approval was withdrawn (suspended) adds no one.
    const other = actors.otherDealer.dealerId;
    await t.database.db.update(dealers).set({ regStatus: "Suspended" }).where(eq(dealers.id, other));
    try {
      const suspended = await invite({ email: `s.${run}@example.com`, fullName: "Not Yet", role: "buyer" }, "otherDealer");
      expect(suspended.statusCode).toBe(409);
      expect(suspended.json().message).toBe(TEAM_NEEDS_APPROVAL);
    } finally {
      await t.database.db.update(dealers).set({ regStatus: "Approved" }).where(eq(dealers.id, other));
    }
  });

  it("an existing plain account joins at once and is told so", async () => {
    const email = `joins.${run}@example.com`;
    const registered = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.25.0.9",
      payload: { fullName: "Kuda Joiner", username: `kuda-${run}`, email, password: "kuda-joins-the-team-2026" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const res = await invite({ email, fullName: "Kuda Joiner", role: "technician" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe("active");
    const [row] = await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.email, email));
    expect(row?.roleId).toBe(5);
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(email)) as string;
    expect(header(mail, "Subject")).toContain("You are now on Sunrise Solar's team");
  });

  it("two invitations of one address at once make one member", async () => {
    const email = `race.${run}@example.com`;
    const results = await Promise.all([1, 2].map(() => invite({ email, fullName: "Race Twice", role: "buyer" })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const members = await t.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, user?.id as number));
    expect(members).toHaveLength(1);
  });
});

describe("a technician sees no prices and cannot order (issue 25 §4)", () => {
  it("gets no price from the catalogue, the company's orders without amounts, and 403 on ordering, the preview and the price list", async () => {
    const product = await actors.inject("technician", { method: "GET", url: `/api/products/get-product-by-id/${productId}` });
    expect(product.statusCode).toBe(200);
    const p = product.json()[0];
    expect(p.price_usd ?? null).toBeNull();
    expect(p.price_zwl ?? null).toBeNull();
    expect(p.price_breaks ?? null).toBeNull();
    expect(p.tier ?? null).toBeNull();
    for (const url of ["/api/products/get-all-products", "/api/featured/get-featured", "/api/search?q=panel"]) {
      const res = await actors.inject("technician", { method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/"price_usd":"\d/);
    }

    const placed = await actors.inject("dealer", { method: "POST", url: "/api/orders", payload: order() });
    expect(placed.statusCode, placed.body).toBe(201);
    const mine = await actors.inject("technician", { method: "GET", url: "/api/orders/mine" });
    const seen = mine.json().find((o: { id: number }) => o.id === placed.json().id);
    expect(seen).toMatchObject({ total: null, subtotal: null, vat: null, total_usd: null, bankDetails: null });
    expect(seen.products[0]).toMatchObject({ quantity: 2, unit_price: null, line_total: null });
    const one = await actors.inject("technician", { method: "GET", url: `/api/orders/${placed.json().id}` });
    expect(one.json().total).toBeNull();

    expect((await actors.inject("technician", { method: "POST", url: "/api/orders", payload: order() })).statusCode).toBe(403);
    expect((await actors.inject("technician", { method: "GET", url: `/api/orders/preview?lines=${productId}x1` })).statusCode).toBe(403);
    expect((await actors.inject("technician", { method: "GET", url: "/api/dealer/price-list" })).statusCode).toBe(403);
    // The buyer and the owner see the same order with its amounts.
    const byBuyer = await actors.inject("buyer", { method: "GET", url: `/api/orders/${placed.json().id}` });
    expect(byBuyer.json().total).not.toBeNull();
  });
});

describe("changing and removing members (issue 25 §4)", () => {
  it("a role change applies at the member's next request; a removed member's session is refused at once; both audited", async () => {
    const email = `tech.${run}@example.com`;
    expect((await invite({ email, fullName: "Tendai Fitter", role: "technician" })).statusCode).toBe(201);
    const session = await accept(email, "copper-lantern-harvest-91");
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: session });
    expect(me.json()).toMatchObject({ role: "technician", teamRole: "technician" });
    const id = me.json().id as number;

    const promoted = await actors.inject("dealer", { method: "PUT", url: `/api/dealer/team/${id}`, payload: { role: "buyer" } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const preview = await t.inject({ method: "GET", url: `/api/orders/preview?lines=${productId}x1`, headers: session });
    expect(preview.statusCode).toBe(200);

    const removed = await actors.inject("dealer", { method: "DELETE", url: `/api/dealer/team/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: session })).statusCode).toBe(401);
    const [row] = await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id));
    expect(row?.roleId).toBe(1);

    const entries = await t.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "team-member"), eq(auditLog.entityId, String(id))));
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(entries[2]?.summary).toContain("removed from Sunrise Solar's team (1 session ended)");
  });
});
