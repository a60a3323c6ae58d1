// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { contactMessages, orders, quotations } from "#server/db/schema/commerce.ts";
import { dealerDocuments, dealerStatusHistory, dealers } from "#server/db/schema/dealers.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { MAIL_JOB } from "#server/platform/mailer/mail-queue.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Decision 007: a change that sends mail queues its mail job in its own transaction, so a crash between
 * the commit and the queue cannot lose the mail while the change stays. The database is made to refuse mail jobs (a
 * trigger on `jobs`, as a crash would leave no job): the change must then be rolled back with it, not committed
 * without its mail. Without the trigger both the change and its mail jobs are there.
 */
let t: TestApp;
let productIds: number[];
let ip = 10;
const freshIp = () => `10.17.0.${ip++}`;

beforeAll(async () => {
  t = await createTestApp();
  productIds = (await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(2)).map(
    (p) => p.id,
  );
});
afterEach(() => allowMailJobs());
afterAll(() => t?.close());

async function refuseMailJobs() {
  await t.database.db.execute(
    sql.raw(`create or replace function refuse_mail_job() returns trigger language plpgsql as $$
      begin raise exception 'mail job refused (test)'; end $$`),
  );
  await t.database.db.execute(
    sql.raw(`create trigger refuse_mail_job before insert on jobs for each row when (new.kind = '${MAIL_JOB}')
      execute function refuse_mail_job()`),
  );
}
async function allowMailJobs() {
  await t.database.db.execute(sql.raw("drop trigger if exists refuse_mail_job on jobs"));
}

/** The recipients and subjects of the mail jobs queued after job id `after`. */
async function mailJobsAfter(after: number) {
  const rows = await t.database.db
    .select({ id: jobs.id, payload: jobs.payload })
    .from(jobs)
    .where(sql`${jobs.kind} = ${MAIL_JOB} and ${jobs.id} > ${after}`);
  return rows.map((r) => r.payload as { to: string; subject: string });
}
async function lastJobId(): Promise<number> {
  const [row] = await t.database.db.select({ id: sql<number>`coalesce(max(${jobs.id}), 0)::int` }).from(jobs);
  return Number(row?.id ?? 0);
}

/**
 * The case every test makes: with mail jobs refused, `send` fails (500) and `stored` finds nothing, nor any mail job;
 * with them allowed, the same request succeeds (`created`) and `stored` finds one row. Answers the mail jobs queued.
 */
async function bothOrNeither(send: () => Promise<LightMyRequestResponse>, stored: () => Promise<unknown[]>, created = 201) {
  const jobsBefore = await lastJobId();
  await refuseMailJobs();
  expect((await send()).statusCode).toBe(500);
  expect(await stored()).toEqual([]);
  expect(await mailJobsAfter(jobsBefore)).toEqual([]);

  await allowMailJobs();
  const res = await send();
  expect(res.statusCode, res.body).toBe(created);
  expect(await stored()).toHaveLength(1);
  return { res, mails: await mailJobsAfter(jobsBefore) };
}

/** A collection order of the first product, as the dealer's checkout sends it. */
const orderPayload = (idempotencyKey: string) => ({
  idempotencyKey,
  currency: "USD",
  fulfilment: "collection",
  contactName: "Farai Tx",
  contactPhone: "+263 77 123 4567",
  deliveryAddress: "",
  notes: "",
  products: [{ product_id: productIds[0], quantity: 1 }],
});

