// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { actorFrom, OWNER_ONLY } from "#server/platform/auth/actor.ts";
import {
  CANNOT_JOIN_TEAM,
  INVITATION_INVALID,
  INVITATION_OTHER_ACCOUNT,
  TEAM_INVITES_PER_HOUR,
  TEAM_NEEDS_APPROVAL,
} from "#shared/schemas/team.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { BUILT_PASSWORD, buildAccount, buildDealerCompany } from "../support/builders.ts";
import { orderRequest } from "../support/orders.ts";
import { decoded, header, linkToken, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Decision 023: a dealer company's team. The owner invites a buyer and a technician by e-mail; nobody
 * joins until they accept (a new address by choosing its password through the mailed link, an existing account by
 * accepting, signed in, from its link), and the owner's answer is the same whether or not the address has an account;
 * the buyer orders for the company and the order says who placed it; a technician sees the catalogue and the
 * company's orders without a price anywhere and cannot order; a removed member keeps their own account and session,
 * without the company's rights; invitations are limited per hour; every change is audited.
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
    expect(made.json()).toMatchObject({ id: null, email, full_name: "Rudo Buyer", role: "buyer", status: "invited" });
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(email)) as string;
    expect(header(mail, "Subject")).toContain("invited you to Sunrise Solar");
    const text = decoded(mail).replace(/\s+/g, " ");
    expect(text).toContain("As a buyer, you would see the company's dealer prices, order for it");
    expect(text).toContain("To accept, choose your password with the link below");

    const listed = await actors.inject("dealer", { method: "GET", url: "/api/dealer/team" });
    expect(listed.json().map((m: { role: string; email: string; status: string }) => [m.role, m.email, m.status])).toEqual(
      expect.arrayContaining([
        ["owner", actors.identity.dealer.email, "active"],
        ["buyer", email, "invited"],
      ]),
    );
    expect(listed.json()[0].role).toBe("owner");
    // Nobody is on the team yet: the account made for the address is a plain user's until its holder accepts.
    const [made_] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(made_?.roleId).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.userId, made_?.id as number)),
    ).toEqual([]);

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

  it("answers an address of a dealer, an admin or another team as any other; that account cannot accept; a company not approved adds no one", async () => {
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    const fresh = await invite({ email: `fresh.${run}@example.com`, fullName: "Taken", role: "buyer" }, "otherDealer");
    expect(fresh.statusCode, fresh.body).toBe(201);
    for (const who of ["dealer", "admin", "technician"] as const) {
      const email = actors.identity[who].email;
      const res = await invite({ email, fullName: "Taken", role: "buyer" }, "otherDealer");
      expect(res.statusCode, email).toBe(201);
      expect(shape(res.json())).toEqual(shape(fresh.json()));
      expect(res.json()).toMatchObject({ id: null, full_name: "Taken", email, role: "buyer", status: "invited" });
      expect(res.body).not.toContain(actors.identity[who].fullName);
    }
    // The demo dealer, invited by the other company, opens its link: it cannot join, and nothing changed.
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(actors.identity.dealer.email)) as string;
    const token = linkToken(mail, "/dealer/team/join");
    const refused = await actors.inject("dealer", { method: "POST", url: "/api/dealer/team/join", payload: { token } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CANNOT_JOIN_TEAM);
    const me = await actors.inject("dealer", { method: "GET", url: "/api/auth/me" });
    expect(me.json()).toMatchObject({ role: "dealer", teamRole: "owner" });
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

  it("an existing plain account: the answer is the same as for a new address and names no one; nothing changes until that account accepts from the link", async () => {
    const email = `joins.${run}@example.com`;
    const password = "kuda-joins-the-team-2026";
    const registered = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.25.0.9",
      payload: { fullName: "Kuda Joiner", username: `kuda-${run}`, email, password },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.25.0.9",
      payload: { user: email, password },
    });
    const kuda = { authorization: `Bearer ${login.json().token}` };

    const res = await invite({ email, fullName: "Someone Typed", role: "technician" });
    const fresh = await invite({ email: `nobody.${run}@example.com`, fullName: "Someone Typed", role: "technician" });
    expect([res.statusCode, fresh.statusCode]).toEqual([201, 201]);
    const comparable = (body: Record<string, unknown>) => ({ ...body, email: "", invitation_id: 0, added_at: "", expires_at: "" });
    expect(comparable(res.json())).toEqual(comparable(fresh.json()));
    expect(res.body).not.toContain("Kuda");

    // Nothing has changed for the account: its role, its team, its session.
    const [row] = await t.database.db.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.email, email));
    expect(row?.roleId).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.userId, row?.id as number)),
    ).toEqual([]);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: kuda })).json()).toMatchObject({ role: "user", teamRole: null });
    // The owner's list shows what the owner typed, not the account's name.
    const listed = (await actors.inject("dealer", { method: "GET", url: "/api/dealer/team" })).json();
    expect(listed.find((m: { email: string }) => m.email === email)).toMatchObject({
      id: null,
      full_name: "Someone Typed",
      status: "invited",
    });
    expect(JSON.stringify(listed)).not.toContain("Kuda");

    // The mail asks its holder; the link works only for that account, signed in, once.
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(email)) as string;
    expect(header(mail, "Subject")).toContain("invited you to join Sunrise Solar's team at");
    expect(decoded(mail).replace(/\s+/g, " ")).toContain("Nothing changes until you accept.");
    const token = linkToken(mail, "/dealer/team/join");
    expect((await t.inject({ method: "POST", url: "/api/dealer/team/join", payload: { token } })).statusCode).toBe(401);
    const byOther = await actors.inject("user", { method: "POST", url: "/api/dealer/team/join", payload: { token } });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(INVITATION_OTHER_ACCOUNT);
    const joined = await t.inject({ method: "POST", url: "/api/dealer/team/join", headers: kuda, payload: { token } });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ company: "Sunrise Solar", role: "technician" });
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: kuda })).json()).toMatchObject({
      role: "technician",
      teamRole: "technician",
    });
    const again = await t.inject({ method: "POST", url: "/api/dealer/team/join", headers: kuda, payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITATION_INVALID);
  });

  it("an invitation's link expires, and the owner can withdraw it", async () => {
    const email = `late.${run}@example.com`;
    await t.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.25.0.10",
      payload: { fullName: "Late Joiner", username: `late-${run}`, email, password: "late-joiner-pass-2026" },
    });
    const made = await invite({ email, fullName: "Late Joiner", role: "buyer" });
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(email)) as string;
    const token = linkToken(mail, "/dealer/team/join");
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    const actor = actorFrom(account as typeof users.$inferSelect, "test");
    await expect(t.app.services.team.accept(actor, token, new Date(Date.now() + 4 * 86_400_000))).rejects.toMatchObject({
      statusCode: 404,
      message: INVITATION_INVALID,
    });
    const withdrawn = await actors.inject("dealer", { method: "DELETE", url: `/api/dealer/team/invitations/${made.json().invitation_id}` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await expect(t.app.services.team.accept(actor, token)).rejects.toMatchObject({ statusCode: 404 });
    // Another owner cannot withdraw this company's invitations.
    const again = await invite({ email, fullName: "Late Joiner", role: "buyer" });
    const other = await actors.inject("otherDealer", {
      method: "DELETE",
      url: `/api/dealer/team/invitations/${again.json().invitation_id}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it("limits an owner to 20 invitations an hour (429 with a clear message)", async () => {
    const company = await buildDealerCompany(t.database.db, `limit-${run}`);
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.25.0.11",
      payload: { user: company.owner.username, password: BUILT_PASSWORD },
    });
    const owner = { authorization: `Bearer ${login.json().token}` };
    // The same plain account each time: no account is made, so the case stays quick.
    const email = `limited.${run}@example.com`;
    await buildAccount(t.database.db, { role: "user", username: `limited-${run}`, email });
    const send = () =>
      t.inject({ method: "POST", url: "/api/dealer/team", headers: owner, payload: { email, fullName: "Many Times", role: "buyer" } });
    for (let i = 0; i < TEAM_INVITES_PER_HOUR; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have sent 20 invitations in the last hour, the most we allow\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.headers["retry-after"]).toBeDefined();
    // Inviting again renewed one open invitation rather than piling them up.
    const open = (await t.inject({ method: "GET", url: "/api/dealer/team", headers: owner })).json();
    expect(open.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  });

  it("two invitations of one address at once make one account and one open invitation, and answer alike", async () => {
    const email = `race.${run}@example.com`;
    const results = await Promise.all([1, 2].map(() => invite({ email, fullName: "Race Twice", role: "buyer" })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const accounts = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    const listed = (await actors.inject("dealer", { method: "GET", url: "/api/dealer/team" })).json();
    expect(listed.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
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
  it("a role change applies at the member's next request; a removed member stays signed in as a plain user; all audited", async () => {
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
    // Decision 023: the owner takes the company's rights away, not the person's sign-in.
    const after = await t.inject({ method: "GET", url: "/api/auth/me", headers: session });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id, role: "user", teamRole: null });
    expect((await t.inject({ method: "GET", url: `/api/orders/preview?lines=${productId}x1`, headers: session })).statusCode).toBe(403);
    expect((await t.inject({ method: "GET", url: "/api/dealer/team", headers: session })).statusCode).toBe(403);
    const [row] = await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id));
    expect(row?.roleId).toBe(1);

    const entries = await t.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "team-member"), eq(auditLog.entityId, String(id))));
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(entries[0]?.summary).toContain("accepted the invitation to Sunrise Solar's team as technician");
    expect(entries[2]?.summary).toContain("removed from Sunrise Solar's team");
  });
});
