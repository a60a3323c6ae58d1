import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROLE_IDS, roleNameOf } from "#shared/roles.ts";
import type { DealerStatus } from "#shared/schemas/dealers.ts";
import type { documentReviewStatuses } from "#shared/schemas/documents.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalogue.ts";
import { dealerDocuments, dealerStatusHistory, dealers, installations } from "../../db/schema/dealers.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { AppError } from "../../platform/errors.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";
import { hashPassword } from "../accounts/accounts.service.ts";
import { createSettingsService } from "../content/settings.service.ts";
import { createDealersService, type DealersService } from "./dealers.service.ts";

/**
 * The dealers service on a seeded test database with a mailer that only records: every reg_status and document
 * review transition, allowed and refused, with its history rows, role changes and e-mails.
 */

let t: TestApp;
let service: DealersService;
let sent: Mail[] = [];
let salesEmail: string;
let adminActor: NonNullable<Actor>;
let counter = 0;

const actorOf = (u: { id: number; roleId: number }, emailVerified = true): NonNullable<Actor> => ({
  id: u.id,
  roleId: u.roleId,
  role: roleNameOf(u.roleId),
  sessionId: "test-session",
  emailVerified,
  companyUserId: u.id,
  teamRole: u.roleId === 2 ? "owner" : null,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const settings = createSettingsService(db);
  salesEmail = (await settings.get()).salesEmail;
  service = createDealersService({
    db,
    mailer: {
      async send(mail) {
        sent.push(mail);
      },
    },
    settings,
    accounts: t.app.services.accounts,
    audit: t.app.services.audit,
    leads: t.app.services.leads,
  });
  const [admin] = await db.select().from(users).where(eq(users.username, "admin"));
  adminActor = actorOf(admin as { id: number; roleId: number });
});
afterAll(() => t.close());
beforeEach(() => {
  sent = [];
});

type ReviewStatus = (typeof documentReviewStatuses)[number];

type Setup = {
  status?: DealerStatus | null;
  company?: boolean;
  installations?: number;
  /** Review status of the tax clearance, the certificate and each director ID, in that order. */
  docs?: ReviewStatus[];
  roleId?: number;
  password?: string;
};

