import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { companyMembers } from "#server/db/schema/dealer-buying.ts";
import { dealerDocuments, dealers } from "#server/db/schema/dealers.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { DOCUMENTS_EXPIRED_HOLD } from "#server/platform/auth/actor.ts";
import { addDays } from "#shared/date-range.ts";
import { harareDate } from "#shared/dates.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { LICENCE_CLASS_INVALID, RENEWAL_NOT_DUE } from "#shared/schemas/documents.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { type FormPart, file, multipart } from "../support/multipart.ts";
import { orderRequest } from "../support/orders.ts";
import { header, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Documents that expire. Admins give an approved document its last valid day (a tax clearance: 31
 * December by default); the hourly job, run here with a moved clock, reminds the owner 30 and 7 days before (each
 * once), and from the day after puts the company on hold: no dealer prices for its owner and buyers, no checkout.
 * Approving the renewal lifts the hold. Each case uses a company of its own, made in the database.
 */

let t: TestApp;
let actors: Actors;
let productId: number;
const run = randomUUID().slice(0, 8);
const DAY = 86_400_000;
const today = harareDate(new Date());
/** Noon in Harare of the day `days` from today: the job's moved clock. */
const at = (days: number) => new Date(Date.parse(`${addDays(today, days)}T10:00:00Z`));

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#de7a37" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const [p] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = p?.id as number;
});
afterAll(() => t?.close());

const db = () => t.database.db;
type Company = { userId: number; dealerId: number; taxId: number; headers: Record<string, string>; email: string };
let companies = 0;

