// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "#server/db/schema/installer-network.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { rankCandidates } from "#server/modules/leads/leads.service.ts";
import { actorFrom } from "#server/platform/auth/actor.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { LEAD_TAKEN } from "#shared/schemas/leads.ts";
import { INSTALLER_NOT_FOR_DEALERS } from "#shared/schemas/quotations.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { firstProducts } from "../support/quotations.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A quote request with "I also want a certified installer" is offered to the verified dealers serving its
 * province, three at a time in a fair rotation; the first to accept within 48 hours gets the customer's contact,
 * declined or lapsed offers move on, and with no dealer left the lead is unassigned for the back office to assign.
 */

const HOUR = 3_600_000;
let t: TestApp;
let actors: Actors;
let productId: number;
const run = randomUUID().slice(0, 8);
let ipCounter = 20;

type Made = { dealerId: number; userId: number; email: string; headers: () => Promise<Record<string, string>> };

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  productId = (await firstProducts(t, 1))[0]?.id as number;
  // The demo's own profiles (if any) take no leads here: each case makes the dealers it routes among.
  await t.database.db.update(dealerProfiles).set({ leadsPaused: true });
});
afterAll(() => t?.close());

/** An approved dealer company with a published profile serving `province` (and `served`). */
async function makeDealer(
  name: string,
  province: string,
  opts: { served?: string[]; paused?: boolean; lastOfferedAt?: Date | null } = {},
): Promise<Made> {
  const db = t.database.db;
  const username = `${name.toLowerCase().replace(/\W+/g, "-")}-${run}`;
  const email = `${username}@example.com`;
  const password = `lead-test-${run}-pw`;
  const [user] = await db
    .insert(users)
    .values({
      fullName: `${name} Owner`,
      username,
      email,
      passwordHash: await hashPassword(password),
      roleId: ROLE_IDS.dealer,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const [dealer] = await db
    .insert(dealers)
    .values({
      userId: user?.id as number,
      registeredCompany: `${name} (Private) Limited`,
      tradingName: name,
      regStatus: "Approved",
      submittedAt: new Date(),
    })
    .returning({ id: dealers.id });
  const dealerId = dealer?.id as number;
  await db.insert(dealerProfiles).values({
    dealerId,
    slug: `${username}`,
    published: true,
    province,
    provincesServed: opts.served ?? [],
    leadsPaused: opts.paused ?? false,
    lastOfferedAt: opts.lastOfferedAt ?? null,
    phone: "+263 77 555 0101",
    email: `info.${email}`,
  });
  const ip = `198.51.100.${ipCounter++}`;
  let cached: Record<string, string> | null = null;
  return {
    dealerId,
    userId: user?.id as number,
    email,
    headers: async () => {
      if (cached) return cached;
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { user: username, password }, remoteAddress: ip });
      expect(res.statusCode, res.body).toBe(200);
      cached = { authorization: `Bearer ${res.json().token}` };
      return cached;
    },
  };
}

