// @module-tag db: runs on PostgreSQL too (decision 022)
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { orderLines, orders, quotations } from "#server/db/schema/commerce.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { stockReservations } from "#server/db/schema/stock.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { accessTokenHash } from "#server/modules/quotations/quotations.service.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { addDays, harareDate } from "#shared/quotation-status.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { decoded, outboxMails } from "../support/outbox.ts";
import { firstProducts } from "../support/quotations.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: { authorization: string };
let dealer: { authorization: string };
let items: { id: number; name: string }[];

const dealerAccount = DEMO_ACCOUNTS.find((a) => a.role === "dealer");

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  dealer = await t.loginAs("dealer");
  items = await firstProducts(t, 3);
});
afterAll(() => t.close());

function quoteRequest(email = "sunrise@example.com", lines = [items[0], items[1]]) {
  return {
    customer_name: "Farai Dube",
    customer_address: "14 Kwame Nkrumah Avenue, Harare",
    customer_email: email,
    customer_phone: "+263 77 123 4567",
    notes: "",
    products: lines.map((p, i) => ({ product_id: p?.id, quantity: i + 2 })),
  };
}

async function ask(headers: Record<string, string> = {}, email?: string): Promise<number> {
  const res = await t.inject({ method: "POST", url: "/api/quotations", payload: quoteRequest(email), headers });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function view(id: number): Promise<QuotationView> {
  const res = await t.inject({ method: "GET", url: `/api/quotations/?q=${id}`, headers: admin });
  return (res.json().rows as QuotationView[]).find((q) => q.id === id) as QuotationView;
}

/** The admin adds the third product and a delivery charge and a discount, then approves at 100.00 a unit. */
async function editAndApprove(id: number, days = 14): Promise<QuotationView> {
  const before = await view(id);
  const edited = await t.inject({
    method: "PUT",
    url: `/api/quotations/${id}/lines`,
    headers: admin,
    payload: {
      lines: [...before.lines.map((l) => ({ id: l.id, quantity: l.quantity })), { product_id: items[2]?.id, quantity: 1, price: "40.00" }],
      charges: [
        { kind: "delivery", label: "Delivery to Mutare", amount: "85.00" },
        { kind: "discount", label: "Opening discount", amount: "15" },
      ],
    },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const lines = (edited.json() as QuotationView).lines;
  const approved = await t.inject({
    method: "PUT",
    url: `/api/quotations/${id}`,
    headers: admin,
    payload: {
      status: "approved",
      currency: "USD",
      validUntil: addDays(harareDate(new Date()), days),
      lines: lines.map((l) => ({ id: l.id, price: l.quoted_price ?? "100.00" })),
    },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as QuotationView;
}

async function ordersOf(quotationId: number) {
  return t.database.db.select().from(orders).where(eq(orders.quotationId, quotationId));
}

describe("the admin edits a quotation's lines and charges before approving", () => {
  it("adds a product, a delivery charge and a discount; the totals include them; audited", async () => {
    const id = await ask(dealer);
    const q = await editAndApprove(id);
    expect(q.lines.map((l) => [l.product_id, l.quantity, l.quoted_price, l.added_by_admin])).toEqual([
      [items[0]?.id, 2, "100.00", false],
      [items[1]?.id, 3, "100.00", false],
      [items[2]?.id, 1, "40.00", true],
    ]);
    expect(q.charges.map((c) => [c.kind, c.label, c.amount])).toEqual([
      ["delivery", "Delivery to Mutare", "85.00"],
      ["discount", "Opening discount", "15.00"],
    ]);
    // 200 + 300 + 40 + 85 − 15 = 610.00 excl. VAT. The seeded products and the charges are at the standard rate.
    expect(q.subtotal).toBe("610.00");
    const vat = (61_000n * BigInt(Math.round(Number(q.vat_rate) * 100))) / 10_000n;
    expect(q.vat).toBe(`${vat / 100n}.${String(vat % 100n).padStart(2, "0")}`);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "quotation"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "edit-lines")));
    expect(entry?.summary).toContain("1 added");
    // An approved quotation's lines are not changed: reject it first.
    const again = await t.inject({
      method: "PUT",
      url: `/api/quotations/${id}/lines`,
      headers: admin,
      payload: { lines: [{ id: q.lines[0]?.id, quantity: 1 }] },
    });
    expect(again.statusCode).toBe(409);
  });

  it("removes lines left out, refuses a line of another quotation, and is for admins only", async () => {
    const id = await ask(dealer);
    const q = await view(id);
    const res = await t.inject({
      method: "PUT",
      url: `/api/quotations/${id}/lines`,
      headers: admin,
      payload: { lines: [{ id: q.lines[1]?.id, quantity: 5 }], charges: [] },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as QuotationView).lines.map((l) => [l.product_id, l.quantity])).toEqual([[items[1]?.id, 5]]);
    const foreign = await t.inject({
      method: "PUT",
      url: `/api/quotations/${id}/lines`,
      headers: admin,
      payload: { lines: [{ id: 999_999, quantity: 1 }] },
    });
    expect(foreign.statusCode).toBe(400);
    const asDealer = await t.inject({ method: "PUT", url: `/api/quotations/${id}/lines`, headers: dealer, payload: { lines: [] } });
    expect(asDealer.statusCode).toBe(403);
  });
});

describe("POST /api/quotations/{id}/accept", () => {
  it("places one order at the quoted prices with the charges as lines, and answers the same order again", async () => {
    const id = await ask(dealer);
    await editAndApprove(id);
    const heldBefore = await t.database.db.select().from(stockReservations).where(eq(stockReservations.quotationId, id));
    expect(heldBefore.some((r) => r.status === "active")).toBe(true);
    const first = await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: dealer, payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json().order_id as number;
    expect(orderId).toEqual(expect.any(Number));
    const second = await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: dealer, payload: {} });
    expect(second.json()).toEqual({ order_id: orderId, status: "accepted" });
    expect(await ordersOf(id)).toHaveLength(1);

    const [order] = await ordersOf(id);
    const [me] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, dealerAccount?.username as string));
    expect(order).toMatchObject({ userId: me?.id, placedBy: me?.id, currency: "USD", subtotal: "610.00", status: "awaiting_payment" });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    expect(lines.map((l) => [l.kind, l.quantity, l.unitPrice])).toEqual([
      ["product", 2, "100.00"],
      ["product", 3, "100.00"],
      ["product", 1, "40.00"],
      ["delivery", 1, "85.00"],
      ["discount", 1, "-15.00"],
    ]);
    // The quotation's hold went to the order at the same branch.
    const held = await t.database.db.select().from(stockReservations).where(eq(stockReservations.quotationId, id));
    expect(held.every((r) => r.status !== "active")).toBe(true);
    const orderHeld = await t.database.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
    expect(orderHeld.length).toBeGreaterThan(0);
    expect(new Set(orderHeld.map((r) => r.branchId))).toEqual(new Set(heldBefore.map((r) => r.branchId)));

    const mine = (await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers: dealer })).json() as QuotationView[];
    expect(mine.find((q) => q.id === id)).toMatchObject({ status: "accepted", order_id: orderId });
  });

  it("two acceptances at once place one order", async () => {
    const id = await ask(dealer);
    await editAndApprove(id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: dealer, payload: {} })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().order_id)).size).toBe(1);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it("is 409 for an expired quotation and for one not approved", async () => {
    const pending = await ask(dealer);
    const notYet = await t.inject({ method: "POST", url: `/api/quotations/${pending}/accept`, headers: dealer, payload: {} });
    expect(notYet.statusCode).toBe(409);
    const id = await ask(dealer);
    await editAndApprove(id);
    await t.database.db
      .update(quotations)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(quotations.id, id));
    const expired = await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: dealer, payload: {} });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    expect(await ordersOf(id)).toHaveLength(0);
  });

  it("refuses another dealer (404), a technician of the company (403) and a visitor without the token (404)", async () => {
    const id = await ask(dealer);
    await editAndApprove(id);
    // Another dealer company.
    const [other] = await t.database.db
      .insert(users)
      .values({
        fullName: "Rival Dealer",
        username: "rival-dealer",
        email: "rival@example.com",
        passwordHash: await hashPassword("rival-dealer-2026"),
        roleId: ROLE_IDS.dealer,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await t.database.db.insert(dealers).values({ userId: other?.id as number, registeredCompany: "Rival", regStatus: "Approved" });
    const rivalLogin = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { user: "rival-dealer", password: "rival-dealer-2026" },
    });
    const rival = { authorization: `Bearer ${rivalLogin.json().token}` };
    expect((await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: rival, payload: {} })).statusCode).toBe(404);

    // A technician of the demo dealer's company.
    const [me] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, dealerAccount?.username as string));
    const [company] = await t.database.db
      .select()
      .from(dealers)
      .where(eq(dealers.userId, me?.id as number));
    const [tech] = await t.database.db
      .insert(users)
      .values({
        fullName: "Tech Nician",
        username: "tech-nician",
        email: "tech@example.com",
        passwordHash: await hashPassword("tech-nician-2026"),
        roleId: ROLE_IDS.technician,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await t.database.db.insert(companyMembers).values({ userId: tech?.id as number, dealerId: company?.id as number, role: "technician" });
    const techLogin = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { user: "tech-nician", password: "tech-nician-2026" },
    });
    const technician = { authorization: `Bearer ${techLogin.json().token}` };
    expect((await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, headers: technician, payload: {} })).statusCode).toBe(
      403,
    );

    expect((await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, payload: {} })).statusCode).toBe(404);
    expect(await ordersOf(id)).toHaveLength(0);
  });

  it("a visitor accepts through the private link's token: sales is told, no order; a wrong token is refused", async () => {
    const email = "visitor.accepts@example.com";
    const id = await ask({}, email);
    const before = (await outboxMails(t.dataDir)).length;
    await editAndApprove(id);
    const approvedMail = (await outboxMails(t.dataDir))
      .slice(before)
      .map(decoded)
      .find((m) => m.includes(`quotation #${id}`));
    const token = approvedMail?.match(/\/quotations\/\d+\/accept\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, id));
    expect(row?.accessTokenHash).toBe(accessTokenHash(token as string));

    const wrong = await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, payload: { token: "not-the-token" } });
    expect(wrong.statusCode).toBe(404);
    const mailsBefore = (await outboxMails(t.dataDir)).length;
    const ok = await t.inject({ method: "POST", url: `/api/quotations/${id}/accept`, payload: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ order_id: null, status: "accepted" });
    const mails = (await outboxMails(t.dataDir)).slice(mailsBefore).map(decoded);
    expect(mails.some((m) => m.includes(`Quotation #${id} accepted by Farai Dube`))).toBe(true);
    expect(await ordersOf(id)).toHaveLength(0);
    expect((await view(id)).status).toBe("accepted");
  });
});