async function signIn(username: string, password: string, n: number): Promise<Record<string, string>> {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: `198.51.100.${100 + n}`,
    payload: { user: username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

/** An approved company whose approved tax clearance runs to `expiresOn`, signed in as its owner. */
async function company(expiresOn: string | null): Promise<Company> {
  const n = ++companies;
  const username = `expiry-${run}-${n}`;
  const password = `expiry-${n}-password-2026`;
  const email = `${username}@example.com`;
  const [user] = await db()
    .insert(users)
    .values({
      fullName: `Owner ${n}`,
      username,
      email,
      passwordHash: await hashPassword(password),
      roleId: ROLE_IDS.dealer,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const userId = user?.id as number;
  const [dealer] = await db()
    .insert(dealers)
    .values({
      userId,
      registeredCompany: `Expiry ${n} (Private) Limited`,
      tradingName: `Expiry Solar ${n}`,
      companyRegNumber: `EX/${run}/${n}`,
      regStatus: "Approved",
    })
    .returning({ id: dealers.id });
  const dealerId = dealer?.id as number;
  const doc = (kind: "tax_clearance" | "certificate_of_incorporation" | "director_id", exp: string | null) => ({
    dealerId,
    kind,
    storageKey: `dealer-documents/${dealerId}/${randomUUID()}.png`,
    originalName: `${kind}.png`,
    mimeType: "image/png",
    sizeBytes: 1000,
    reviewStatus: "approved" as const,
    expiresOn: exp,
  });
  const [tax] = await db()
    .insert(dealerDocuments)
    .values([doc("tax_clearance", expiresOn), doc("certificate_of_incorporation", null), doc("director_id", null)])
    .returning({ id: dealerDocuments.id });
  return { userId, dealerId, taxId: tax?.id as number, headers: await signIn(username, password, n), email };
}

/** A buyer of the company, signed in. */
async function buyerOf(c: Company): Promise<Record<string, string>> {
  const n = ++companies;
  const username = `expiry-buyer-${run}-${n}`;
  const password = `expiry-buyer-${n}-password-2026`;
  const [user] = await db()
    .insert(users)
    .values({
      fullName: `Buyer ${n}`,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password),
      roleId: ROLE_IDS.dealer,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  await db()
    .insert(companyMembers)
    .values({ userId: user?.id as number, dealerId: c.dealerId, role: "buyer" });
  return signIn(username, password, n);
}

const mailsTo = async (email: string) => (await outboxMails(t.dataDir)).filter((m) => header(m, "To").includes(email));
const subjects = async (email: string) => (await mailsTo(email)).map((m) => header(m, "Subject"));
const job = (days: number) => t.app.services.documentExpiry.run(at(days));
const taxDoc = async (id: number) => (await db().select().from(dealerDocuments).where(eq(dealerDocuments.id, id)))[0];
const holdOf = async (c: Company) => (await db().select().from(dealers).where(eq(dealers.id, c.dealerId)))[0]?.documentsExpiredAt ?? null;
/** The product as the headers' session reads it (the answer is a list of one). */
const product = async (headers: Record<string, string>) => {
  const res = await t.inject({ method: "GET", url: `/api/products/get-product-by-id/${productId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0] as { price_usd?: string | null; price_breaks?: unknown };
};
const placeOrder = (headers: Record<string, string>) =>
  t.inject({
    method: "POST",
    url: "/api/orders",
    headers,
    payload: orderRequest([{ product_id: productId, quantity: 1 }], { fulfilment: "collection", contactName: "Expiry order" }),
  });
const upload = (c: Company, parts: FormPart[], route = "upload-documents") => {
  const body = multipart(parts);
  return t.inject({
    method: "POST",
    url: `/api/dealer/${route}/${c.userId}`,
    headers: { ...c.headers, ...body.headers },
    payload: body.payload,
  });
};
const review = (documentId: number, payload: object) =>
  actors.inject("admin", { method: "PUT", url: `/api/dealer/documents/${documentId}/review`, payload });

describe("reminders before expiry", () => {
  it("sends the 30-day reminder once however often the job runs, then the 7-day one once", async () => {
    const c = await company(addDays(today, 40));
    await job(0); // 40 days left: nothing yet
    expect(await mailsTo(c.email)).toHaveLength(0);

    await job(10); // 30 days left
    await job(10);
    await job(15);
    let sent = await subjects(c.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Your tax clearance expires on");
    expect((await taxDoc(c.taxId))?.reminder30SentAt).not.toBeNull();

    await job(33); // 7 days left
    await job(34);
    sent = await subjects(c.email);
    expect(sent).toHaveLength(2);
    expect((await taxDoc(c.taxId))?.reminder7SentAt).not.toBeNull();
    // Never on hold before the day after expiry, the last valid day included.
    await job(40);
    expect(await holdOf(c)).toBeNull();
  });

  it("a late job sends only the most urgent reminder, never both at once", async () => {
    const c = await company(addDays(today, 20));
    await job(15); // 5 days left, the 30-day reminder never went
    const sent = await mailsTo(c.email);
    expect(sent).toHaveLength(1);
    const doc = await taxDoc(c.taxId);
    expect([doc?.reminder30SentAt, doc?.reminder7SentAt !== null]).toEqual([null, true]);
    await job(16);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });
});

describe("the hold from the day after expiry", () => {
  it("suspends prices (owner and buyer) and checkout the day after expiry, not on the day itself; the renewal's approval restores them", async () => {
    const c = await company(addDays(today, 3));
    const buyer = await buyerOf(c);
    expect((await product(c.headers)).price_usd).toBeTruthy();
    expect((await product(buyer)).price_usd).toBeTruthy();

    // The last valid day: still trading.
    await job(3);
    expect(await holdOf(c)).toBeNull();

    // The day after: on hold, notified once, audited.
    const onHold = await job(4);
    expect(onHold.holds).toBe(1);
    await job(4);
    expect(await holdOf(c)).not.toBeNull();
    expect((await subjects(c.email)).filter((s) => s.includes("has expired"))).toHaveLength(1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "dealer"), eq(auditLog.entityId, String(c.userId)), eq(auditLog.action, "documents-expired")));
    expect(entry?.summary).toContain("tax clearance expired on");

    // No dealer price for the owner nor the company's buyer, anywhere the product is read.
    for (const who of [c.headers, buyer]) {
      const seen = await product(who);
      expect(seen.price_usd ?? null).toBeNull();
      expect(seen.price_breaks ?? null).toBeNull();
    }
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: c.headers });
    expect(me.json()).toMatchObject({ documentsExpired: true });

    // No checkout: the order, the preview and the price list are refused with the hold's words.
    const refused = await placeOrder(c.headers);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(DOCUMENTS_EXPIRED_HOLD);
    expect((await placeOrder(buyer)).statusCode).toBe(403);
    expect((await t.inject({ method: "GET", url: "/api/dealer/price-list", headers: c.headers })).statusCode).toBe(403);

    // The renewal: uploaded while on hold, pending; the old document stays current until it is approved.
    const renewal = await upload(c, [file("taxClearance", "tax-clearance-2027.png", await png())], "upload-tax-clearance-certificate");
    expect(renewal.statusCode, renewal.body).toBe(200);
    const kinds = renewal.json().documents.filter((d: { kind: string }) => d.kind === "tax_clearance");
    expect(kinds.map((d: { review_status: string; expires_on: string | null }) => [d.review_status, d.expires_on])).toEqual([
      ["approved", addDays(today, 3)],
      ["pending", null],
    ]);
    const sales = (await outboxMails(t.dataDir)).filter((m) => header(m, "Subject").includes("renewal to review"));
    expect(sales.length).toBeGreaterThan(0);
    const newId = renewal.json().uploaded[0].id as number;

    // An expiry date in the past is refused.
    const past = await review(newId, { status: "approved", expires_on: addDays(today, -1) });
    expect(past.statusCode, past.body).toBe(400);

    const approved = await review(newId, { status: "approved", expires_on: addDays(today, 400) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ expires_on: addDays(today, 400), expired: false });
    expect(await holdOf(c)).toBeNull();
    expect((await subjects(c.email)).some((s) => s.includes("Your dealer prices are restored"))).toBe(true);

    // Restored on the session's next request: prices and checkout again.
    expect((await product(c.headers)).price_usd).toBeTruthy();
    const placed = await placeOrder(c.headers);
    expect(placed.statusCode, placed.body).toBe(201);
    // The job does not put it back on hold: the renewal is the current document now.
    await job(5);
    expect(await holdOf(c)).toBeNull();
  });
});

describe("expiry dates on review, the ZERA licence and renewals", () => {
  it("a tax clearance approved without a date runs to 31 December of this year", async () => {
    const c = await company(null);
    // An approved company's tax clearance without expiry is not due: a renewal is refused before the files are read.
    const notDue = await upload(c, [file("taxClearance", "tax.png", await png())], "upload-tax-clearance-certificate");
    expect(notDue.statusCode, notDue.body).toBe(409);
    // Made due: the current one expires within 60 days.
    await db()
      .update(dealerDocuments)
      .set({ expiresOn: addDays(today, 20) })
      .where(eq(dealerDocuments.id, c.taxId));
    const renewal = await upload(c, [file("taxClearance", "tax-2027.png", await png())], "upload-tax-clearance-certificate");
    expect(renewal.statusCode, renewal.body).toBe(200);
    const res = await review(renewal.json().uploaded[0].id, { status: "approved" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().expires_on).toBe(`${today.slice(0, 4)}-12-31`);
  });

  it("a renewal upload is refused (409) when the current document is not expiring", async () => {
    const c = await company(addDays(today, 200));
    const res = await upload(c, [file("taxClearance", "tax.png", await png())], "upload-tax-clearance-certificate");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(RENEWAL_NOT_DUE);
    const all = await upload(c, [file("taxClearance", "tax.png", await png())]);
    expect(all.statusCode, all.body).toBe(409);
    // The certificate (approved, no expiry) is locked as before.
    const cert = await upload(c, [file("certificate", "cert.png", await png())]);
    expect(cert.statusCode).toBe(409);
  });

  it("a ZERA licence is uploaded with its class at any time, and the admin confirms or changes it on approval", async () => {
    const c = await company(addDays(today, 200));
    const noClass = await upload(c, [file("zeraLicence", "zera.png", await png())]);
    expect(noClass.statusCode, noClass.body).toBe(400);
    expect(noClass.json().message).toBe(LICENCE_CLASS_INVALID);

    const res = await upload(c, [{ name: "licenceClass", data: "ST2" }, file("zeraLicence", "zera.png", await png())]);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().uploaded[0];
    expect(doc).toMatchObject({ kind: "zera_licence", licence_class: "ST2", review_status: "pending", expires_on: null });

    const approved = await review(doc.id, { status: "approved", licence_class: "ST3", expires_on: addDays(today, 365) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ licence_class: "ST3", expires_on: addDays(today, 365), expiry_state: "valid" });
  });

  it("the ZERA licence is not required for an application's completion", async () => {
    const c = await company(addDays(today, 200));
    const app = await actors.inject("admin", { method: "GET", url: `/api/dealer/${c.userId}` });
    expect(app.statusCode, app.body).toBe(200);
    expect(app.json().completion).toMatchObject({ documents: true });
  });

  it("admins see the dealers whose documents expire in the next 60 days, expired first", async () => {
    const soon = await company(addDays(today, 10));
    const gone = await company(addDays(today, -2));
    const list = await t.app.services.documentExpiry.expiringSoon(
      {
        id: actors.identity.admin.id,
        roleId: ROLE_IDS.admin,
        role: "admin",
        sessionId: "x",
        emailVerified: true,
        companyUserId: actors.identity.admin.id,
        teamRole: null,
      },
      new Date(Date.now() + 0 * DAY),
    );
    const ours = list.filter((r) => r.dealer_user_id === soon.userId || r.dealer_user_id === gone.userId);
    expect(ours.map((r) => [r.dealer_user_id, r.days_left, r.expired])).toEqual([
      [gone.userId, -2, true],
      [soon.userId, 10, false],
    ]);
  });
});
