// @module-tag db: runs on PostgreSQL too (decision 022)
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { FISCAL_SUBMIT_JOB } from "#server/modules/fiscal/fiscal.service.ts";
import type { Actor } from "#server/platform/auth/actor.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import type { FiscalData, TaxDocumentContent, TaxDocumentView } from "#shared/schemas/tax-documents.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { type FdmsStandInEnv, startFdmsStandInEnv } from "../support/fdms-env.ts";
import type { FdmsStandIn } from "../support/fdms-stand-in.ts";
import { placePaidOrder } from "../support/paid-orders.ts";
import { pdfText } from "../support/pdf-text.ts";
import { acceptAsDealer, adminView, approve, askQuote, confirmPayment, editLines, firstProducts } from "../support/quotations.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Credit and debit notes fiscalised through the FDMS stand-in (decision 016): a partial credit note as CreditNote and a
 * debit note as DebitNote, each naming its invoice and giving the reason; a note of an invoice FDMS never saw, never
 * sent with an empty creditDebitNote; and "Credit it and issue a new invoice" for an invoice FDMS kept with an error.
 */

let fdms: FdmsStandIn;
let t: TestApp;
let actors: Actors;
let stand: FdmsStandInEnv;
let productId: number;

beforeAll(async () => {
  stand = await startFdmsStandInEnv();
  fdms = stand.fdms;
  t = await createTestApp({ env: stand.env });
  actors = await createActors(t);
  // Decision 035: credit notes need a code given again within ten minutes; the Manager gives one for the file.
  await actors.stepUp("admin", actors.headers("admin"));
  const [product] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = product?.id as number;
});

afterAll(async () => {
  await t?.close();
  await stand?.close();
});

const runQueue = () => t.app.services.fiscal.runQueue();
const row = async (id: number) => (await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.id, id)))[0];

/** A paid order of 3 panels and its invoice (queued for FDMS in the payment's transaction). */
async function paidOrder() {
  const order = await placePaidOrder(actors, [{ product_id: productId, quantity: 3 }]);
  const [invoice] = await t.database.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, "invoice")));
  return { order, invoice: invoice as typeof taxDocuments.$inferSelect };
}

const post = (url: string, payload: object = {}) => actors.inject("admin", { method: "POST", url, payload });

