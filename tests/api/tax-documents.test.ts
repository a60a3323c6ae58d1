// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { orderLines, orders, quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { TaxDocumentView } from "#shared/schemas/tax-documents.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { header, outboxMails } from "../support/outbox.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * VAT by the order's day, tax invoices on payment with gapless numbers, credit notes on cancelling a
 * paid order, and who may read them. The clock is the test's (`now`), so the tax point is a day we choose.
 */

let day = new Date("2026-11-26T08:00:00Z");
let t: TestApp;
let actors: Actors;
let productIds: number[];

beforeAll(async () => {
  t = await createTestApp({ now: () => day });
  actors = await createActors(t);
  const rows = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(3);
  productIds = rows.map((r) => r.id);
});
afterAll(() => t?.close());

const cents = (v: string) => Math.round(Number(v) * 100);

async function place(lines: [number, number][] = [[productIds[0] as number, 2]], currency = "USD"): Promise<OrderView> {
  const res = await actors.inject("dealer", {
    method: "POST",
    url: "/api/orders",
    payload: {
      idempotencyKey: randomUUID(),
      currency,
      fulfilment: "collection",
      contactName: "Farai Dealer",
      contactPhone: "+263 77 123 4567",
      deliveryAddress: "",
      notes: "",
      products: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OrderView;
}

const confirm = (id: number) =>
  actors.inject("admin", { method: "PUT", url: `/api/orders/${id}/confirm-payment`, payload: { paymentReference: "ZIPIT 1" } });

describe("VAT by the order's day (issue 21 §3)", () => {
  it("an order placed on 31 December 2025 carries 15 %, one placed on 1 January 2026 carries 15.5 %", async () => {
    try {
      day = new Date("2025-12-31T21:30:00Z"); // 23:30 in Harare, still the 31st
      const old = await place();
      day = new Date("2025-12-31T22:30:00Z"); // 00:30 on 1 January in Harare
      const next = await place();
      expect(old.vat_rate).toBe("15.00");
      expect(next.vat_rate).toBe("15.50");
      expect(cents(old.vat)).toBe(Math.round(cents(old.subtotal) * 0.15));
      expect(cents(next.vat)).toBe(Math.round(cents(next.subtotal) * 0.155));
      expect(old.products[0]?.vat_rate).toBe("15.00");
    } finally {
      day = new Date("2026-11-26T08:00:00Z");
    }
  });

  it("a zero-rated product carries 0 % and an exempt one no VAT, each in the order's VAT summary", async () => {
    const [a, b, c] = productIds as [number, number, number];
    await t.database.db.update(products).set({ vatCategory: "zero_rated" }).where(eq(products.productId, b));
    await t.database.db.update(products).set({ vatCategory: "exempt" }).where(eq(products.productId, c));
    try {
      const o = await place([
        [a, 1],
        [b, 1],
        [c, 1],
      ]);
      expect(o.products.map((l) => [l.vat_category, l.vat_rate])).toEqual([
        ["standard", "15.50"],
        ["zero_rated", "0.00"],
        ["exempt", null],
      ]);
      expect(o.products[1]?.line_vat).toBe("0.00");
      expect(o.products[2]?.line_vat).toBe("0.00");
      expect(cents(o.vat)).toBe(Math.round(cents(o.products[0]?.line_total as string) * 0.155));
    } finally {
      await t.database.db.update(products).set({ vatCategory: "standard" }).where(eq(products.productId, b));
      await t.database.db.update(products).set({ vatCategory: "standard" }).where(eq(products.productId, c));
    }
  });

  it("a placed order and an approved quotation keep their amounts after the VAT rate and the exchange rate change", async () => {
    const o = await place([[productIds[0] as number, 3]], "ZWG");
    const request = await t.inject({
      method: "POST",
      url: "/api/quotations",
      remoteAddress: "10.21.0.1",
      payload: {
        customer_name: "Chiedza Requester",
        customer_address: "12 Herbert Chitepo Avenue, Mutare",
        customer_email: "vat-freeze@example.com",
        customer_phone: "+263 77 555 0101",
        notes: "",
        products: [{ product_id: productIds[0], quantity: 2 }],
      },
    });
    expect(request.statusCode).toBe(201);
    const approved = await actors.inject("admin", {
      method: "PUT",
      url: `/api/quotations/${request.json().id}`,
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);
    const quoted = approved.json();
    expect(quoted.vat_rate).toBe("15.50");
    expect(cents(quoted.vat)).toBe(Math.round(cents(quoted.subtotal) * 0.155));
    expect(cents(quoted.total)).toBe(cents(quoted.subtotal) + cents(quoted.vat));
    // A new VAT rate takes effect from a later day (decision 015): the next day, when the clock gets there.
    // Decision 035: a rate is the Owner's, after a code given again.
    await actors.stepUp("super", actors.headers("super"));
    const vat = await actors.inject("super", {
      method: "POST",
      url: "/api/tax-rates",
      payload: { rate: "16.00", valid_from: "2026-11-27" },
    });
    expect(vat.statusCode).toBe(201);
    day = new Date("2026-11-27T08:00:00Z");
    // Decision 035: a rate is the Owner's, after a code given again.
    await actors.stepUp("super", actors.headers("super"));
    const rate = await actors.inject("super", {
      method: "POST",
      url: "/api/exchange-rates",
      payload: { rate: "31.0000", effective_date: "2026-11-26", source: "RBZ interbank mid-rate" },
    });
    expect(rate.statusCode).toBe(201);
    const reread = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${o.id}` })).json() as OrderView;
    for (const key of [
      "vat_rate",
      "subtotal",
      "vat",
      "total",
      "subtotal_usd",
      "vat_usd",
      "total_usd",
      "exchange_rate",
      "rate_date",
    ] as const) {
      expect(reread[key], key).toBe(o[key]);
    }
    const listed = (await actors.inject("admin", { method: "GET", url: "/api/quotations/?q=vat-freeze@example.com" })).json();
    const requote = listed.rows[0];
    for (const key of ["vat_rate", "subtotal", "vat", "total", "exchange_rate", "rate_date"]) expect(requote[key], key).toBe(quoted[key]);
    // A new order takes the new rates.
    const later = await place([[productIds[0] as number, 3]], "ZWG");
    expect(later.vat_rate).toBe("16.00");
    expect(later.exchange_rate).toBe("31.0000");
    day = new Date("2026-11-26T08:00:00Z");
  });
});

describe("tax invoices and credit notes (issue 21 §4)", () => {
  it("an order gets its invoice when paid: numbered INV-<year>-NNNNNN, the dealer's PDF with HS codes, VAT and both currencies", async () => {
    const o = await place();
    expect((await confirm(o.id)).statusCode).toBe(200);
    const paid = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${o.id}` })).json() as OrderView;
    expect(paid.invoice).toMatchObject({ number: expect.stringMatching(/^INV-2026-\d{6}$/), fiscal_status: "not_required" });
    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${o.id}/invoice.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["cache-control"]).toContain("no-store");
    const text = pdfText(pdf.rawPayload);
    // FDMS is off and the seller is VAT-registered: the document says it is not a fiscal tax invoice.
    expect(text).toContain("TAX INVOICE (not fiscalised)");
    expect(text).toContain(paid.invoice?.number);
    expect(text).toContain("Sunrise Solar Installations");
    expect(text).toContain("2001234567"); // the buyer's TIN
    expect(text).toContain("2000123456"); // the seller's TIN
    expect(text).toMatch(/HS \d{4}\.\d{2}\.\d{2}/);
    expect(text).toContain(vatRateLabel(paid.vat_rate)); // 16 % since the rate changed above
    expect(text).toContain("In ZWG");
    expect(text).toContain("Paid by: Bank transfer or ZIPIT");
    // The stored document's amounts are the order's, to the cent.
    const [doc] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, o.id));
    expect([doc?.subtotal, doc?.vat, doc?.total]).toEqual([paid.subtotal, paid.vat, paid.total]);
  });

  it("another dealer gets 404 for an invoice that is not theirs; an admin reads it; a visitor gets 401", async () => {
    const o = await place();
    await confirm(o.id);
    const url = `/api/orders/${o.id}/invoice.pdf`;
    const other = await actors.inject("otherDealer", { method: "GET", url });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("%PDF");
    expect((await actors.inject("admin", { method: "GET", url })).statusCode).toBe(200);
    expect((await actors.inject("anonymous", { method: "GET", url })).statusCode).toBe(401);
    // An unpaid order has no invoice yet.
    const unpaid = await place();
    expect((await actors.inject("dealer", { method: "GET", url: `/api/orders/${unpaid.id}/invoice.pdf` })).statusCode).toBe(404);
  });

  it("cancelling a paid order issues a credit note that mirrors its invoice and names it", async () => {
    const o = await place([
      [productIds[0] as number, 1],
      [productIds[1] as number, 2],
    ]);
    await confirm(o.id);
    const cancel = await actors.inject("admin", {
      method: "PUT",
      url: `/api/orders/${o.id}/status`,
      payload: { status: "cancelled", note: "Stock damaged in transit" },
    });
    expect(cancel.statusCode).toBe(200);
    const docs = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, o.id)).orderBy(asc(taxDocuments.id));
    const [invoice, credit] = docs;
    expect(credit?.kind).toBe("credit_note");
    expect(credit?.number).toMatch(/^CN-2026-\d{6}$/);
    expect(credit?.invoiceId).toBe(invoice?.id);
    expect(credit?.reason).toBe("Stock damaged in transit");
    expect([credit?.subtotal, credit?.vat, credit?.total, credit?.currency]).toEqual([
      invoice?.subtotal,
      invoice?.vat,
      invoice?.total,
      invoice?.currency,
    ]);
    const invoiceLines = (invoice?.content as { lines: unknown[] } | undefined)?.lines;
    expect((credit?.content as { lines: unknown[] } | undefined)?.lines).toEqual(invoiceLines);
    expect(invoiceLines?.length).toBe(2);
    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${o.id}/credit-note.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(invoice?.number);
    expect(text).toContain("Stock damaged in transit");
    // The dealer is e-mailed the credit note.
    const mails = await outboxMails(t.dataDir);
    expect(mails.some((m) => header(m, "Subject")?.startsWith(`Credit note ${credit?.number}`))).toBe(true);
    // An order cancelled before payment has no invoice, so no credit note.
    const unpaid = await place();
    await actors.inject("admin", {
      method: "PUT",
      url: `/api/orders/${unpaid.id}/status`,
      payload: { status: "cancelled", note: "Changed mind" },
    });
    expect(await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, unpaid.id))).toHaveLength(0);
  });

  it("invoice numbers have no gaps under 20 concurrent payments", async () => {
    const placed = [];
    for (let i = 0; i < 20; i++) placed.push(await place());
    const [before] = await t.database.db
      .select({ n: taxDocuments.sequence })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, "invoice"))
      .orderBy(asc(taxDocuments.sequence));
    const answers = await Promise.all(placed.map((o) => confirm(o.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.database.db
      .select({ sequence: taxDocuments.sequence, year: taxDocuments.year })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, "invoice"))
      .orderBy(asc(taxDocuments.sequence));
    const numbers = rows.filter((r) => r.year === 2026).map((r) => r.sequence);
    expect(before).toBeDefined();
    // 1, 2, 3 … n without a hole or a repeat, the demo's invoices included.
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it("admins list documents by kind and search, and export the accountant's CSV; dealers may not", async () => {
    const list = await actors.inject("admin", { method: "GET", url: "/api/tax-documents?kind=credit_note" });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { rows: TaxDocumentView[]; count: number };
    expect(body.count).toBeGreaterThan(0);
    expect(body.rows.every((r) => r.kind === "credit_note" && r.credits?.startsWith("INV-"))).toBe(true);
    const search = (await actors.inject("admin", { method: "GET", url: "/api/tax-documents?q=2001234567" })).json() as {
      rows: TaxDocumentView[];
    };
    expect(search.rows.length).toBeGreaterThan(0);
    expect(search.rows.every((r) => r.buyer_tin === "2001234567")).toBe(true);
    const csv = await actors.inject("admin", { method: "GET", url: "/api/tax-documents/export.csv" });
    expect(csv.statusCode).toBe(200);
    const [head, first] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(head).toBe(
      "Number,Type,Date,Corrects invoice,Order,Buyer,Buyer TIN,Buyer VAT number,Currency,Excl. VAT,VAT rate,VAT,Total,Exchange rate,Fiscal status,Fiscal device,Fiscal day,Receipt global no.,Verification code",
    );
    expect(first).toMatch(/^INV-\d{4}-\d{6},Tax invoice,/);
    expect(csv.body).toMatch(/CN-\d{4}-\d{6},Credit note,[^,]+,INV-\d{4}-\d{6}/);
    for (const who of ["dealer", "user"] as const) {
      expect((await actors.inject(who, { method: "GET", url: "/api/tax-documents" })).statusCode).toBe(403);
      expect((await actors.inject(who, { method: "GET", url: "/api/tax-documents/export.csv" })).statusCode).toBe(403);
    }
    const id = body.rows[0]?.id as number;
    const pdf = await actors.inject("admin", { method: "GET", url: `/api/tax-documents/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect((await actors.inject("dealer", { method: "GET", url: `/api/tax-documents/${id}/pdf` })).statusCode).toBe(403);
  });
});

describe("VAT rounded once per rate, documents issued before keep theirs (decision 031)", () => {
  /** An order whose two lines are 0.87 at 15.5 %: 0.13 + 0.13 rounded per line, 0.27 on their sum. */
  async function twoLineOrder(rounding: "group" | "line", vat: string, total: string): Promise<number> {
    const o = await place([
      [productIds[0] as number, 1],
      [productIds[1] as number, 1],
    ]);
    const { db } = t.database;
    await db
      .update(orderLines)
      .set({ unitPrice: "0.87", unitPriceUsd: "0.87", unitPriceSecondary: null, vatRate: "15.50", vatCategory: "standard" })
      .where(eq(orderLines.orderId, o.id));
    await db
      .update(orders)
      .set({
        vatRounding: rounding,
        vatRate: "15.50",
        subtotal: "1.74",
        vat,
        total,
        subtotalUsd: "1.74",
        vatUsd: vat,
        totalUsd: total,
        secondaryCurrency: null,
        subtotalSecondary: null,
        vatSecondary: null,
        totalSecondary: null,
      })
      .where(eq(orders.id, o.id));
    return o.id;
  }

  it("an order placed before keeps its per-line VAT in its view and its invoice; a new one rounds on the rate's sum", async () => {
    for (const [rounding, vat, total, lineVat] of [
      ["line", "0.26", "2.00", ["0.13", "0.13"]],
      ["group", "0.27", "2.01", ["0.14", "0.13"]],
    ] as const) {
      const id = await twoLineOrder(rounding, vat, total);
      const view = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${id}` })).json() as OrderView;
      expect(
        view.products.map((l) => l.line_vat),
        rounding,
      ).toEqual(lineVat);
      expect((await confirm(id)).statusCode).toBe(200);
      const [doc] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id));
      expect([doc?.subtotal, doc?.vat, doc?.total], rounding).toEqual([view.subtotal, view.vat, view.total]);
      const content = doc?.content as { lines: { vat: string }[]; vat_summary: { vat: string }[] };
      expect(content.lines.map((l) => l.vat)).toEqual(lineVat);
      expect(content.vat_summary.map((r) => r.vat)).toEqual([vat]);
    }
  });

  it("a quotation approved before keeps its per-line VAT; one approved now rounds on the rate's sum", async () => {
    const email = "vat-groups@example.com";
    const request = await t.inject({
      method: "POST",
      url: "/api/quotations",
      remoteAddress: "10.21.0.2",
      payload: {
        customer_name: "Chiedza Requester",
        customer_address: "12 Herbert Chitepo Avenue, Mutare",
        customer_email: email,
        customer_phone: "+263 77 555 0101",
        notes: "",
        products: [
          { product_id: productIds[0], quantity: 1 },
          { product_id: productIds[1], quantity: 1 },
        ],
      },
    });
    expect(request.statusCode).toBe(201);
    const id = request.json().id as number;
    const { db } = t.database;
    // A request still pending when the migration ran carries "line"; approving it now makes it "group".
    await db.update(quotations).set({ vatRounding: "line" }).where(eq(quotations.id, id));
    const approved = await actors.inject("admin", { method: "PUT", url: `/api/quotations/${id}`, payload: { status: "approved" } });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await db.select({ rounding: quotations.vatRounding }).from(quotations).where(eq(quotations.id, id));
    expect(row?.rounding).toBe("group");
    await db.update(quotationProducts).set({ quotedPrice: "0.87", vatRate: "15.50" }).where(eq(quotationProducts.quotationId, id));
    const read = async () =>
      (await actors.inject("admin", { method: "GET", url: `/api/quotations/?q=${email}` })).json().rows[0] as Record<string, string>;
    const group = await read();
    expect([group.subtotal, group.vat, group.total]).toEqual(["1.74", "0.27", "2.01"]);
    // One approved before the change: its figures stay as they were approved.
    await db.update(quotations).set({ vatRounding: "line" }).where(eq(quotations.id, id));
    const line = await read();
    expect([line.subtotal, line.vat, line.total]).toEqual(["1.74", "0.26", "2.00"]);
  });
});
