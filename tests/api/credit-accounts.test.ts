import { asc, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { orders } from "#server/db/schema/commerce.ts";
import { stockLevels } from "#server/db/schema/stock.ts";
import { STEP_UP_REQUIRED } from "#server/platform/auth/actor.ts";
import { centsToDecimal, signedCents, toUsdCents } from "#shared/money.ts";
import type { Ageing, CreditSummary, Statement } from "#shared/schemas/credit.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { NoteOptions } from "#shared/schemas/tax-documents.ts";
import { missingPermissionMessage } from "#shared/staff.ts";
import { BUILT_PASSWORD, buildDealerCompany, type DealerCompany } from "../support/builders.ts";
import { dispatchBody } from "../support/dispatch.ts";
import { file, multipart } from "../support/multipart.ts";
import { orderRequest } from "../support/orders.ts";
import { attachments, decoded, header, outboxMails } from "../support/outbox.ts";
import { pdfText } from "../support/pdf-text.ts";
import { buildStaff } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Dealers who buy on account (decision 034): terms and a limit set with dealers.terms after a fresh code (decision
 * 035), orders on account that never overspend it (ten at once), invoices at dispatch, payments allocated oldest first
 * or by hand, credit notes and part payments to the cent, the statement, the ageing on a set clock, and the hold that
 * starts and lifts.
 */

let clock = new Date("2026-11-02T08:00:00Z");
let t: TestApp;
let admin: { authorization: string };
let superAdmin: { authorization: string };
let productId: number;

const cents = (v: string) => signedCents(v) as bigint;
const setDay = (day: string) => {
  clock = new Date(`${day}T08:00:00Z`);
};

async function signIn(username: string): Promise<{ authorization: string }> {
  const res = await t.inject({ method: "POST", url: "/api/auth/login", payload: { user: username, password: BUILT_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

/** A company of its own with an owner signed in. */
async function company(key: string): Promise<{ company: DealerCompany; owner: { authorization: string } }> {
  const built = await buildDealerCompany(t.database.db, key);
  return { company: built, owner: await signIn(built.owner.username) };
}

const setTerms = (who: { authorization: string }, userId: number, terms: string, limit: string) =>
  t.inject({ method: "PUT", url: `/api/dealers/${userId}/credit`, headers: who, payload: { terms, limit } });
const credit = async (owner: { authorization: string }) =>
  (await t.inject({ method: "GET", url: "/api/dealer/credit", headers: owner })).json() as CreditSummary;
const placeOnAccount = (owner: { authorization: string }, quantity = 1, opts: { currency?: "USD" | "ZWG" } = {}) =>
  t.inject({
    method: "POST",
    url: "/api/orders",
    headers: owner,
    payload: { ...orderRequest([{ product_id: productId, quantity }], { fulfilment: "collection", ...opts }), paymentTerms: "account" },
  });
async function dispatch(order: OrderView) {
  const res = await t.inject({
    method: "POST",
    url: `/api/orders/${order.id}/dispatch`,
    headers: admin,
    payload: await dispatchBody(t.database.db, order, "ready_for_collection"),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderView;
}
const ledger = async (userId: number, query = "") =>
  (await t.inject({ method: "GET", url: `/api/dealers/${userId}/ledger${query}`, headers: admin })).json() as Statement;
const pay = (userId: number, payload: Record<string, unknown>) =>
  t.inject({
    method: "POST",
    url: `/api/dealers/${userId}/payments`,
    headers: admin,
    payload: { receivedOn: clock.toISOString().slice(0, 10), currency: "USD", method: "bank_transfer", reference: "FT2611ABC", ...payload },
  });

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  [admin, superAdmin] = await Promise.all([t.loginAs("admin"), t.loginAs("super")]);
  // Decision 035: terms need a code given again within ten minutes; the Owner gives one for the whole file.
  await t.stepUp("super", superAdmin);
  // The plain product with the most units free: every order here is dispatched from stock.
  const [product] = await t.database.db
    .select({ id: products.productId })
    .from(products)
    .innerJoin(stockLevels, eq(stockLevels.productId, products.productId))
    .where(eq(products.serialised, false))
    .groupBy(products.productId)
    .orderBy(desc(sql`sum(${stockLevels.onHand} - ${stockLevels.reserved})`), asc(products.productId))
    .limit(1);
  productId = product?.id as number;
});
afterAll(() => t?.close());

describe("terms and orders on account", () => {
  it("a company on cash terms cannot order on account; only dealers.terms sets terms, after a fresh code, audited", async () => {
    const { company: c, owner } = await company("credit-cash");
    const refused = await placeOnAccount(owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe("body.paymentTerms");
    expect((await credit(owner)).terms).toBe("cash");

    // Decision 035: a sales desk lacks dealers.terms; the Manager holds it but has given no code on this session yet.
    const sales = await buildStaff(t, "credit-sales", "sales");
    const bySales = await setTerms(sales.headers, c.owner.id, "net30", "1000.00");
    expect(bySales.statusCode).toBe(403);
    expect(bySales.json().message).toBe(missingPermissionMessage("dealers.terms", "Sales"));
    const unconfirmed = await setTerms(admin, c.owner.id, "net30", "1000.00");
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().message).toBe(STEP_UP_REQUIRED);
    const zero = await setTerms(superAdmin, c.owner.id, "net30", "0");
    expect(zero.statusCode).toBe(400);
    const set = await setTerms(superAdmin, c.owner.id, "net30", "1000.00");
    expect(set.statusCode, set.body).toBe(200);
    expect(await credit(owner)).toMatchObject({ terms: "net30", limit: "1000.00", balance: "0.00", available: "1000.00", overdue: "0.00" });
    const audit = await t.inject({ method: "GET", url: "/api/audit?entity=dealer", headers: admin });
    expect(JSON.stringify(audit.json())).toContain("Net 30 days, limit USD 1000.00");
  });

  it("an order on account is released at once, due at its terms, and uses the credit; over the limit says by how much", async () => {
    setDay("2026-11-02");
    const { company: c, owner } = await company("credit-release");
    await setTerms(superAdmin, c.owner.id, "net14", "5000.00");
    const placed = await placeOnAccount(owner, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as OrderView;
    expect(order).toMatchObject({ status: "processing", payment_terms: "account", due_on: "2026-11-16", invoice: null });
    const after = await credit(owner);
    expect(after.balance).toBe(order.total_usd);
    expect(cents(after.available)).toBe(500000n - cents(order.total_usd));

    // Far more than is left: refused, saying by how much, and nothing placed.
    const perUnit = cents(order.total_usd) / 2n;
    const quantity = Number(cents(after.available) / perUnit) + 3;
    const over = await placeOnAccount(owner, quantity);
    expect(over.statusCode).toBe(400);
    expect(over.json().issues[0].message).toMatch(/^This order is USD\u00a0[\d,.]+ over your available credit/);
    expect((await credit(owner)).balance).toBe(order.total_usd);
  });

  it("ten orders at once never spend more than the limit", { tags: ["db"] }, async () => {
    const { company: c, owner } = await company("credit-race");
    await setTerms(superAdmin, c.owner.id, "net30", "100000.00");
    const first = (await placeOnAccount(owner)).json() as OrderView;
    const each = cents(first.total_usd);
    // Room for exactly three more.
    await setTerms(superAdmin, c.owner.id, "net30", ((each * 4n + each / 2n) / 100n).toString());
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeOnAccount(owner)));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 400)).toEqual([]);
    const summary = await credit(owner);
    expect(cents(summary.balance)).toBeLessThanOrEqual(cents(summary.limit));
    expect(placed.length).toBe(Number((cents(summary.limit) - each) / each));
    const onAccount = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, c.owner.id));
    expect(onAccount.length).toBe(placed.length + 1);
  });

  it("a ZWG order counts at its frozen rate", async () => {
    const { company: c, owner } = await company("credit-zwg");
    await setTerms(superAdmin, c.owner.id, "net7", "5000.00");
    const res = await placeOnAccount(owner, 1, { currency: "ZWG" });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderView;
    // The ZWG total at the order's own rate, not its USD prices.
    expect(cents((await credit(owner)).balance)).toBe(toUsdCents(cents(order.total), order.exchange_rate as string));
  });
});

