// @module-tag db: runs on PostgreSQL too (decision 022)
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { NoteOptions, TaxDocumentContent, TaxDocumentView } from "#shared/schemas/tax-documents.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { placePaidOrder } from "../support/paid-orders.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Credit notes of part of an invoice (units returned, an amount off) and debit notes (a price raised, a charge added),
 * by admins, never more than remains of the invoice (FDMS's RCPT035), never of an invoice over 12 months old
 * (RCPT033), always with a reason (RCPT034); a cancelled order's credit note credits what remains (decision 016).
 */

let day = new Date("2026-11-26T08:00:00Z");
let t: TestApp;
let actors: Actors;
let productIds: number[];

beforeAll(async () => {
  t = await createTestApp({ now: () => day });
  actors = await createActors(t);
  // Decision 035: credit notes need a code given again within ten minutes; the Manager gives one for the file.
  await actors.stepUp("admin", actors.headers("admin"));
  const rows = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(2);
  productIds = rows.map((r) => r.id);
});
afterAll(() => t?.close());

const cents = (v: string) => Math.round(Number(v) * 100);

/** A paid order of 3 × the first product and 1 × the second, and its invoice. */
async function paidOrder(): Promise<{ order: OrderView; invoice: typeof taxDocuments.$inferSelect }> {
  const order = await placePaidOrder(actors, [
    { product_id: productIds[0] as number, quantity: 3 },
    { product_id: productIds[1] as number, quantity: 1 },
  ]);
  const [invoice] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
  if (!invoice) throw new Error("no invoice");
  return { order, invoice };
}

const credit = (invoiceId: number, payload: unknown, who: "admin" | "dealer" | "super" = "admin") =>
  actors.inject(who, { method: "POST", url: `/api/tax-documents/${invoiceId}/credit-notes`, payload: payload as object });
const debit = (invoiceId: number, payload: unknown) =>
  actors.inject("admin", { method: "POST", url: `/api/tax-documents/${invoiceId}/debit-notes`, payload: payload as object });
const options = async (invoiceId: number) =>
  (await actors.inject("admin", { method: "GET", url: `/api/tax-documents/${invoiceId}/note-options` })).json() as NoteOptions;

describe("partial credit notes", () => {
  it("credits units returned and an amount off with the invoice's VAT, never more than remains, and the cancellation credits the rest", async () => {
    const { order, invoice } = await paidOrder();
    const lines = (invoice.content as TaxDocumentContent).lines;
    const unit = lines[0]?.unit_price as string;

    const first = await credit(invoice.id, { reason: "Two panels returned unused", lines: [{ line: "0", quantity: 2 }] });
    expect(first.statusCode, first.body).toBe(201);
    const cn = first.json() as TaxDocumentView;
    expect(cn).toMatchObject({ kind: "credit_note", credits: invoice.number, currency: invoice.currency, fiscal_status: "not_required" });
    expect(cn.number).toMatch(/^CN-2026-\d{6}$/);
    expect(cents(cn.subtotal)).toBe(cents(unit) * 2);
    // VAT at the invoice line's own rate, rounded once on the note's lines (decision 031).
    expect(cents(cn.vat)).toBe(Math.round((cents(unit) * 2 * Number(lines[0]?.vat_rate)) / 100));
    expect(cents(cn.total)).toBe(cents(cn.subtotal) + cents(cn.vat));

    let left = await options(invoice.id);
    expect(left.lines.find((l) => l.line === "0")).toMatchObject({ quantity: 3, remaining_quantity: 1 });
    expect(cents(left.remaining_total)).toBe(cents(invoice.total) - cents(cn.total));

    // More units than remain, more money than remains, a line the invoice does not have, no reason: refused, with words.
    const tooMany = await credit(invoice.id, { reason: "Returned", lines: [{ line: "0", quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/Only 1 of .* remains uncredited/);
    const tooMuch = await credit(invoice.id, { reason: "Goodwill", lines: [{ line: "1", amount: "999999.00" }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/remains uncredited/);
    expect((await credit(invoice.id, { reason: "Returned", lines: [{ line: "7", quantity: 1 }] })).statusCode).toBe(400);
    const noReason = await credit(invoice.id, { reason: " ", lines: [{ line: "0", quantity: 1 }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain("reason");
    expect((await credit(invoice.id, { reason: "Both", lines: [{ line: "0", quantity: 1, amount: "1.00" }] })).statusCode).toBe(400);

    // An amount off the second line's price.
    const off = await credit(invoice.id, { reason: "Scratched frame: price reduced", lines: [{ line: "1", amount: "10.00" }] });
    expect(off.statusCode, off.body).toBe(201);
    const offDoc = off.json() as TaxDocumentView;
    expect(offDoc.subtotal).toBe("10.00");

    // Cancelling the order credits what remains, no more: the notes add up to the invoice.
    const cancel = await actors.inject("admin", {
      method: "PUT",
      url: `/api/orders/${order.id}/status`,
      payload: { status: "cancelled", note: "Customer withdrew" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const notes = await t.database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.invoiceId, invoice.id))
      .orderBy(asc(taxDocuments.id));
    expect(notes.map((n) => n.kind)).toEqual(["credit_note", "credit_note", "credit_note"]);
    const rest = notes[2];
    expect(rest?.reason).toBe("Customer withdrew");
    const credited = notes.reduce((s, n) => s + cents(n.total), 0);
    expect(Math.abs(credited - cents(invoice.total))).toBeLessThanOrEqual(1);
    expect(credited).toBeLessThanOrEqual(cents(invoice.total));
    expect(cents(rest?.subtotal ?? "0")).toBe(cents(invoice.subtotal) - cents(cn.subtotal) - 1000);
    left = await options(invoice.id);
    expect(left.lines.every((l) => l.remaining_net === "0.00")).toBe(true);
    const more = await credit(invoice.id, { reason: "More", lines: [{ line: "0", quantity: 1 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toContain("cancelled");
    expect(left.refused).toContain("cancelled");

    // The dealer sees every document of the order and downloads the note: titled, naming the invoice and the reason.
    const view = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${order.id}` })).json() as OrderView;
    expect(view.documents.map((d) => d.kind)).toEqual(["invoice", "credit_note", "credit_note", "credit_note"]);
    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${order.id}/documents/${cn.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(invoice.number);
    expect(text).toContain("Two panels returned unused");
    expect(text).toContain(`-${cn.total}`);
    expect((await actors.inject("otherDealer", { method: "GET", url: `/api/orders/${order.id}/documents/${cn.id}/pdf` })).statusCode).toBe(
      404,
    );
  });

  it("is for admins only, and is written to the audit log", async () => {
    const { invoice } = await paidOrder();
    const asDealer = await credit(invoice.id, { reason: "Returned", lines: [{ line: "0", quantity: 1 }] }, "dealer");
    expect(asDealer.statusCode).toBe(403);
    expect((await actors.inject("dealer", { method: "GET", url: `/api/tax-documents/${invoice.id}/note-options` })).statusCode).toBe(403);
    expect(
      (await actors.inject("anonymous", { method: "POST", url: `/api/tax-documents/${invoice.id}/credit-notes`, payload: {} })).statusCode,
    ).toBe(401);
    const ok = await credit(invoice.id, { reason: "Returned", lines: [{ line: "0", quantity: 1 }] });
    expect(ok.statusCode).toBe(201);
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(ok.json().id)));
    expect(logged.some((l) => l.entity === "tax-document" && l.action === "credit")).toBe(true);
  });

  it("two credit notes at once never credit together more than the invoice", async () => {
    const { invoice } = await paidOrder();
    const both = await Promise.all([
      credit(invoice.id, { reason: "Returned by the installer", lines: [{ line: "0", quantity: 2 }] }),
      credit(invoice.id, { reason: "Returned by the customer", lines: [{ line: "0", quantity: 2 }] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const left = await options(invoice.id);
    expect(left.lines.find((l) => l.line === "0")?.remaining_quantity).toBe(1);
  });
});

describe("debit notes", () => {
  it("raises a line's price and adds a charge at one of the invoice's rates, positive, and its amount can be credited after", async () => {
    const { order, invoice } = await paidOrder();
    const content = invoice.content as TaxDocumentContent;
    const rate = content.lines[0]?.vat_rate ?? null;
    const res = await debit(invoice.id, {
      reason: "Price list error: the panel was under-charged",
      lines: [{ line: "0", amount: "12.50" }],
      charges: [{ name: "Courier to site", amount: "20.00", vat_rate: rate ?? "exempt" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const dn = res.json() as TaxDocumentView;
    expect(dn.number).toMatch(/^DN-2026-\d{6}$/);
    expect(dn).toMatchObject({ kind: "debit_note", credits: invoice.number, subtotal: "32.50" });
    expect(cents(dn.total)).toBeGreaterThan(cents(dn.subtotal) - 1);

    // A charge at a rate the invoice does not carry is refused (FDMS: RCPT036); so is a debit without a reason.
    const otherRate = await debit(invoice.id, { reason: "Extra", charges: [{ name: "Fee", amount: "5.00", vat_rate: "7.00" }] });
    expect(otherRate.statusCode).toBe(400);
    expect(otherRate.json().message).toContain("VAT rates");
    expect((await debit(invoice.id, { reason: "", lines: [{ line: "0", amount: "1.00" }] })).statusCode).toBe(400);

    // What remains includes the debit: the added charge is a line a credit note can take back.
    const left = await options(invoice.id);
    expect(cents(left.remaining_total)).toBe(cents(invoice.total) + cents(dn.total));
    const charge = left.lines.find((l) => l.name === "Courier to site");
    expect(charge?.remaining_net).toBe("20.00");
    const back = await credit(invoice.id, { reason: "Courier not used", lines: [{ line: charge?.line as string, amount: "20.00" }] });
    expect(back.statusCode, back.body).toBe(201);

    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${order.id}/documents/${dn.id}/pdf` });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("DEBIT NOTE");
    expect(text).toContain(invoice.number);
    expect(text).toContain("Price list error");
    expect(text).not.toContain(`-${dn.total}`);
    const list = await actors.inject("admin", { method: "GET", url: "/api/tax-documents?kind=debit_note" });
    expect((list.json().rows as TaxDocumentView[]).some((d) => d.id === dn.id)).toBe(true);
  });
});

describe("the 12-month rule (RCPT033)", () => {
  it("refuses a credit or debit note of an invoice issued more than 12 months before, saying why", async () => {
    const { invoice } = await paidOrder();
    try {
      day = new Date("2027-11-26T08:00:01Z");
      const res = await credit(invoice.id, { reason: "Late return", lines: [{ line: "0", quantity: 1 }] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain("more than 12 months ago");
      expect((await debit(invoice.id, { reason: "Late", lines: [{ line: "0", amount: "1.00" }] })).statusCode).toBe(409);
      expect((await options(invoice.id)).refused).toContain("12 months");
      // Just within 12 months it is allowed.
      day = new Date("2027-11-26T07:59:00Z");
      expect((await credit(invoice.id, { reason: "Return", lines: [{ line: "0", quantity: 1 }] })).statusCode).toBe(201);
    } finally {
      day = new Date("2026-11-26T08:00:00Z");
    }
  });
});