/** An applicant and its application, written straight to the database. */
async function setup(opts: Setup = {}) {
  const db = t.database.db;
  const n = ++counter;
  const password = opts.password ?? "sunny-kopje-2026";
  const [user] = await db
    .insert(users)
    .values({
      fullName: `Applicant ${n}`,
      username: `applicant-${n}`,
      email: `applicant-${n}@example.com`,
      passwordHash: await hashPassword(password),
      roleId: opts.roleId ?? (opts.status === "Approved" ? ROLE_IDS.dealer : ROLE_IDS.user),
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error("no user");
  const withCompany = opts.company ?? true;
  const [dealer] = await db
    .insert(dealers)
    .values({
      userId: user.id,
      registeredCompany: withCompany ? `Company ${n} (Private) Limited` : null,
      tradingName: withCompany ? `Company ${n}` : null,
      companyRegNumber: withCompany ? `${n}/2024` : null,
      regStatus: opts.status ?? null,
      submittedAt: opts.status ? new Date() : null,
    })
    .returning();
  if (!dealer) throw new Error("no dealer");
  const count = opts.installations ?? 3;
  if (count > 0) {
    await db.insert(installations).values(
      Array.from({ length: count }, (_v, i) => ({
        dealerId: dealer.id,
        clientId: String(1_700_000_000_000 + i),
        systemDescription: `System ${i}`,
        sizeOfSystem: "5kW",
        email: `client${i}@example.com`,
        phoneNumber: "+263 77 000 0000",
      })),
    );
  }
  const reviews = opts.docs ?? ["approved", "approved", "approved"];
  const kinds = ["tax_clearance", "certificate_of_incorporation"] as const;
  const docs = reviews.length
    ? await db
        .insert(dealerDocuments)
        .values(
          reviews.map((reviewStatus, i) => ({
            dealerId: dealer.id,
            kind: kinds[i] ?? ("director_id" as const),
            storageKey: `dealer-documents/${dealer.id}/${randomUUID()}.webp`,
            originalName: `doc-${i}.png`,
            mimeType: "image/webp",
            sizeBytes: 100,
            reviewStatus,
          })),
        )
        .returning()
    : [];
  return { user, dealer, docs, actor: actorOf(user), password };
}

async function dealerRow(id: number) {
  return (await t.database.db.select().from(dealers).where(eq(dealers.id, id)))[0];
}
async function roleOf(userId: number) {
  return (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]?.roleId;
}
async function historyOf(dealerId: number) {
  return t.database.db
    .select()
    .from(dealerStatusHistory)
    .where(eq(dealerStatusHistory.dealerId, dealerId))
    .orderBy(asc(dealerStatusHistory.id));
}

/** The status of a call that must fail, or "ok". */
async function outcome(p: Promise<unknown>): Promise<number | "ok"> {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  }
}

describe("submission (refreshApplication)", () => {
  it("leaves an incomplete application alone", async () => {
    for (const opts of [
      { company: false },
      { installations: 2 },
      { docs: ["approved", "approved"] as ReviewStatus[] },
      { docs: ["pending", "pending", "rejected"] as ReviewStatus[] },
      { docs: [] },
    ]) {
      const { dealer } = await setup(opts);
      await service.refreshApplication(dealer.id);
      expect((await dealerRow(dealer.id))?.regStatus, JSON.stringify(opts)).toBeNull();
      expect(await historyOf(dealer.id)).toEqual([]);
    }
    expect(sent).toEqual([]);
  });

  it("Not Started → Pending once complete: submitted_at, a history row by the dealer, e-mails to the company and the dealer", async () => {
    const { user, dealer } = await setup({ docs: ["pending", "pending", "pending"] });
    await service.refreshApplication(dealer.id);
    const row = await dealerRow(dealer.id);
    expect(row?.regStatus).toBe("Pending");
    expect(row?.submittedAt).toBeInstanceOf(Date);
    expect(await historyOf(dealer.id)).toMatchObject([
      { fromStatus: null, toStatus: "Pending", reason: "Application submitted", changedBy: user.id },
    ]);
    expect(sent.map((m) => m.to).sort()).toEqual([user.email, salesEmail].sort());
    expect(sent.find((m) => m.to === salesEmail)?.replyTo).toBe(user.email);

    // Nothing more when already Pending.
    sent = [];
    await service.refreshApplication(dealer.id);
    expect(await historyOf(dealer.id)).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it("Rejected → Pending when the dealer completes it again; Approved and Suspended never move", async () => {
    const rejected = await setup({ status: "Rejected" });
    await service.refreshApplication(rejected.dealer.id);
    expect((await dealerRow(rejected.dealer.id))?.regStatus).toBe("Pending");
    expect(await historyOf(rejected.dealer.id)).toMatchObject([
      { fromStatus: "Rejected", toStatus: "Pending", reason: "Application resubmitted" },
    ]);
    expect(sent).toHaveLength(2);

    sent = [];
    for (const status of ["Approved", "Suspended"] as const) {
      const { dealer } = await setup({ status });
      await service.refreshApplication(dealer.id);
      expect((await dealerRow(dealer.id))?.regStatus).toBe(status);
    }
    await service.refreshApplication(2_147_483_000);
    expect(sent).toEqual([]);
  });

  it("a rejected document keeps the documents section incomplete until a newer one replaces it", async () => {
    const { dealer, actor } = await setup({ docs: ["rejected", "approved", "approved"] });
    await service.refreshApplication(dealer.id);
    expect((await dealerRow(dealer.id))?.regStatus).toBeNull();
    expect((await service.myApplication(actor)).completion).toMatchObject({ documents: false, completed: 2 });
    await t.database.db.insert(dealerDocuments).values({
      dealerId: dealer.id,
      kind: "tax_clearance",
      storageKey: `dealer-documents/${dealer.id}/${randomUUID()}.webp`,
      originalName: "new-tax.png",
      mimeType: "image/webp",
      sizeBytes: 100,
    });
    const mine = await service.myApplication(actor);
    expect(mine.completion).toMatchObject({ documents: true, completed: 3 });
    expect(mine.tax_clearance).toBe("new-tax.png");
    expect(mine.documents.map((d) => d.original_name)).toEqual(["doc-1.png", "doc-2.png", "new-tax.png"]);
    await service.refreshApplication(dealer.id);
    expect((await dealerRow(dealer.id))?.regStatus).toBe("Pending");
  });
});

describe("reg_status changes (changeStatus)", () => {
  const change = (actor: Actor, userId: number, status: DealerStatus, reason: string | null = null) =>
    service.changeStatus(actor, userId, { status, reason });

  it("is for admins: a dealer cannot approve itself or anyone (403), nor can an admin change its own record", async () => {
    const pending = await setup({ status: "Pending" });
    expect(await outcome(change(pending.actor, pending.user.id, "Approved"))).toBe(403);
    const approved = await setup({ status: "Approved" });
    expect(await outcome(change(approved.actor, approved.user.id, "Approved"))).toBe(403);
    expect(await outcome(change(approved.actor, pending.user.id, "Approved"))).toBe(403);
    expect(await outcome(change(null, pending.user.id, "Approved"))).toBe(401);
    // An admin's own record (made here by hand: admins cannot apply through the service).
    await t.database.db.insert(dealers).values({ userId: adminActor.id, regStatus: "Pending" }).onConflictDoNothing();
    expect(await outcome(change(adminActor, adminActor.id, "Approved"))).toBe(403);
    expect((await dealerRow(pending.dealer.id))?.regStatus).toBe("Pending");
    expect(await roleOf(pending.user.id)).toBe(ROLE_IDS.user);
    expect(sent).toEqual([]);
  });

  it("refuses approving an incomplete application, or one with a pending or rejected document (409)", async () => {
    for (const opts of [
      { installations: 2 },
      { company: false },
      { docs: ["approved", "approved"] as ReviewStatus[] },
      { docs: ["approved", "approved", "pending"] as ReviewStatus[] },
      { docs: ["approved", "rejected", "approved"] as ReviewStatus[] },
    ]) {
      const { user, dealer } = await setup({ status: "Pending", ...opts });
      expect(await outcome(change(adminActor, user.id, "Approved")), JSON.stringify(opts)).toBe(409);
      expect((await dealerRow(dealer.id))?.regStatus).toBe("Pending");
      expect(await roleOf(user.id)).toBe(ROLE_IDS.user);
    }
    const { user } = await setup({ status: "Pending", docs: ["approved", "pending", "approved", "pending"] });
    await expect(change(adminActor, user.id, "Approved")).rejects.toThrow("Every document must be approved first (2 pending).");
    expect(sent).toEqual([]);
  });

  it("needs a reason to reject or suspend (400)", async () => {
    const pending = await setup({ status: "Pending" });
    expect(await outcome(change(adminActor, pending.user.id, "Rejected"))).toBe(400);
    expect(await outcome(change(adminActor, pending.user.id, "Rejected", ""))).toBe(400);
    const approved = await setup({ status: "Approved" });
    expect(await outcome(change(adminActor, approved.user.id, "Suspended"))).toBe(400);
    expect((await dealerRow(pending.dealer.id))?.regStatus).toBe("Pending");
    expect((await dealerRow(approved.dealer.id))?.regStatus).toBe("Approved");
  });

  it.each([
    [null, "Approved"],
    [null, "Rejected"],
    [null, "Pending"],
    ["Pending", "Pending"],
    ["Pending", "Suspended"],
    ["Approved", "Approved"],
    ["Approved", "Rejected"],
    ["Approved", "Pending"],
    ["Rejected", "Approved"],
    ["Rejected", "Pending"],
    ["Rejected", "Rejected"],
    ["Rejected", "Suspended"],
    ["Suspended", "Suspended"],
    ["Suspended", "Rejected"],
    ["Suspended", "Pending"],
  ] as const)("refuses %s → %s (409)", async (from, to) => {
    const { user, dealer } = await setup({ status: from });
    const roleBefore = await roleOf(user.id);
    expect(await outcome(change(adminActor, user.id, to, "A reason"))).toBe(409);
    expect((await dealerRow(dealer.id))?.regStatus).toBe(from);
    expect(await roleOf(user.id)).toBe(roleBefore);
    expect(await historyOf(dealer.id)).toEqual([]);
    // A refused change leaves no audit entry either.
    const log = await t.app.services.audit.list(adminActor, { entity: "dealer", action: "", q: "", page: 1, pageSize: 200 } as never);
    expect(log.rows.filter((e) => e.entityId === String(user.id))).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("answers 404 for a user without an application", async () => {
    expect(await outcome(change(adminActor, 2_147_483_000, "Approved"))).toBe(404);
  });

  it("Pending → Rejected: history with the reason and the admin, an e-mail to the dealer, role stays 1", async () => {
    const { user, dealer } = await setup({ status: "Pending" });
    const result = await change(adminActor, user.id, "Rejected", "The company name does not match the certificate.");
    expect(result.reg_status).toBe("Rejected");
    expect(await roleOf(user.id)).toBe(ROLE_IDS.user);
    expect(await historyOf(dealer.id)).toMatchObject([
      { fromStatus: "Pending", toStatus: "Rejected", reason: "The company name does not match the certificate.", changedBy: adminActor.id },
    ]);
    expect(result.history.at(-1)?.changedBy).toEqual({ id: adminActor.id, fullName: "Rudo Admin" });
    // The decision is in the audit log, written with it.
    const log = await t.app.services.audit.list(adminActor, {
      entity: "dealer",
      action: "status",
      q: "",
      page: 1,
      pageSize: 200,
    } as never);
    expect(log.rows.find((e) => e.entityId === String(user.id))).toMatchObject({
      actorId: adminActor.id,
      actorName: "Rudo Admin",
      before: { reg_status: "Pending", role_id: ROLE_IDS.user },
      after: { reg_status: "Rejected", reason: "The company name does not match the certificate." },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(user.email);
    expect(sent[0]?.subject).toMatch(/not approved/);
    expect(sent[0]?.text).toContain("The company name does not match the certificate.");
  });

  it("Pending → Approved → Suspended → Approved: the role follows, the dealer's open session sees it at once", async () => {
    const { user, dealer } = await setup({ status: "Pending" });
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.9.0.1",
      payload: { user: user.username, password: "sunny-kopje-2026" },
    });
    const session = { authorization: `Bearer ${login.json().token}` };
    const [product] = await t.database.db.select({ id: products.productId }).from(products).limit(1);
    const seen = async () => {
      const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: session })).json();
      const item = (await t.inject({ method: "GET", url: `/api/products/get-product-by-id/${product?.id}`, headers: session })).json()[0];
      return { role_id: me.role_id, pricesShown: item.price_usd !== null };
    };
    expect(await seen()).toEqual({ role_id: 1, pricesShown: false });

    await change(adminActor, user.id, "Approved");
    expect(await roleOf(user.id)).toBe(ROLE_IDS.dealer);
    expect(await seen()).toEqual({ role_id: 2, pricesShown: true });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[user.email, expect.stringMatching(/approved/)]]);

    sent = [];
    await change(adminActor, user.id, "Suspended", "Unpaid invoices.");
    expect(await roleOf(user.id)).toBe(ROLE_IDS.user);
    expect(await seen()).toEqual({ role_id: 1, pricesShown: false });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[user.email, expect.stringMatching(/suspended/)]]);

    sent = [];
    await change(adminActor, user.id, "Approved", "Invoices paid.");
    expect(await seen()).toEqual({ role_id: 2, pricesShown: true });
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(/reinstated/)]);

    expect((await historyOf(dealer.id)).map((h) => [h.fromStatus, h.toStatus, h.reason, h.changedBy])).toEqual([
      ["Pending", "Approved", null, adminActor.id],
      ["Approved", "Suspended", "Unpaid invoices.", adminActor.id],
      ["Suspended", "Approved", "Invoices paid.", adminActor.id],
    ]);
  });

  it("Rejected → Pending only through the dealer's resubmission", async () => {
    const { user, dealer, actor } = await setup({ status: "Pending", docs: ["approved", "rejected", "approved"] });
    await change(adminActor, user.id, "Rejected", "Certificate unreadable.");
    // Completing the application again (a new certificate) submits it again.
    await t.database.db.insert(dealerDocuments).values({
      dealerId: dealer.id,
      kind: "certificate_of_incorporation",
      storageKey: `dealer-documents/${dealer.id}/${randomUUID()}.webp`,
      originalName: "certificate-2.png",
      mimeType: "image/webp",
      sizeBytes: 100,
    });
    await service.saveCompany(actor, user.id, {
      registeredCompanyName: "Fixed (Private) Limited",
      tradingName: "Fixed",
      companyRegistrationNumber: "1/2024",
      VATNumber: null,
      TIN: null,
    });
    expect((await dealerRow(dealer.id))?.regStatus).toBe("Pending");
    expect((await historyOf(dealer.id)).map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      ["Pending", "Rejected", adminActor.id],
      ["Rejected", "Pending", user.id],
    ]);
  });

  it("an admin's role is never changed by a dealer decision", async () => {
    const { user } = await setup({ status: "Pending", roleId: ROLE_IDS.admin });
    await change(adminActor, user.id, "Approved");
    expect(await roleOf(user.id)).toBe(ROLE_IDS.admin);
    await change(adminActor, user.id, "Suspended", "Test.");
    expect(await roleOf(user.id)).toBe(ROLE_IDS.admin);
  });
});