describe("invoices, payments and the statement", () => {
  let c: DealerCompany;
  let owner: { authorization: string };
  let first: OrderView;
  let second: OrderView;

  beforeAll(async () => {
    setDay("2026-10-01");
    ({ company: c, owner } = await company("credit-ledger"));
    await setTerms(superAdmin, c.owner.id, "net30", "20000.00");
    first = await dispatch((await placeOnAccount(owner, 1)).json());
    setDay("2026-10-10");
    second = await dispatch((await placeOnAccount(owner, 2)).json());
  });

  it("an order on account is invoiced when it leaves, due on its order's day", async () => {
    expect(first.invoice).not.toBeNull();
    const statement = await ledger(c.owner.id, "?from=2026-10-01&to=2026-10-31");
    expect(statement.entries.map((e) => [e.kind, e.due_on])).toEqual([
      ["invoice", "2026-10-31"],
      ["invoice", "2026-11-09"],
    ]);
    expect(statement.opening_balance).toBe("0.00");
    expect(cents(statement.closing_balance)).toBe(cents(first.total_usd) + cents(second.total_usd));
  });

  it("a part payment goes to the oldest invoice first and changes the balance to the cent", async () => {
    setDay("2026-10-20");
    const before = await credit(owner);
    const res = await pay(c.owner.id, { amount: "10.01" });
    expect(res.statusCode, res.body).toBe(201);
    const after = await credit(owner);
    expect(cents(after.balance)).toBe(cents(before.balance) - 1001n);
    const s = await ledger(c.owner.id, "?from=2026-10-01&to=2026-10-31");
    const open = new Map(s.open_invoices.map((i) => [i.id, cents(i.open)]));
    expect(open.get(first.invoice?.id as number)).toBe(cents(first.total_usd) - 1001n);
    expect(open.get(second.invoice?.id as number)).toBe(cents(second.total_usd));
  });

  it("by hand, a payment goes where the admin says; what is left stays a credit; a bad line is refused on its field", async () => {
    const wrong = await pay(c.owner.id, { amount: "50.00", allocations: [{ invoice_id: second.invoice?.id, amount: "60.00" }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe("body.allocations.0.amount");

    const res = await pay(c.owner.id, {
      amount: "50.00",
      reference: "ZIPIT-7781",
      method: "zipit",
      allocations: [{ invoice_id: second.invoice?.id, amount: "30.00" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = await ledger(c.owner.id, "?from=2026-10-01&to=2026-10-31");
    expect(s.open_invoices.find((i) => i.id === second.invoice?.id)?.open).toBe(centsToDecimal(cents(second.total_usd) - 3000n));
    expect(s.summary.unallocated).toBe("20.00");
    expect(s.unallocated_payments.map((p) => p.open)).toEqual(["20.00"]);

    // The credit left, given to the first invoice by hand.
    const paymentId = s.unallocated_payments[0]?.id as number;
    const allocated = await t.inject({
      method: "POST",
      url: `/api/dealers/${c.owner.id}/payments/${paymentId}/allocations`,
      headers: admin,
      payload: { allocations: [{ invoice_id: first.invoice?.id, amount: "20.00" }] },
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect((allocated.json() as CreditSummary).unallocated).toBe("0.00");
  });

  it("a payment in ZWG counts in USD at the rate of the day it arrived, and a day after today is refused", async () => {
    const rate = (await t.inject({ method: "GET", url: "/api/exchange-rates/current?currency=ZWG" })).json().rate as string;
    const before = await credit(owner);
    const res = await pay(c.owner.id, { amount: "268.02", currency: "ZWG", method: "ecocash", reference: "MP261020.1544.A12345" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amount_usd).toBe(centsToDecimal(toUsdCents(26802n, rate)));
    expect(cents((await credit(owner)).balance)).toBe(cents(before.balance) - toUsdCents(26802n, rate));
    const later = await pay(c.owner.id, { amount: "1.00", receivedOn: "2026-10-21" });
    expect(later.statusCode).toBe(400);
    expect(later.json().issues[0].path).toBe("body.receivedOn");
  });

  it("a credit note takes its amount off the balance to the cent", async () => {
    const before = await credit(owner);
    const options = (
      await t.inject({ method: "GET", url: `/api/tax-documents/${second.invoice?.id}/note-options`, headers: admin })
    ).json() as NoteOptions;
    const line = options.lines[0];
    // A credit note needs a code given again (decision 035).
    await t.stepUp("admin", admin);
    const note = await t.inject({
      method: "POST",
      url: `/api/tax-documents/${second.invoice?.id}/credit-notes`,
      headers: admin,
      payload: { reason: "One unit returned", lines: [{ line: line?.line, quantity: 1 }] },
    });
    expect(note.statusCode, note.body).toBe(201);
    const total = cents(note.json().total);
    expect(cents((await credit(owner)).balance)).toBe(cents(before.balance) - total);
    const s = await ledger(c.owner.id);
    expect(s.entries.some((e) => e.kind === "credit_note" && cents(e.credit) === total)).toBe(true);
  });

  it("the statement's opening balance carries the period before, and its PDF and CSV say the same", async () => {
    const s = await ledger(c.owner.id, "?from=2026-10-15&to=2026-10-31");
    expect(cents(s.opening_balance)).toBe(cents(first.total_usd) + cents(second.total_usd));
    const pdf = await t.inject({ method: "GET", url: "/api/dealer/statement.pdf?from=2026-10-15&to=2026-10-31", headers: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("STATEMENT OF ACCOUNT");
    expect(text).toContain("Opening balance");
    const csv = await t.inject({ method: "GET", url: "/api/dealer/statement.csv?from=2026-10-15&to=2026-10-31", headers: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Opening balance");
    expect(csv.body).toContain("ZIPIT-7781");
    // Another company never reads it.
    const other = await company("credit-other");
    expect((await t.inject({ method: "GET", url: `/api/dealers/${c.owner.id}/ledger`, headers: other.owner })).statusCode).toBe(403);
  });
});

describe("proof of payment on account", () => {
  it("a dealer sends the bank slip of an order on account until it is cancelled", async () => {
    const { company: c, owner } = await company("credit-proof");
    await setTerms(superAdmin, c.owner.id, "net14", "5000.00");
    const order = (await placeOnAccount(owner)).json() as OrderView;
    const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6fb0" } })
      .png()
      .toBuffer();
    const body = multipart([{ name: "reference", data: "CBZ-RTGS-118822" }, file("file", "slip.png", slip)]);
    const sent = await t.inject({
      method: "POST",
      url: `/api/orders/${order.id}/payment-proof`,
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()[0]).toMatchObject({ reference: "CBZ-RTGS-118822" });
  });
});

describe("ageing and the hold", () => {
  it("puts open invoices in their buckets on the day asked, and holds a company more than 30 days overdue until it pays", async () => {
    setDay("2026-09-01");
    const { company: c, owner } = await company("credit-ageing");
    await setTerms(superAdmin, c.owner.id, "net7", "50000.00");
    const placedOld = await placeOnAccount(owner);
    expect(placedOld.statusCode, placedOld.body).toBe(201);
    const old = await dispatch(placedOld.json());
    setDay("2026-10-05");
    const recent = await dispatch((await placeOnAccount(owner)).json());
    setDay("2026-10-20");

    const ageing = async (on: string) =>
      ((await t.inject({ method: "GET", url: `/api/credit/ageing?on=${on}`, headers: admin })).json() as Ageing).rows.find(
        (r) => r.user_id === c.owner.id,
      );
    // Due 8 September and 12 October: on 6 October the first is 28 days overdue, the second not due yet.
    expect(await ageing("2026-10-06")).toMatchObject({ d1_30: old.total_usd, current: recent.total_usd, on_hold: false });
    // On 20 October the first is 42 days overdue, more than the 30 the hold allows; the second 8.
    expect(await ageing("2026-10-20")).toMatchObject({ d31_60: old.total_usd, d1_30: recent.total_usd, current: "0.00", on_hold: true });
    // Before the second was issued it is not on the books.
    expect(await ageing("2026-09-10")).toMatchObject({ d1_30: old.total_usd, current: "0.00", on_hold: false });
    expect(await ageing("2026-12-20")).toMatchObject({ over_90: old.total_usd, d61_90: recent.total_usd });

    const summary = await credit(owner);
    expect(summary.hold).toMatchObject({ invoice: old.invoice?.number, days_overdue: 42, hold_days: 30 });
    const refused = await placeOnAccount(owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].message).toMatch(/^Orders on account are paused/);
    // Cash orders still go through.
    const cash = await t.inject({
      method: "POST",
      url: "/api/orders",
      headers: owner,
      payload: orderRequest([{ product_id: productId, quantity: 1 }], { fulfilment: "collection" }),
    });
    expect(cash.statusCode).toBe(201);

    // The overdue invoice paid: the hold lifts.
    expect((await pay(c.owner.id, { amount: old.total_usd })).statusCode).toBe(201);
    expect((await credit(owner)).hold).toBeNull();
    expect((await placeOnAccount(owner)).statusCode).toBe(201);

    const csv = await t.inject({ method: "GET", url: "/api/credit/ageing.csv?on=2026-10-20", headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Total");
  });
});

describe("reminders", () => {
  it("e-mails the statement once before an invoice falls due and once when it is overdue", async () => {
    setDay("2026-08-01");
    const { company: c, owner } = await company("credit-remind");
    await setTerms(superAdmin, c.owner.id, "net7", "50000.00");
    const order = await dispatch((await placeOnAccount(owner)).json());
    const mine = async () =>
      (await outboxMails(t.dataDir)).filter((m) => header(m, "To").includes(c.owner.email) && /Due on|Overdue:/.test(header(m, "Subject")));

    // Six days before it falls due (8 August): nothing yet.
    setDay("2026-08-02");
    await t.app.services.credit.sendReminders();
    expect(await mine()).toHaveLength(0);
    // Three days before: the reminder with the statement, once however often the job runs.
    setDay("2026-08-05");
    await t.app.services.credit.sendReminders();
    await t.app.services.credit.sendReminders();
    const soon = await mine();
    expect(soon).toHaveLength(1);
    expect(header(soon[0] as string, "Subject")).toContain(order.invoice?.number as string);
    expect(attachments(soon[0] as string).map((a) => a.contentType)).toEqual(["application/pdf"]);
    // The day after the due day: the overdue one, once.
    setDay("2026-08-09");
    await t.app.services.credit.sendReminders();
    await t.app.services.credit.sendReminders();
    const all = await mine();
    expect(all).toHaveLength(2);
    expect(header(all[1] as string, "Subject")).toMatch(/^Overdue: /);
    expect(decoded(all[1] as string)).toContain("/dealer/statement");
  });
});
