// @module-tag db: runs on PostgreSQL too (decision 022)
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { orders, quotations } from "#server/db/schema/commerce.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { formatCents, signedCents } from "#shared/money.ts";
import { convertAmount, DISCOUNT_TOO_LARGE } from "#shared/quotation-totals.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { pdfText } from "../support/pdf-text.ts";
import {
  acceptAsDealer,
  adminView,
  approve,
  askQuote,
  confirmPayment,
  csvRecords,
  csvRows,
  editLines,
  firstProducts,
  type Headers,
  invoiceOf,
} from "../support/quotations.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A quotation's documents add up (decision 017): one signed figure per line everywhere, a discount negative and never
 * larger than the lines; one currency per quotation, every amount converted when it changes; no document without its
 * VAT; the CSV's figures the JSON's and the PDF's.
 */

let t: TestApp;
let admin: Headers;
let dealer: Headers;
let items: { id: number; name: string }[];
let rate: { rate: string; effective_date: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  dealer = await t.loginAs("dealer");
  items = await firstProducts(t, 3);
  rate = (await t.inject({ method: "GET", url: "/api/exchange-rates/current" })).json();
});
afterAll(() => t?.close());

const item = (i: number) => items[i] as { id: number; name: string };

describe("documents that add up", () => {
  it("refuses a discount larger than the lines and charges under the discount's field (400), changing nothing", async () => {
    const id = await askQuote(t, dealer, [{ product_id: item(0).id, quantity: 1 }]);
    const before = await adminView(t, admin, id);
    const res = await editLines(
      t,
      admin,
      id,
      before.lines.map((l) => ({ id: l.id, quantity: l.quantity })),
      [
        { kind: "delivery", amount: "50" },
        { kind: "discount", label: "Too generous", amount: "99999" },
      ],
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.charges.1.amount", message: DISCOUNT_TOO_LARGE }]);
    expect((await adminView(t, admin, id)).charges).toEqual([]);
  });

  it("refuses an approval whose prices leave the discount larger than the lines", async () => {
    const id = await askQuote(t, dealer, [{ product_id: item(0).id, quantity: 1 }]);
    const q = await adminView(t, admin, id);
    const edited = await editLines(
      t,
      admin,
      id,
      [{ id: q.lines[0]?.id as number, quantity: 1, price: "100" }],
      [{ kind: "discount", amount: "40" }],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const res = await approve(t, admin, id, { currency: "USD", lines: [{ id: q.lines[0]?.id as number, price: "30.00" }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(DISCOUNT_TOO_LARGE);
    expect((await adminView(t, admin, id)).status).toBe("pending");
  });

  it("the invoice of a quotation with a discount prints it negative, with negative VAT, and its lines add up to its total", async () => {
    const id = await askQuote(t, dealer, [{ product_id: item(0).id, quantity: 2 }]);
    const q = await adminView(t, admin, id);
    const lineId = q.lines[0]?.id as number;
    await editLines(
      t,
      admin,
      id,
      [{ id: lineId, quantity: 2, price: "100" }],
      [
        { kind: "delivery", label: "Delivery to Mutare", amount: "85" },
        { kind: "discount", label: "Opening discount", amount: "15" },
      ],
    );
    const approved = await approve(t, admin, id, { currency: "USD", lines: [{ id: lineId, price: "100.00" }] });
    expect(approved.statusCode, approved.body).toBe(200);
    const view = approved.json() as QuotationView;
    expect(view.charges.map((c) => c.signed_amount)).toEqual(["85.00", "-15.00"]);
    expect(view.subtotal).toBe("270.00");
    const orderId = await acceptAsDealer(t, dealer, id);
    await confirmPayment(t, admin, orderId);
    const content = await invoiceOf(t, orderId);
    expect(content.totals.total).toBe(view.total);
    const discount = content.lines.find((l) => l.name === "Opening discount");
    expect(discount?.net).toBe("-15.00");
    const pdf = await t.inject({ method: "GET", url: `/api/orders/${orderId}/invoice.pdf`, headers: dealer });
    const text = pdfText(pdf.rawPayload);
    // The discount's unit, VAT and line total are printed with their sign; the goods and delivery without.
    expect(text).toContain(`Opening discount`);
    expect(text).toContain(`-15.00`);
    expect(text).toContain(`-${discount?.vat.replace(/^-/, "")}`);
    expect(text).toContain(`-${discount?.total.replace(/^-/, "")}`);
    // The lines printed add up to the total printed.
    const printedTotals = content.lines.map((l) => l.total);
    for (const total of printedTotals) expect(text).toContain(formatCents(signedCents(total) ?? 0n));
    const sum = printedTotals.reduce((s, v) => s + Math.round(Number(v) * 100), 0);
    expect(sum).toBe(Math.round(Number(content.totals.total) * 100));

    // The accepted quotation keeps its PDF.
    const quotationPdf = await t.inject({ method: "GET", url: `/api/quotations/${id}/pdf`, headers: dealer });
    expect(quotationPdf.statusCode, quotationPdf.body).toBe(200);

    // Its credit note prints every figure negated, the lines as well as the totals (a discount positive).
    const cancel = await t.inject({
      method: "PUT",
      url: `/api/orders/${orderId}/status`,
      headers: admin,
      payload: { status: "cancelled", note: "Customer cancelled" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const credit = pdfText((await t.inject({ method: "GET", url: `/api/orders/${orderId}/credit-note.pdf`, headers: dealer })).rawPayload);
    for (const line of content.lines) {
      const negated = -(signedCents(line.total) ?? 0n);
      expect(credit).toContain(formatCents(negated));
    }
    expect(credit).toContain(formatCents(-(signedCents(content.totals.total) ?? 0n)));
    expect(credit).toContain(formatCents(-(signedCents(content.lines[0]?.unit_price ?? "0") ?? 0n)));
  });
});

describe("a quotation in ZWG converts every amount set in USD", () => {
  it("converts the hand-set price and the charges at the rate shown, refusing them sent unconverted", async () => {
    const id = await askQuote(t, dealer, [
      { product_id: item(0).id, quantity: 1 },
      { product_id: item(1).id, quantity: 2 },
    ]);
    const q = await adminView(t, admin, id);
    const [first, second] = q.lines as [QuotationView["lines"][number], QuotationView["lines"][number]];
    // "Edit lines": a unit price 290.00 by hand, delivery 50, installation 300 and a discount of 20, all USD.
    const edited = await editLines(
      t,
      admin,
      id,
      [
        { id: first.id, quantity: 1, price: "290.00" },
        { id: second.id, quantity: 2 },
        { product_id: item(2).id, quantity: 1 },
      ],
      [
        { kind: "delivery", amount: "50" },
        { kind: "installation", amount: "300" },
        { kind: "discount", amount: "20" },
      ],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await adminView(t, admin, id);
    const zwgList = before.products.map((p) => p.price_zwl as string);
    const lines = before.products.map((p, i) => ({ id: p.id, price: i === 0 ? "290.00" : (zwgList[i] as string) }));

    // The hand-set USD price sent as ZWG 290.00: refused under its line, with the converted figure.
    const unconverted = await approve(t, admin, id, { currency: "ZWG", lines, exchangeRate: rate.rate });
    expect(unconverted.statusCode, unconverted.body).toBe(400);
    expect(unconverted.json().issues[0].path).toBe("body.lines.0.price");
    expect(unconverted.json().issues[0].message).toContain("290.00 is the USD price set under Edit lines");

    // A rate other than the one in force: nothing is converted at a rate the admin did not see.
    const stale = await approve(t, admin, id, {
      currency: "ZWG",
      lines: lines.map((l, i) => (i === 0 ? { ...l, price: convertAmount("290.00", "USD", "ZWG", rate.rate) } : l)),
      exchangeRate: "1.0000",
    });
    expect(stale.statusCode, stale.body).toBe(409);

    const converted = convertAmount("290.00", "USD", "ZWG", rate.rate);
    const ok = await approve(t, admin, id, {
      currency: "ZWG",
      lines: lines.map((l, i) => (i === 0 ? { ...l, price: converted } : l)),
      exchangeRate: rate.rate,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const view = ok.json() as QuotationView;
    expect(view.currency).toBe("ZWG");
    expect(view.lines[0]?.quoted_price).toBe(converted);
    expect(view.charges.map((c) => c.amount)).toEqual(
      ["50.00", "300.00", "20.00"].map((usd) => convertAmount(usd, "USD", "ZWG", rate.rate)),
    );
    // The USD equivalent, the rate and its day (decision 015).
    expect(view).toMatchObject({ exchange_rate: rate.rate, rate_date: rate.effective_date, other_currency: "USD" });
    expect(Number(view.other_total)).toBeCloseTo(Number(view.total) / Number(rate.rate), 0);
    // The PDF states them too.
    const pdf = pdfText((await t.inject({ method: "GET", url: `/api/quotations/${id}/pdf`, headers: admin })).rawPayload);
    expect(pdf).toContain(`USD equivalent: excl. VAT ${formatCents(signedCents(view.other_subtotal) ?? 0n)}`);
    expect(pdf).toContain(`total ${formatCents(signedCents(view.other_total) ?? 0n)}`);
    expect(pdf).toContain(`ZWG at ${rate.rate} per USD, rate of`);
  });
});

describe("a legacy approved quotation without frozen VAT", () => {
  it("is refused acceptance (409) until an admin reapproves it; then its order and invoice carry VAT", async () => {
    const dealerAccount = DEMO_ACCOUNTS.find((a) => a.role === "dealer");
    const [me] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, dealerAccount?.username as string));
    // The demo's quotation #2: approved by the dealer's company before quotations froze VAT.
    const [legacy] = await t.database.db
      .select()
      .from(quotations)
      .where(and(eq(quotations.userId, me?.id as number), eq(quotations.status, "approved"), isNull(quotations.vatRate)))
      .orderBy(asc(quotations.id))
      .limit(1);
    if (!legacy) throw new Error("the demo has no legacy approved quotation");
    const refused = await t.inject({ method: "POST", url: `/api/quotations/${legacy.id}/accept`, headers: dealer, payload: {} });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain("must be approved again");
    expect(await t.database.db.select().from(orders).where(eq(orders.quotationId, legacy.id))).toHaveLength(0);

    // The admin reapproves it (the back office offers Reapprove on it), which freezes VAT and the rate.
    const q = await adminView(t, admin, legacy.id);
    const again = await approve(t, admin, legacy.id, {
      currency: "USD",
      lines: q.products.map((p) => ({ id: p.id, price: p.price as string })),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as QuotationView).vat_rate).not.toBeNull();
    const orderId = await acceptAsDealer(t, dealer, legacy.id);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.vatRate).not.toBeNull();
    expect(Number(order?.vat)).toBeGreaterThan(0);
    expect(order?.total).toBe((again.json() as QuotationView).total);
  });
});

describe("CSV amounts are the documents' numbers", () => {
  it("the quotations CSV's Total is the JSON's total incl. VAT, with its charges, discount and VAT", async () => {
    const id = await askQuote(t, dealer, [{ product_id: item(1).id, quantity: 3 }], "csv.total@example.com");
    const q = await adminView(t, admin, id);
    const lineId = q.lines[0]?.id as number;
    await editLines(
      t,
      admin,
      id,
      [{ id: lineId, quantity: 3, price: "120" }],
      [
        { kind: "installation", amount: "300" },
        { kind: "discount", amount: "20" },
      ],
    );
    const view = (await approve(t, admin, id, { currency: "USD", lines: [{ id: lineId, price: "120.00" }] })).json() as QuotationView;
    const res = await t.inject({ method: "GET", url: "/api/quotations/export.csv?q=csv.total", headers: admin });
    const [row] = csvRecords(res.body);
    expect(row).toMatchObject({ Id: String(id), "Excl. VAT": view.subtotal, VAT: view.vat, Total: view.total });
    expect(view.subtotal).toBe("640.00");
    // A phone is a text cell: its leading "+" never reads as a sum.
    expect(row?.Phone).toBe("'+263 77 123 4567");
  });

  it("a credit note's amounts are negative numbers, never escaped as text", async () => {
    const res = await t.inject({ method: "GET", url: "/api/tax-documents/export.csv", headers: admin });
    const rows = csvRecords(res.body).filter((r) => r.Type === "Credit note");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      for (const column of ["Excl. VAT", "VAT", "Total"]) expect(r[column]).toMatch(/^-\d+\.\d{2}$/);
    }
    expect(
      csvRows(res.body)
        .flat()
        .some((cell) => cell.startsWith("'-")),
    ).toBe(false);
  });
});