describe("document review (reviewDocument)", () => {
  const review = (actor: Actor, id: number, status: "approved" | "rejected", reason: string | null = null) =>
    service.reviewDocument(actor, id, { status, reason });

  it("is for admins, needs a reason to reject, and answers 404 for an unknown document", async () => {
    const { docs, actor } = await setup({ docs: ["pending", "pending", "pending"] });
    const id = docs[0]?.id as number;
    expect(await outcome(review(actor, id, "approved"))).toBe(403);
    expect(await outcome(review(null, id, "approved"))).toBe(401);
    expect(await outcome(review(adminActor, id, "rejected"))).toBe(400);
    expect(await outcome(review(adminActor, 2_147_483_000, "approved"))).toBe(404);
    const [row] = await t.database.db.select().from(dealerDocuments).where(eq(dealerDocuments.id, id));
    expect(row).toMatchObject({ reviewStatus: "pending", reviewedBy: null, reviewedAt: null });
  });

  it("pending → approved → rejected → approved, recording the reviewer and time; a rejection e-mails the dealer", async () => {
    const { user, docs, actor } = await setup({ docs: ["pending", "pending", "pending"] });
    const id = docs[2]?.id as number;
    const approved = await review(adminActor, id, "approved");
    expect(approved).toMatchObject({ id, review_status: "approved", review_reason: null });
    const [row] = await t.database.db.select().from(dealerDocuments).where(eq(dealerDocuments.id, id));
    expect(row?.reviewedBy).toBe(adminActor.id);
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    expect(sent).toEqual([]);

    const rejected = await review(adminActor, id, "rejected", "The ID is expired.");
    expect(rejected).toMatchObject({ review_status: "rejected", review_reason: "The ID is expired." });
    expect((await service.myApplication(actor)).completion).toMatchObject({ documents: false, completed: 2 });
    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(sent[0]?.text).toContain("The ID is expired.");

    await review(adminActor, id, "approved");
    expect((await service.myApplication(actor)).completion.documents).toBe(true);
    // Each review is in the audit log with the state before and after.
    const log = await t.app.services.audit.list(adminActor, {
      entity: "dealer-document",
      action: "",
      q: "",
      page: 1,
      pageSize: 200,
    } as never);
    expect(
      log.rows
        .filter((e) => e.entityId === String(id))
        .reverse()
        .map((e) => [e.action, e.before, e.after]),
    ).toEqual([
      ["approve", { review_status: "pending", review_reason: null }, { review_status: "approved", review_reason: null }],
      ["reject", { review_status: "approved", review_reason: null }, { review_status: "rejected", review_reason: "The ID is expired." }],
      ["approve", { review_status: "rejected", review_reason: "The ID is expired." }, { review_status: "approved", review_reason: null }],
    ]);
  });

  it("an admin cannot review the documents of its own record", async () => {
    const [mine] = await t.database.db
      .insert(dealers)
      .values({ userId: adminActor.id })
      .onConflictDoUpdate({ target: dealers.userId, set: { updatedAt: new Date() } })
      .returning();
    const [doc] = await t.database.db
      .insert(dealerDocuments)
      .values({
        dealerId: mine?.id as number,
        kind: "tax_clearance",
        storageKey: `dealer-documents/${mine?.id}/${randomUUID()}.webp`,
        originalName: "mine.png",
        mimeType: "image/webp",
        sizeBytes: 100,
      })
      .returning();
    expect(await outcome(review(adminActor, doc?.id as number, "approved"))).toBe(403);
  });
});