describe("credit and debit notes through FDMS", () => {
  it("fiscalises a partial credit note as CreditNote and a debit note as DebitNote, each naming the invoice and the reason", async () => {
    const { invoice } = await paidOrder();
    await runQueue();
    const fiscal = (await row(invoice.id))?.fiscal as FiscalData;
    expect(fiscal.receipt_global_no).toBeGreaterThan(0);

    const cn = await post(`/api/tax-documents/${invoice.id}/credit-notes`, {
      reason: "One panel returned",
      lines: [{ line: "0", quantity: 1 }],
    });
    expect(cn.statusCode, cn.body).toBe(201);
    const dn = await post(`/api/tax-documents/${invoice.id}/debit-notes`, {
      reason: "Panels were under-charged",
      lines: [{ line: "0", amount: "15.00" }],
    });
    expect(dn.statusCode, dn.body).toBe(201);
    expect((cn.json() as TaxDocumentView).fiscal_status).toBe("pending");
    await runQueue();
    const [credit, debit] = [await row(cn.json().id), await row(dn.json().id)];
    expect(credit?.fiscalStatus).toBe("fiscalised");
    expect(debit?.fiscalStatus).toBe("fiscalised");
    const sent = fdms.receipts.slice(-2).map((r) => r.receipt);
    expect(sent.map((r) => r.receiptType)).toEqual(["CreditNote", "DebitNote"]);
    for (const r of sent)
      expect(r.creditDebitNote).toMatchObject({ deviceID: fiscal.device_id, receiptGlobalNo: fiscal.receipt_global_no });
    expect(sent[0]?.receiptTotal).toBe(-Number(credit?.total));
    expect(sent[1]?.receiptTotal).toBe(Number(debit?.total));
    expect((sent[0] as { receiptNotes?: string }).receiptNotes).toBe("One panel returned");
    expect((sent[1] as { receiptNotes?: string }).receiptNotes).toBe("Panels were under-charged");
  });

  it("never sends a note with an empty creditDebitNote: one of an invoice from before FDMS is issued not fiscalised, one of a refused invoice waits", async () => {
    // An invoice issued while fiscalisation was off (as if: never queued).
    const before = await paidOrder();
    await t.database.db.update(taxDocuments).set({ fiscalStatus: "not_required" }).where(eq(taxDocuments.id, before.invoice.id));
    await t.database.db.delete(jobs).where(eq(jobs.dedupeKey, `${FISCAL_SUBMIT_JOB}:${before.invoice.id}`));
    const options = await actors.inject("admin", { method: "GET", url: `/api/tax-documents/${before.invoice.id}/note-options` });
    expect(options.json().not_fiscalised).toContain("Not fiscalised");
    const note = await post(`/api/tax-documents/${before.invoice.id}/credit-notes`, {
      reason: "Returned",
      lines: [{ line: "0", quantity: 1 }],
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().fiscal_status).toBe("not_required");
    const sentBefore = fdms.receipts.length;
    await runQueue();
    expect(fdms.receipts.length).toBe(sentBefore);
    const pdf = await actors.inject("dealer", { method: "GET", url: `/api/orders/${before.order.id}/documents/${note.json().id}/pdf` });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("NOT FISCALISED");

    // An invoice FDMS refused (nothing kept there): its note is not sent; it waits, saying why.
    const refused = await paidOrder();
    await t.database.db
      .update(taxDocuments)
      .set({ fiscalStatus: "needs_correction", fiscalProblems: [{ code: "RCPT047", color: "Red", message: "No HS code" }] })
      .where(eq(taxDocuments.id, refused.invoice.id));
    const waiting = await post(`/api/tax-documents/${refused.invoice.id}/credit-notes`, {
      reason: "Returned",
      lines: [{ line: "0", quantity: 1 }],
    });
    expect(waiting.statusCode, waiting.body).toBe(201);
    await runQueue();
    const held = await row(waiting.json().id);
    expect(held?.fiscalStatus).toBe("needs_correction");
    expect(JSON.stringify(held?.fiscalProblems)).toContain(`invoice ${refused.invoice.number} has not been fiscalised`);
    expect(fdms.receipts.some((r) => r.receipt.invoiceNo === held?.number)).toBe(false);
  });
});

describe("Credit it and issue a new invoice", () => {
  it("credits an invoice FDMS kept with an error in full and issues a new one of the order, read afresh, both fiscalised and audited", async () => {
    const { order, invoice } = await paidOrder();
    fdms.flagNext = [{ validationErrorCode: "RCPT026", validationErrorColor: "Red" }];
    await runQueue();
    const kept = await row(invoice.id);
    expect(kept?.fiscalStatus).toBe("needs_correction");
    expect(kept?.fiscal).not.toBeNull();

    // Put right since: the product's HS code.
    const [before] = await t.database.db.select({ hs: products.hsCode }).from(products).where(eq(products.productId, productId));
    await t.database.db.update(products).set({ hsCode: "85414399" }).where(eq(products.productId, productId));
    try {
      // Only admins; and only an invoice FDMS kept with an error.
      expect(
        (await actors.inject("dealer", { method: "POST", url: `/api/tax-documents/${invoice.id}/credit-and-reissue`, payload: {} }))
          .statusCode,
      ).toBe(403);
      const res = await post(`/api/tax-documents/${invoice.id}/credit-and-reissue`);
      expect(res.statusCode, res.body).toBe(201);
      const { credit_note: cn, invoice: next } = res.json() as { credit_note: TaxDocumentView; invoice: TaxDocumentView };
      expect(cn).toMatchObject({ kind: "credit_note", credits: invoice.number, total: invoice.total, fiscal_status: "pending" });
      expect(next).toMatchObject({ kind: "invoice", order_id: order.id, total: invoice.total, fiscal_status: "pending" });
      expect(next.number).not.toBe(invoice.number);
      const reissued = (await row(next.id)) as typeof taxDocuments.$inferSelect;
      expect((reissued.content as TaxDocumentContent).lines[0]?.hs_code).toBe("85414399");
      const original = await row(invoice.id);
      expect(original?.correctedAt).not.toBeNull();
      expect(original?.replacedById).toBe(next.id);

      await runQueue();
      expect((await row(cn.id))?.fiscalStatus).toBe("fiscalised");
      expect((await row(next.id))?.fiscalStatus).toBe("fiscalised");
      const credited = fdms.receipts.find((r) => r.receipt.invoiceNo === cn.number)?.receipt;
      expect(credited?.receiptType).toBe("CreditNote");
      const keptFiscal = (kept as typeof taxDocuments.$inferSelect).fiscal as FiscalData;
      expect(credited?.creditDebitNote?.receiptGlobalNo).toBe(keptFiscal.receipt_global_no);

      // Shown as corrected, no longer in the needs-correction list; the order's invoice is the new one.
      const overview = await t.app.services.fiscal.overview({
        id: 1,
        roleId: 1,
        role: "admin",
        sessionId: "test",
        emailVerified: true,
        companyUserId: 1,
        teamRole: null,
      });
      expect(overview.needsCorrection.some((d) => d.id === invoice.id)).toBe(false);
      const view = (await actors.inject("admin", { method: "GET", url: `/api/orders/${order.id}` })).json() as OrderView;
      expect(view.invoice?.number).toBe(next.number);
      expect(view.documents.find((d) => d.id === invoice.id)?.corrected).toBe(true);
      const listed = (await actors.inject("admin", { method: "GET", url: `/api/tax-documents?q=${invoice.number}` })).json();
      expect((listed.rows as TaxDocumentView[]).find((d) => d.id === invoice.id)?.replaced_by).toBe(next.number);
      const logged = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(invoice.id)));
      expect(logged.some((l) => l.entity === "tax-document" && l.action === "correct")).toBe(true);

      // Twice, or of a fiscalised invoice: refused.
      expect((await post(`/api/tax-documents/${invoice.id}/credit-and-reissue`)).statusCode).toBe(409);
      expect((await post(`/api/tax-documents/${next.id}/credit-and-reissue`)).statusCode).toBe(409);
    } finally {
      await t.database.db
        .update(products)
        .set({ hsCode: before?.hs ?? null })
        .where(eq(products.productId, productId));
    }
  });
});