describe("the reminder three days before expiry", () => {
  it("is sent once, to quotations expiring within three days (a moved clock)", async () => {
    const id = await ask({}, "reminded@example.com");
    const q = await editAndApprove(id, 10);
    const validUntil = new Date(q.valid_until as string);
    const service = t.app.services.quotations;
    // Eight days before: too early.
    expect(await service.remindExpiring(new Date(validUntil.getTime() - 8 * 86_400_000))).toBe(0);
    const before = (await outboxMails(t.dataDir)).length;
    const twoDaysBefore = new Date(validUntil.getTime() - 2 * 86_400_000);
    expect(await service.remindExpiring(twoDaysBefore)).toBeGreaterThanOrEqual(1);
    expect(await service.remindExpiring(new Date(twoDaysBefore.getTime() + 3_600_000))).toBe(0);
    const mails = (await outboxMails(t.dataDir)).slice(before).map(decoded);
    expect(mails.filter((m) => m.includes(`Your quotation #${id} expires on`))).toHaveLength(1);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(quotations)
      .where(and(eq(quotations.id, id)));
    expect(row?.n).toBe(1);
  });
});

describe("the demo", () => {
  it("has the demo dealer's approved quotation of three lines and a delivery charge, valid two weeks or more", async () => {
    const mine = (await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers: dealer })).json() as QuotationView[];
    const waiting = mine.filter(
      (q) =>
        q.notes.startsWith("5 kVA home kit") &&
        q.status === "approved" &&
        q.lines.length >= 3 &&
        q.charges.some((c) => c.kind === "delivery") &&
        new Date(q.valid_until as string).getTime() > Date.now() + 14 * 86_400_000,
    );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.total).not.toBeNull();
  });
});