describe("editing the application", () => {
  const details = {
    registeredCompanyName: "X (Private) Limited",
    tradingName: "X",
    companyRegistrationNumber: "1",
    VATNumber: null,
    TIN: null,
  };
  const item = (n: number) => ({
    id: `c${n}`,
    systemDescription: `System ${n}`,
    sizeOfSystem: "5kW",
    email: `c${n}@example.com`,
    phoneNumber: "+263 77 000 0000",
  });

  it("is allowed while Not Started, Pending or Rejected, refused (409) while Approved or Suspended", async () => {
    for (const status of [null, "Pending", "Rejected"] as const) {
      const { user, actor } = await setup({ status, installations: 0 });
      expect(await outcome(service.saveCompany(actor, user.id, details)), String(status)).toBe("ok");
      expect(await outcome(service.replaceInstallations(actor, { installations: [item(1)] })), String(status)).toBe("ok");
    }
    for (const status of ["Approved", "Suspended"] as const) {
      const { user, dealer, actor } = await setup({ status });
      expect(await outcome(service.saveCompany(actor, user.id, details)), status).toBe(409);
      expect(await outcome(service.replaceInstallations(actor, { installations: [item(1)] })), status).toBe(409);
      expect(await outcome(service.addInstallations(actor, user.id, item(1))), status).toBe(409);
      expect((await dealerRow(dealer.id))?.tradingName).not.toBe("X");
    }
  });

  it("is for verified, non-back-office accounts", async () => {
    const { user } = await setup({ installations: 0 });
    expect(await outcome(service.saveCompany(actorOf(user, false), user.id, details))).toBe(403);
    expect(await outcome(service.replaceInstallations(actorOf(user, false), { installations: [] }))).toBe(403);
    expect(await outcome(service.saveCompany(adminActor, adminActor.id, details))).toBe(403);
    expect(await outcome(service.replaceInstallations(null, { installations: [] }))).toBe(401);
  });

  it("saves an installation list in one transaction: a failure on the 3rd item keeps the earlier list", async () => {
    const { user, dealer, actor } = await setup({ installations: 0 });
    await service.replaceInstallations(actor, { installations: [item(1), item(2)] });
    // Bypassing the schema's check, so the database refuses the duplicate in the middle of the save.
    expect(await outcome(service.replaceInstallations(actor, { installations: [item(3), item(4), item(3)] }))).toBe(400);
    expect(await outcome(service.addInstallations(actor, user.id, [item(5), item(6), item(5)]))).toBe(400);
    const rows = await t.database.db
      .select()
      .from(installations)
      .where(eq(installations.dealerId, dealer.id))
      .orderBy(asc(installations.id));
    expect(rows.map((r) => r.clientId)).toEqual(["c1", "c2"]);
  });
});