describe("a whole fiscal day through the stand-in", () => {
  it("fiscalises a quotation's order with delivery and discount, invoices, a partial credit note and a debit note; a refused one waits without stopping them; the day closes", async () => {
    const [admin, dealer] = [await t.loginAs("admin"), await t.loginAs("dealer")];
    const adminActor: Actor = { id: 1, roleId: 1, role: "admin", sessionId: "test", emailVerified: true, companyUserId: 1, teamRole: null };
    // A day of its own: the earlier tests' day holds a receipt FDMS kept with an error, which only ZIMRA can close.
    await runQueue();
    if (fdms.days.at(-1)?.status !== "FiscalDayClosed") {
      await t.app.services.fiscal.closeDay(adminActor).catch(() => null);
      if (fdms.days.at(-1)?.status !== "FiscalDayClosed") {
        fdms.closeDayManually();
        await t.app.services.fiscal.closeDay(adminActor);
      }
    }
    // A quotation with a delivery charge and a discount, approved, accepted and paid.
    const [first, second] = await firstProducts(t, 2);
    const quotationId = await askQuote(t, dealer, [{ product_id: first?.id as number, quantity: 2 }]);
    const asked = await adminView(t, admin, quotationId);
    const edited = await editLines(
      t,
      admin,
      quotationId,
      [...asked.lines.map((l) => ({ id: l.id, quantity: l.quantity })), { product_id: second?.id as number, quantity: 1, price: "40.00" }],
      [
        { kind: "delivery", label: "Delivery to Mutare", amount: "85.00" },
        { kind: "discount", label: "Opening discount", amount: "15" },
      ],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const lines = (edited.json() as QuotationView).lines.map((l) => ({ id: l.id, price: l.quoted_price ?? "100.00" }));
    expect((await approve(t, admin, quotationId, { currency: "USD", lines })).statusCode).toBe(200);
    const quotedOrder = await acceptAsDealer(t, dealer, quotationId);
    await confirmPayment(t, admin, quotedOrder);
    const plain = await paidOrder();
    await runQueue();
    // FDMS refuses the next receipt (nothing kept there): it waits for correction, the one after it goes on.
    fdms.refuseNext("RCPT02", 422, "Receipt structure is not valid");
    const refused = await paidOrder();
    await runQueue();
    const after = await paidOrder();
    // Notes of the plain invoice: one of three panels returned, and a price raised.
    const cn = await post(`/api/tax-documents/${plain.invoice.id}/credit-notes`, {
      reason: "One panel returned",
      lines: [{ line: "0", quantity: 1 }],
    });
    expect(cn.statusCode, cn.body).toBe(201);
    const dn = await post(`/api/tax-documents/${plain.invoice.id}/debit-notes`, {
      reason: "Under-charged",
      lines: [{ line: "0", amount: "5.00" }],
    });
    expect(dn.statusCode, dn.body).toBe(201);
    await runQueue();

    const [quoted] = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, quotedOrder), eq(taxDocuments.kind, "invoice")));
    const statuses = await Promise.all(
      [quoted?.id, plain.invoice.id, refused.invoice.id, after.invoice.id, cn.json().id, dn.json().id].map(row),
    );
    expect(statuses.map((d) => [d?.number.slice(0, 3), d?.fiscalStatus])).toEqual([
      ["INV", "fiscalised"],
      ["INV", "fiscalised"],
      ["INV", "needs_correction"],
      ["INV", "fiscalised"],
      ["CN-", "fiscalised"],
      ["DN-", "fiscalised"],
    ]);
    const byNumber = (n: string | undefined) => fdms.receipts.find((r) => r.receipt.invoiceNo === n)?.receipt;
    expect(byNumber(quoted?.number)?.receiptLines.map((l) => [l.receiptLineType, l.receiptLineHSCode?.length])).toEqual([
      ["Sale", 8],
      ["Sale", 8],
      ["Sale", 8],
      ["Discount", 8],
    ]);
    expect(
      fdms.receipts.filter((r) => [cn.json().number, dn.json().number].includes(r.receipt.invoiceNo)).map((r) => r.receipt.receiptType),
    ).toEqual(["CreditNote", "DebitNote"]);
    // The back office lists the refused one, in words; the day closes (FDMS kept nothing with an error).
    const overview = await t.app.services.fiscal.overview(adminActor);
    expect(overview.needsCorrection.find((d) => d.id === refused.invoice.id)).toMatchObject({
      keptByFdms: false,
      problems: [{ code: "RCPT02", message: expect.stringContaining("Receipt structure is not valid") }],
    });
    const closed = await t.app.services.fiscal.closeDay(adminActor);
    expect(closed?.status).toBe("closed");
    expect(fdms.days.at(-1)?.status).toBe("FiscalDayClosed");
  });
});