let customerCount = 0;
/** A visitor's quote request with an installer wanted in `province`: the lead's id. */
async function requestWithInstaller(province: string, source?: string): Promise<{ leadId: number; email: string; quotationId: number }> {
  customerCount++;
  const email = `customer${customerCount}.${run}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/quotations",
    remoteAddress: `203.0.113.${customerCount}`,
    payload: {
      customer_name: `Chipo Customer ${customerCount}`,
      customer_address: `${customerCount} Josiah Tongogara Street, Masvingo`,
      customer_email: email,
      customer_phone: `+263 77 900 ${String(1000 + customerCount)}`,
      notes: "Three-bedroom house, borehole pump.",
      products: [{ product_id: productId, quantity: 2 }],
      installer: true,
      installer_province: province,
      ...(source ? { source } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const quotationId = res.json().id as number;
  const [lead] = await t.database.db.select().from(leads).where(eq(leads.quotationId, quotationId));
  if (!lead) throw new Error("no lead written");
  return { leadId: lead.id, email, quotationId };
}

async function offersOf(leadId: number) {
  return t.database.db.select().from(leadOffers).where(eq(leadOffers.leadId, leadId)).orderBy(asc(leadOffers.id));
}
async function leadOf(leadId: number) {
  const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
  return lead;
}
const offeredTo = async (leadId: number) =>
  (await offersOf(leadId))
    .filter((o) => o.status === "offered")
    .map((o) => o.dealerId)
    .sort((a, b) => a - b);

describe("the rotation (pure)", () => {
  it("ranks never-offered dealers first, then the one offered longest ago, then by id; skips those already offered", () => {
    const c = [
      { dealerId: 5, lastOfferedAt: new Date("2026-01-03") },
      { dealerId: 2, lastOfferedAt: null },
      { dealerId: 9, lastOfferedAt: new Date("2026-01-01") },
      { dealerId: 1, lastOfferedAt: null },
    ];
    expect(rankCandidates(c, new Set(), 3).map((x) => x.dealerId)).toEqual([1, 2, 9]);
    expect(rankCandidates(c, new Set([1]), 3).map((x) => x.dealerId)).toEqual([2, 9, 5]);
    expect(rankCandidates(c, new Set(), 0)).toEqual([]);
  });
});

describe("asking for an installer with a quote request", () => {
  it("the province is required when the box is ticked", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/quotations",
      remoteAddress: "203.0.113.200",
      payload: {
        customer_name: "No Province",
        customer_address: "1 Main Street",
        customer_email: `noprov.${run}@example.com`,
        customer_phone: "+263 77 000 0000",
        products: [{ product_id: productId, quantity: 1 }],
        installer: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Choose your province.");
  });

  it("is refused from a dealer company (its owner, a buyer or a technician): their customer is not passed to rival installers", async () => {
    const body = {
      customer_name: "Farai Dealer",
      customer_address: "45 Lytton Road, Workington, Harare",
      customer_email: "dealer@solar-demo.example",
      customer_phone: "+263 77 234 5678",
      products: [{ product_id: productId, quantity: 1 }],
      installer: true,
      installer_province: "harare",
      source: "cart",
    };
    const before = await t.database.db.select().from(leads);
    const refused = await actors.inject("dealer", { method: "POST", url: "/api/quotations", payload: body });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().issues).toEqual([expect.objectContaining({ path: "body.installer", message: INSTALLER_NOT_FOR_DEALERS })]);
    expect(await t.database.db.select().from(leads)).toEqual(before);
    // Without the box the same request is taken.
    const { installer: _i, installer_province: _p, ...plain } = body;
    expect((await actors.inject("dealer", { method: "POST", url: "/api/quotations", payload: plain })).statusCode).toBe(201);
  });

  it("without the box no lead is written", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/quotations",
      remoteAddress: "203.0.113.201",
      payload: {
        customer_name: "No Installer",
        customer_address: "1 Main Street",
        customer_email: `noinst.${run}@example.com`,
        customer_phone: "+263 77 000 0001",
        products: [{ product_id: productId, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.database.db.select().from(leads).where(eq(leads.quotationId, res.json().id))).toEqual([]);
  });

  it("the back office's quotation says which province wants an installer, and null without one", async () => {
    const { email } = await requestWithInstaller("midlands");
    const withInstaller = await actors.inject("admin", { method: "GET", url: `/api/quotations/?q=${encodeURIComponent(email)}` });
    expect(withInstaller.json().rows.map((q: { installer_province: string | null }) => q.installer_province)).toEqual(["midlands"]);
    const without = await actors.inject("admin", {
      method: "GET",
      url: `/api/quotations/?q=${encodeURIComponent(`noinst.${run}@example.com`)}`,
    });
    expect(without.json().rows.map((q: { installer_province: string | null }) => q.installer_province)).toEqual([null]);
  });
});

describe("routing leads (issue 26 §2)", () => {
  it("offers each lead to the three least recently offered eligible dealers; paused and other provinces are skipped", async () => {
    const base = Date.now() - 10 * 24 * HOUR;
    const five: Made[] = [];
    for (let i = 0; i < 5; i++) {
      five.push(
        await makeDealer(`Rotation ${i}`, i < 4 ? "masvingo" : "midlands", {
          served: i === 4 ? ["masvingo"] : [],
          lastOfferedAt: new Date(base + i * HOUR),
        }),
      );
    }
    const paused = await makeDealer("Paused Masvingo", "masvingo", { paused: true });
    const elsewhere = await makeDealer("Elsewhere Solar", "manicaland");
    const ids = five.map((d) => d.dealerId);

    const first = await requestWithInstaller("masvingo");
    expect(await offeredTo(first.leadId)).toEqual(ids.slice(0, 3));
    const second = await requestWithInstaller("masvingo", "cart");
    // The two not offered the first lead, then the one of the first three offered longest ago (all three at once: by id).
    expect(await offeredTo(second.leadId)).toEqual([ids[0], ids[3], ids[4]].sort((a, b) => (a as number) - (b as number)));
    expect((await leadOf(second.leadId))?.source).toBe("cart");
    for (const l of [first, second]) {
      const to = (await offersOf(l.leadId)).map((o) => o.dealerId);
      expect(to).not.toContain(paused.dealerId);
      expect(to).not.toContain(elsewhere.dealerId);
    }
    // Each offered dealer is mailed, without the customer's contact.
    const mails = (await outboxMails(t.dataDir)).filter((m) => header(m, "To").includes(five[0]?.email as string));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const text = decoded(mails[0] as string);
    expect(header(mails[0] as string, "Subject")).toBe("New installation enquiry in Masvingo");
    expect(text).toContain("/dealer/leads");
    expect(text).not.toContain(first.email);
    expect(text).not.toContain("Chipo Customer");
    // Tidy: these dealers take no more leads in the later cases.
    await t.database.db.update(dealerProfiles).set({ leadsPaused: true }).where(inArray(dealerProfiles.dealerId, ids));
  });

  it("a lead in a province no dealer serves is unassigned at once and sales is told", async () => {
    const lead = await requestWithInstaller("matabeleland-south");
    expect((await leadOf(lead.leadId))?.status).toBe("unassigned");
    const mail = (await outboxMails(t.dataDir))
      .reverse()
      .find((m) => header(m, "Subject").includes(`Installation enquiry #${lead.leadId} `));
    expect(mail).toBeDefined();
  });

  it("offers lapse after 48 hours (a moved clock): the lead moves on, then becomes unassigned", async () => {
    const a = await makeDealer("Lapse A", "mashonaland-central");
    const b = await makeDealer("Lapse B", "mashonaland-central");
    const c = await makeDealer("Lapse C", "mashonaland-central");
    const d = await makeDealer("Lapse D", "mashonaland-central");
    const lead = await requestWithInstaller("mashonaland-central");
    expect(await offeredTo(lead.leadId)).toEqual([a.dealerId, b.dealerId, c.dealerId]);
    const service = t.app.services.leads;
    // 47 hours on: none of these lapses.
    await service.expireOffers(new Date(Date.now() + 47 * HOUR));
    expect(await offeredTo(lead.leadId)).toEqual([a.dealerId, b.dealerId, c.dealerId]);
    const later = new Date(Date.now() + 49 * HOUR);
    expect(await service.expireOffers(later)).toBeGreaterThanOrEqual(3);
    expect(await offeredTo(lead.leadId)).toEqual([d.dealerId]);
    expect((await leadOf(lead.leadId))?.status).toBe("open");
    // D lets it lapse too: no dealer left.
    await service.expireOffers(new Date(later.getTime() + 49 * HOUR));
    expect((await leadOf(lead.leadId))?.status).toBe("unassigned");
    const statuses = (await offersOf(lead.leadId)).map((o) => o.status);
    expect(statuses).toEqual(["expired", "expired", "expired", "expired"]);
    await t.database.db
      .update(dealerProfiles)
      .set({ leadsPaused: true })
      .where(
        inArray(
          dealerProfiles.dealerId,
          [a, b, c, d].map((x) => x.dealerId),
        ),
      );
  });

  it("a declined offer moves the lead on to the next dealer", async () => {
    const a = await makeDealer("Decline A", "mashonaland-west");
    const b = await makeDealer("Decline B", "mashonaland-west");
    const c = await makeDealer("Decline C", "mashonaland-west");
    const d = await makeDealer("Decline D", "mashonaland-west");
    const lead = await requestWithInstaller("mashonaland-west");
    const res = await t.app.inject({ method: "POST", url: `/api/dealer/leads/${lead.leadId}/decline`, headers: await b.headers() });
    expect(res.statusCode, res.body).toBe(204);
    expect(await offeredTo(lead.leadId)).toEqual([a.dealerId, c.dealerId, d.dealerId]);
    await t.database.db
      .update(dealerProfiles)
      .set({ leadsPaused: true })
      .where(
        inArray(
          dealerProfiles.dealerId,
          [a, b, c, d].map((x) => x.dealerId),
        ),
      );
  });
});