describe("a change and its mail commit together, or neither does", () => {
  it("quote request: refused mail, no quotation; otherwise the quotation and its two mails", async () => {
    const email = `tx-quote-${randomUUID().slice(0, 8)}@example.com`;
    const payload = {
      customer_name: "Tendai Tx",
      customer_address: "5 Borrowdale Road, Harare",
      customer_email: email,
      customer_phone: "+263 77 123 4567",
      notes: "",
      products: [{ product_id: productIds[0], quantity: 1 }],
    };
    const stored = () => t.database.db.select().from(quotations).where(eq(quotations.requesterEmail, email));
    const { res, mails } = await bothOrNeither(
      () => t.inject({ method: "POST", url: "/api/quotations", remoteAddress: freshIp(), payload }),
      stored,
    );
    expect(mails.map((m) => m.subject).filter((s) => s.includes(`#${res.json().id}`))).toHaveLength(2);
  });

  it("sign-up: refused mail, no account; otherwise the account and its verification mail", async () => {
    const name = `tx-signup-${randomUUID().slice(0, 8)}`;
    const payload = { fullName: "Chipo Tx", username: name, email: `${name}@example.com`, password: "sunny-kopje-2026" };
    const stored = () => t.database.db.select().from(users).where(eq(users.username, name));
    const { mails } = await bothOrNeither(
      () => t.inject({ method: "POST", url: "/api/auth/register", remoteAddress: freshIp(), payload }),
      stored,
    );
    expect(mails.map((m) => m.to)).toEqual([payload.email]);
  });

  it("order: refused mail, no order; otherwise the order and its mails to the dealer and the company", async () => {
    const dealer = await t.loginAs("dealer");
    const key = randomUUID();
    const stored = () => t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    const { mails } = await bothOrNeither(
      () => t.inject({ method: "POST", url: "/api/orders", headers: dealer, payload: orderPayload(key) }),
      stored,
    );
    expect(mails).toHaveLength(2);
  });

  it("an order's payment confirmed: refused mail, still awaiting payment; otherwise paid with the dealer's mail", async () => {
    const dealer = await t.loginAs("dealer");
    const admin = await t.loginAs("admin");
    const placed = await t.inject({
      method: "POST",
      url: "/api/orders",
      headers: dealer,
      payload: orderPayload(randomUUID()),
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id as number;
    const status = async () => (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
    const confirm = () =>
      t.inject({ method: "PUT", url: `/api/orders/${id}/confirm-payment`, headers: admin, payload: { paymentReference: "TX-17" } });
    const jobsBefore = await lastJobId();
    await refuseMailJobs();
    expect((await confirm()).statusCode).toBe(500);
    expect(await status()).toBe("awaiting_payment");

    await allowMailJobs();
    expect((await confirm()).statusCode).toBe(200);
    expect(await status()).toBe("paid");
    expect(await mailJobsAfter(jobsBefore)).toHaveLength(1);
  });

  it("contact message: refused mail, no message; otherwise the message and its mails", async () => {
    const email = `tx-contact-${randomUUID().slice(0, 8)}@example.com`;
    const payload = { fullName: "Rudo Tx", email, phone: "+263 71 222 3333", notes: "Backup power for a clinic.", requestQuote: false };
    const stored = () => t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    const { mails } = await bothOrNeither(
      () => t.inject({ method: "POST", url: "/api/contact", remoteAddress: freshIp(), payload }),
      stored,
    );
    expect(mails.map((m) => m.to)).toContain(email);
  });

  it("dealer application: refused mail, not submitted; otherwise Pending with its two mails", async () => {
    const name = `tx-dealer-${randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const password = "sunny-kopje-2026";
    const signup = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: freshIp(),
      payload: { fullName: "Nyasha Tx", username: name, email, password },
    });
    expect(signup.statusCode).toBe(201);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
    const login = await t.inject({ method: "POST", url: "/api/auth/login", remoteAddress: freshIp(), payload: { user: name, password } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const userId = login.json().user.id as number;
    const company = { registeredCompanyName: "Tx Solar (Private) Limited", tradingName: "Tx Solar", companyRegistrationNumber: "17/2026" };
    expect((await t.inject({ method: "POST", url: `/api/dealer/add-dealer/${userId}`, headers, payload: company })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, userId));
    const dealerId = row?.id as number;
    await t.database.db.insert(dealerDocuments).values(
      (["tax_clearance", "certificate_of_incorporation", "director_id"] as const).map((kind) => ({
        dealerId,
        kind,
        storageKey: `dealer-documents/${dealerId}/${randomUUID()}.webp`,
        originalName: `${kind}.png`,
        mimeType: "image/webp",
        sizeBytes: 1000,
      })),
    );
    const installations = {
      installations: [1, 2, 3].map((n) => ({
        systemDescription: `Rooftop system number ${n}`,
        sizeOfSystem: `${n + 2}kW`,
        email: `client${n}@example.com`,
        phoneNumber: `+263 77 200 000${n}`,
      })),
    };
    const status = async () => (await t.database.db.select({ s: dealers.regStatus }).from(dealers).where(eq(dealers.id, dealerId)))[0]?.s;
    const history = () => t.database.db.select().from(dealerStatusHistory).where(eq(dealerStatusHistory.dealerId, dealerId));

    const jobsBefore = await lastJobId();
    await refuseMailJobs();
    // The save completes the application; its submission (status, history, mails) is one transaction.
    await t.inject({ method: "PUT", url: "/api/dealer/installations", headers, payload: installations });
    expect(await status()).toBeNull();
    expect(await history()).toEqual([]);
    expect(await mailJobsAfter(jobsBefore)).toEqual([]);

    await allowMailJobs();
    const res = await t.inject({ method: "PUT", url: "/api/dealer/installations", headers, payload: installations });
    expect(res.statusCode).toBe(200);
    expect(await status()).toBe("Pending");
    expect(await history()).toHaveLength(1);
    expect((await mailJobsAfter(jobsBefore)).map((m) => m.to)).toContain(email);
    expect(await mailJobsAfter(jobsBefore)).toHaveLength(2);
  });
});
