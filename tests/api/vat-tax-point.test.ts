// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { orderPayments, orders } from "#server/db/schema/commerce.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { decoded, header, outboxMails } from "../support/outbox.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The VAT tax point (VAT Act s.8, decision 032): an invoice charges the standard rate in force on the earlier of its
 * issue and the payment, on the order's net amounts; the order keeps what it froze, and the invoice states the tax
 * point and, when its total differs from what was paid, the balance. The standard rate went from 15 % to 15.5 % on
 * 1 January 2026 (the seeded tax_rates). The clock is the test's.
 */

let day = new Date("2026-11-26T08:00:00Z");
let t: TestApp;
let actors: Actors;
let standardId: number;
let zeroRatedId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => day });
  actors = await createActors(t);
  const rows = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(2);
  [standardId, zeroRatedId] = rows.map((r) => r.id) as [number, number];
  await t.database.db.update(products).set({ vatCategory: "zero_rated" }).where(eq(products.productId, zeroRatedId));
});
afterAll(async () => {
  await t?.database.db.update(products).set({ vatCategory: "standard" }).where(eq(products.productId, zeroRatedId));
  await t?.close();
});

async function place(at: string): Promise<OrderView> {
  day = new Date(at);
  const res = await actors.inject("dealer", {
    method: "POST",
    url: "/api/orders",
    payload: {
      idempotencyKey: randomUUID(),
      currency: "USD",
      fulfilment: "collection",
      contactName: "Farai Dealer",
      contactPhone: "+263 77 123 4567",
      deliveryAddress: "",
      notes: "",
      products: [
        { product_id: standardId, quantity: 3 },
        { product_id: zeroRatedId, quantity: 1 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OrderView;
}

function confirm(id: number, at: string, paidOn?: string) {
  day = new Date(at);
  return actors.inject("admin", {
    method: "PUT",
    url: `/api/orders/${id}/confirm-payment`,
    payload: { paymentReference: "ZIPIT 2026", ...(paidOn === undefined ? {} : { paidOn }) },
  });
}

async function invoiceOf(orderId: number) {
  const [row] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
  if (!row) throw new Error("no invoice");
  return { row, content: row.content as TaxDocumentContent };
}

const cents = (v: string) => signedCents(v) as bigint;

describe("the VAT tax point: the earlier of the invoice and the payment", () => {
  it("an order placed on 31 December 2025 at 23:00 in Harare and paid on 2 January 2026 is invoiced at 15.5 %, the balance due", async () => {
    const placed = await place("2025-12-31T21:00:00Z"); // 23:00 in Harare
    expect(placed.vat_rate).toBe("15.00");
    const paid = await confirm(placed.id, "2026-01-02T08:00:00Z");
    expect(paid.statusCode, paid.body).toBe(200);

    const { row, content } = await invoiceOf(placed.id);
    // FDMS is off here: the seller is the settings' (decision 016, "The seller").
    expect(content.seller.name).toBe("Solar Demo");
    expect(content.tax_point).toBe("2026-01-02");
    expect(content.standard_vat_rate).toBe("15.50");
    expect(row.vatRate).toBe("15.50");
    // Standard-rated lines change rate; the zero-rated one stays at 0 %. Net amounts are the order's.
    expect(content.lines.map((l) => l.vat_rate)).toEqual(["15.50", "0.00"]);
    expect(content.totals.subtotal).toBe(placed.subtotal);
    const standardNet = cents(content.lines[0]?.net as string);
    expect(cents(content.totals.vat)).toBe((standardNet * 155n + 500n) / 1000n);
    // The order keeps what it froze and was paid; the invoice says the difference is due from the buyer.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect([order?.vatRate, order?.vat, order?.total]).toEqual(["15.00", placed.vat, placed.total]);
    expect(content.paid).toBe(placed.total);
    const balance = cents(content.totals.total) - cents(placed.total);
    expect(balance > 0n).toBe(true);
    expect(content.balance).toBe(centsToDecimal(balance));

    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${placed.id}/invoice.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("VAT tax point");
    expect(text).toContain("2 January 2026");
    expect(text).toContain("Balance due from the buyer");
    expect(text).toContain("15.5 %");
    // The dealer's e-mail says it too.
    const mail = (await outboxMails(t.dataDir)).find((m) => header(m, "Subject")?.startsWith(`Tax invoice ${row.number}`));
    expect(decoded(mail as string)).toContain(`USD ${content.balance} is due from the buyer`);
  });

  it("an order paid by transfer in 2025 and confirmed in January is invoiced at 15 %: the payment is the earlier", async () => {
    const placed = await place("2025-12-30T10:00:00Z");
    const paid = await confirm(placed.id, "2026-01-02T08:00:00Z", "2025-12-31");
    expect(paid.statusCode, paid.body).toBe(200);
    const { row, content } = await invoiceOf(placed.id);
    expect(row.issuedAt.toISOString()).toBe("2026-01-02T08:00:00.000Z");
    expect(row.number).toMatch(/^INV-2026-/);
    expect(content.tax_point).toBe("2025-12-31");
    expect(content.standard_vat_rate).toBe("15.00");
    expect(content.lines.map((l) => l.vat_rate)).toEqual(["15.00", "0.00"]);
    expect(content.totals.total).toBe(placed.total);
    expect(content.balance).toBeUndefined();
    const [order] = await t.database.db.select({ paidOn: orders.paidOn }).from(orders).where(eq(orders.id, placed.id));
    expect(order?.paidOn).toBe("2025-12-31");
  });

  it("a Paynow payment that had the money in 2025 fixes the tax point even when the order is marked paid in January", async () => {
    const placed = await place("2025-12-31T12:00:00Z");
    await t.database.db.insert(orderPayments).values({
      orderId: placed.id,
      method: "ecocash",
      status: "paid",
      amount: placed.total,
      currency: "USD",
      reference: `tax-point-${placed.id}`,
      createdAt: new Date("2025-12-31T19:00:00Z"),
      updatedAt: new Date("2025-12-31T19:05:00Z"),
    });
    day = new Date("2026-01-01T06:00:00Z");
    const { changed } = await t.app.services.orders.markPaidByProvider(placed.id, {
      paymentReference: "Paynow 1",
      note: "Paid with Paynow",
    });
    expect(changed).toBe(true);
    const { content } = await invoiceOf(placed.id);
    expect([content.tax_point, content.standard_vat_rate]).toEqual(["2025-12-31", "15.00"]);
    // The invoice says how it was paid (as FDMS is told: a mobile wallet).
    expect(content.paid_by).toBe("EcoCash through Paynow");
  });

  it("refuses a transfer date after today or before the order was placed", async () => {
    const placed = await place("2025-12-30T10:00:00Z");
    const future = await confirm(placed.id, "2026-01-02T08:00:00Z", "2026-01-03");
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain("cannot be after today");
    const before = await confirm(placed.id, "2026-01-02T08:00:00Z", "2025-12-29");
    expect(before.statusCode).toBe(400);
    expect(before.body).toContain("before the order was placed (2025-12-30)");
    const malformed = await confirm(placed.id, "2026-01-02T08:00:00Z", "31/12/2025");
    expect(malformed.statusCode).toBe(400);
  });
});