describe("accepting a lead", () => {
  it("two dealers accept at once: exactly one wins, the other gets 409; the winner's rivals are withdrawn", async () => {
    const a = await makeDealer("Race A", "bulawayo");
    const b = await makeDealer("Race B", "bulawayo");
    const c = await makeDealer("Race C", "bulawayo");
    const lead = await requestWithInstaller("bulawayo");
    const [ha, hb] = [await a.headers(), await b.headers()];
    const answers = await Promise.all([
      t.app.inject({ method: "POST", url: `/api/dealer/leads/${lead.leadId}/accept`, headers: ha }),
      t.app.inject({ method: "POST", url: `/api/dealer/leads/${lead.leadId}/accept`, headers: hb }),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toBe(LEAD_TAKEN);
    const winner = answers[0]?.statusCode === 200 ? a : b;
    const row = await leadOf(lead.leadId);
    expect(row).toMatchObject({ status: "accepted", dealerId: winner.dealerId });
    const offers = await offersOf(lead.leadId);
    expect(offers.filter((o) => o.status === "accepted").map((o) => o.dealerId)).toEqual([winner.dealerId]);
    expect(offers.find((o) => o.dealerId === c.dealerId)?.status).toBe("withdrawn");
    // The customer is told who will call.
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(lead.email));
    expect(header(mail as string, "Subject")).toContain("will call you about your installation");
    expect(decoded(mail as string)).toContain("+263 77 555 0101");
    await t.database.db
      .update(dealerProfiles)
      .set({ leadsPaused: true })
      .where(
        inArray(
          dealerProfiles.dealerId,
          [a, b, c].map((x) => x.dealerId),
        ),
      );
  });

  it("the demo dealer reads an offer without the customer's contact, accepts it, and then sees the contact; technicians 403, others 404", async () => {
    const db = t.database.db;
    const [sunrise] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, actors.identity.dealer.id));
    const sunriseId = sunrise?.id as number;
    await db
      .insert(dealerProfiles)
      .values({ dealerId: sunriseId, slug: `sunrise-${run}`, published: true, province: "manicaland" })
      .onConflictDoUpdate({
        target: dealerProfiles.dealerId,
        set: { published: true, province: "manicaland", leadsPaused: false, provincesServed: [] },
      });
    await db.update(dealerProfiles).set({ leadsPaused: true }).where(eq(dealerProfiles.province, "manicaland"));
    await db.update(dealerProfiles).set({ leadsPaused: false }).where(eq(dealerProfiles.dealerId, sunriseId));
    const lead = await requestWithInstaller("manicaland", "calculator");

    const before = await actors.inject("dealer", { method: "GET", url: "/api/dealer/leads" });
    expect(before.statusCode, before.body).toBe(200);
    const offer = before.json().leads.find((l: { id: number }) => l.id === lead.leadId);
    expect(offer).toMatchObject({ offer_status: "offered", province_name: "Manicaland", source: "calculator", contact: null });
    expect(offer.kit[0].quantity).toBe(2);
    expect(before.body).not.toContain(lead.email);
    expect(before.body).not.toContain("Chipo Customer");
    expect(before.body).not.toContain("+263 77 900");

    // A buyer of the company sees it too; a technician is refused; another company cannot answer it.
    expect((await actors.inject("buyer", { method: "GET", url: "/api/dealer/leads" })).statusCode).toBe(200);
    expect((await actors.inject("technician", { method: "GET", url: "/api/dealer/leads" })).statusCode).toBe(403);
    expect((await actors.inject("technician", { method: "POST", url: `/api/dealer/leads/${lead.leadId}/accept` })).statusCode).toBe(403);
    expect((await actors.inject("otherDealer", { method: "POST", url: `/api/dealer/leads/${lead.leadId}/accept` })).statusCode).toBe(404);

    const accepted = await actors.inject("dealer", { method: "POST", url: `/api/dealer/leads/${lead.leadId}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().contact).toMatchObject({ email: lead.email, name: expect.stringContaining("Chipo Customer") });
    const after = await actors.inject("dealer", { method: "GET", url: "/api/dealer/leads" });
    expect(after.body).toContain(lead.email);
  });

  it("a dealer pauses and resumes new leads", async () => {
    const paused = await actors.inject("dealer", { method: "PUT", url: "/api/dealer/leads/pause", payload: { paused: true } });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await actors.inject("dealer", { method: "GET", url: "/api/dealer/leads" })).json().paused).toBe(true);
    const lead = await requestWithInstaller("manicaland");
    expect((await leadOf(lead.leadId))?.status).toBe("unassigned");
    await actors.inject("dealer", { method: "PUT", url: "/api/dealer/leads/pause", payload: { paused: false } });
    expect((await actors.inject("dealer", { method: "GET", url: "/api/dealer/leads" })).json().paused).toBe(false);
  });
});

describe("the back office", () => {
  it("lists every lead with its history and assigns an unassigned one by hand: dealer and customer mailed, audited", async () => {
    const lead = await requestWithInstaller("matabeleland-south");
    expect((await leadOf(lead.leadId))?.status).toBe("unassigned");
    const list = await actors.inject("admin", { method: "GET", url: "/api/leads?status=unassigned" });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(lead.leadId);
    expect(list.json().rows.every((r: { status: string }) => r.status === "unassigned")).toBe(true);

    const other = actors.otherDealer.dealerId;
    const assigned = await actors.inject("admin", {
      method: "POST",
      url: `/api/leads/${lead.leadId}/assign`,
      payload: { dealer_id: other },
    });
    expect(assigned.statusCode, assigned.body).toBe(204);
    expect(await leadOf(lead.leadId)).toMatchObject({ status: "accepted", dealerId: other });
    const again = await actors.inject("admin", { method: "POST", url: `/api/leads/${lead.leadId}/assign`, payload: { dealer_id: other } });
    expect(again.statusCode).toBe(409);
    const listed = (await actors.inject("admin", { method: "GET", url: "/api/leads" }))
      .json()
      .rows.find((r: { id: number }) => r.id === lead.leadId);
    expect(listed).toMatchObject({ status: "accepted", assigned: true, dealer: { id: other, trading_name: "Moonrise Energy" } });
    expect(listed.offers).toEqual([expect.objectContaining({ dealer_id: other, status: "accepted" })]);

    // The other dealer now reads the contact.
    const theirs = await actors.inject("otherDealer", { method: "GET", url: "/api/dealer/leads" });
    expect(theirs.body).toContain(lead.email);
    const mails = await outboxMails(t.dataDir);
    expect(mails.some((m) => header(m, "To").includes(lead.email) && header(m, "Subject").includes("Moonrise Energy"))).toBe(true);
    expect(
      mails.some(
        (m) => header(m, "To").includes("other-dealer@example.com") && header(m, "Subject").includes("assigned to Moonrise Energy"),
      ),
    ).toBe(true);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "lead"), eq(auditLog.entityId, String(lead.leadId))));
    expect(audited?.action).toBe("assign");
    // A dealer is refused the back office's list.
    expect((await actors.inject("dealer", { method: "GET", url: "/api/leads" })).statusCode).toBe(403);
  });

  it("a service-level accept after the offer lapsed is refused", async () => {
    const a = await makeDealer("Late A", "midlands");
    const lead = await requestWithInstaller("midlands");
    const [user] = await t.database.db.select().from(users).where(eq(users.id, a.userId));
    const actor = actorFrom(user as typeof users.$inferSelect, "test");
    await expect(t.app.services.leads.accept(actor, lead.leadId, new Date(Date.now() + 49 * HOUR))).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
