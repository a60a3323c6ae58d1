import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { harareDate } from "#shared/dates.ts";
import type { FdmsSeller } from "#shared/fdms-seller.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import { orderReference } from "#shared/schemas/orders.ts";
import { PAYMENT_PAID, paidByText } from "#shared/schemas/payments.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import {
  type DocumentParty,
  documentNumber,
  type FiscalData,
  type TaxDocumentListQuery as SharedListQuery,
  type TaxDocumentContent,
  type TaxDocumentKind,
  type TaxDocumentView,
} from "#shared/schemas/tax-documents.ts";
import { type TaxTotals, taxTotals, totalsAsText } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { paged } from "../../db/paging.ts";
import { users } from "../../db/schema/accounts.ts";
import { orderLines, orderPayments, orders } from "../../db/schema/commerce.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { documentSequences, taxDocuments, taxRates } from "../../db/schema/money.ts";
import { type Actor, requireStaff, requireUser, staffOf } from "../../platform/auth/actor.ts";
import { NotFoundError } from "../../platform/errors.ts";
import { enqueue } from "../../platform/jobs/queue.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { type DocumentAmounts, documentAmounts } from "./tax-document-amounts.ts";
import { taxDocumentMail } from "./tax-document-mail.ts";
import { taxDocumentFileName, taxDocumentPdf } from "./tax-document-pdf.ts";
import { createTaxNotes } from "./tax-notes.ts";

/**
 * Tax invoices and credit notes. An order gets its invoice in the transaction that marks it paid, and
 * a cancelled paid order its credit note in the transaction that cancels it; each takes the next number of its kind
 * and year from `document_sequences` there, so a rolled-back payment gives its number back and numbers never skip.
 * The document freezes what it says (`content`): the seller from the settings, the buyer from the dealer record, the
 * order's lines with their HS codes and frozen VAT, both currencies at the order's frozen rate. When FDMS is on the
 * document is queued for fiscalisation there; it is e-mailed to the dealer once it is final (at once
 * with FDMS off, once fiscalised with it on).
 */

type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/** The job that e-mails a document to its dealer (payload `{ documentId }`). */
export const TAX_DOCUMENT_MAIL_JOB = "tax-documents.mail";

export type Fiscaliser = {
  /** FDMS_* is set: documents are fiscalised before they are final. */
  enabled: boolean;
  /** Marks the document pending and queues its submission, in the issuing transaction. */
  enqueue(tx: Tx, documentId: number): Promise<void>;
  /** The taxpayer FDMS has for the device (getConfig), read in `tx`; null before the device has registered. */
  seller?(tx: Tx): Promise<FdmsSeller | null>;
};

type Deps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  /** The site's address for links in e-mails. */
  siteUrl: string;
  fiscal?: Fiscaliser;
  /** The admin's notes and corrections are written to the audit log (decision 016). */
  audit?: Pick<AuditService, "record">;
  /** The clock of notes issued by an admin (tests set it). */
  now?: () => Date;
};

export type TaxDocumentListQuery = Omit<SharedListQuery, "page" | "pageSize"> & { page: number; pageSize: number };

/** The Harare calendar year of a moment: a document issued at 23:30 UTC on 31 December is next year's. */
function harareYear(at: Date): number {
  return Number(harareDate(at).slice(0, 4));
}

/** Harare midnight of a day as a moment (UTC+2 all year). */
function harareMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+02:00`);
}

function toView(row: TaxDocumentRow, numbers: Map<number, string>): TaxDocumentView {
  const content = row.content as TaxDocumentContent;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    order_id: row.orderId,
    order_reference: content.order_reference,
    issued_at: row.issuedAt.toISOString(),
    buyer_name: row.buyerName,
    buyer_tin: row.buyerTin,
    buyer_vat_number: row.buyerVatNumber,
    currency: row.currency,
    exchange_rate: row.exchangeRate,
    vat_rate: row.vatRate,
    subtotal: row.subtotal,
    vat: row.vat,
    total: row.total,
    fiscal_status: row.fiscalStatus,
    fiscal: (row.fiscal as FiscalData | null) ?? null,
    credits: row.invoiceId ? (numbers.get(row.invoiceId) ?? null) : null,
    replaced_by: row.replacedById ? (numbers.get(row.replacedById) ?? null) : null,
  };
}

/** The documents of each order: the invoice in force, the latest credit note, and every document in issue order. */
export type OrderDocuments = { invoice?: TaxDocumentRow; credit_note?: TaxDocumentRow; all: TaxDocumentRow[] };

export function createTaxDocumentsService({ db, mailer, settings, siteUrl, fiscal, audit, now = () => new Date() }: Deps) {
  /** The next number of a kind and year, taken in `tx`: the sequence row stays locked until `tx` ends. */
  async function nextSequence(tx: Tx, kind: TaxDocumentKind, year: number): Promise<number> {
    const [row] = await tx
      .insert(documentSequences)
      .values({ kind, year, last: 1 })
      .onConflictDoUpdate({ target: [documentSequences.kind, documentSequences.year], set: { last: sql`${documentSequences.last} + 1` } })
      .returning({ last: documentSequences.last });
    if (!row) throw new Error("no document number was given");
    return row.last;
  }

  /**
   * What an invoice of this order issued at `at` says: seller (FDMS's taxpayer with FDMS on, decision 016), buyer,
   * lines with VAT at the tax point's rate (decision 032), totals in both currencies, and any balance against what was
   * paid.
   */
  async function invoiceContent(
    tx: Tx,
    orderId: number,
    company: SiteSettings,
    at: Date,
  ): Promise<{ content: TaxDocumentContent; order: typeof orders.$inferSelect; totals: TaxTotals }> {
    const [placed] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!placed) throw new NotFoundError("Order not found.");
    const [orderLinesRows, [buyerRow], [paynow], fdmsSeller] = await Promise.all([
      tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
      tx
        .select({
          fullName: users.fullName,
          email: users.email,
          company: dealers.registeredCompany,
          address: dealers.address,
          province: dealers.addressProvince,
          city: dealers.addressCity,
          street: dealers.addressStreet,
          houseNo: dealers.addressHouseNo,
          tin: dealers.tin,
          vatNumber: dealers.vatNumber,
        })
        .from(users)
        .leftJoin(dealers, eq(dealers.userId, users.id))
        .where(eq(users.id, placed.userId)),
      // When Paynow had the money (the paid payment's last change; a later delivery status only makes it later).
      tx
        .select({ at: orderPayments.updatedAt, method: orderPayments.method })
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, orderId), inArray(orderPayments.status, [...PAYMENT_PAID])))
        .orderBy(asc(orderPayments.updatedAt))
        .limit(1),
      fiscal?.enabled && fiscal.seller ? fiscal.seller(tx) : Promise.resolve(null),
    ]);
    // The VAT tax point (VAT Act s.8, decision 032): the earlier of the invoice and the payment (Paynow's, or the day
    // an admin says the transfer arrived). Standard-rated lines take the rate in force that day on the same net
    // amounts; zero-rated and exempt lines, and orders from before VAT, keep theirs.
    const taxPoint = [harareDate(at), paynow ? harareDate(paynow.at) : null, placed.paidOn]
      .filter((d): d is string => d !== null)
      .sort()[0] as string;
    const [inForce] = await tx
      .select({ rate: taxRates.rate })
      .from(taxRates)
      .where(lte(taxRates.validFrom, taxPoint))
      .orderBy(desc(taxRates.validFrom))
      .limit(1);
    const standardRate = placed.vatRate !== null && inForce ? inForce.rate : placed.vatRate;
    const lines = orderLinesRows.map((l) => (l.vatCategory === "standard" && l.vatRate !== null ? { ...l, vatRate: standardRate } : l));
    // The document's own rate column says the rate it used; the order keeps what it froze.
    const order = { ...placed, vatRate: standardRate };
    const inCurrency = (l: (typeof lines)[number]) => l.unitPrice ?? l.unitPriceUsd;
    // Rounded as the order was (decision 031): the invoice repeats the amounts the order asked for and was paid.
    const amounts = documentAmounts(
      lines.map((l) => ({ unit: inCurrency(l), quantity: l.quantity, vatRate: l.vatRate })),
      order.vatRounding,
    );
    // The other currency at the order's frozen rate: the secondary one for a USD order, USD for a secondary one.
    const otherIsUsd = order.currency !== "USD";
    const otherUnits = lines.map((l) => (otherIsUsd ? l.unitPriceUsd : l.unitPriceSecondary));
    const other = otherUnits.every((u) => u !== null)
      ? taxTotals(
          lines.map((l, i) => ({ unit: otherUnits[i] as string, quantity: l.quantity, vatRate: l.vatRate })),
          order.vatRounding,
        )
      : null;
    // With FDMS on, the seller FDMS knows (its taxpayer's name, TIN and VAT number; the branch's address when given):
    // the fiscal invoice names the taxpayer the receipt is filed under. Settings otherwise, and for the contacts.
    const seller: DocumentParty = fdmsSeller
      ? {
          name: fdmsSeller.name,
          address: fdmsSeller.address ?? company.address,
          tin: fdmsSeller.tin,
          vat_number: fdmsSeller.vat_number,
          email: company.salesEmail,
          phone: company.phone,
        }
      : {
          name: company.companyName,
          address: company.address,
          tin: company.tin || null,
          vat_number: company.vatNumber || null,
          email: company.salesEmail,
          phone: company.phone,
        };
    // When the tax point's rate is not the order's, the total differs from what the order asked and was paid (its
    // frozen total): the difference is a balance, due from the buyer or to be refunded (decision 032).
    const paidCents = standardRate === placed.vatRate ? null : signedCents(placed.total ?? placed.totalUsd);
    const settlement =
      paidCents === null ? {} : { paid: centsToDecimal(paidCents), balance: centsToDecimal(amounts.tax.gross - paidCents) };
    const buyer: DocumentParty = {
      name: buyerRow?.company || buyerRow?.fullName || order.contactName,
      address: buyerRow?.address || order.deliveryAddress || "",
      // The registered address's parts, for FDMS's buyer address (decision 016); a company without them has none.
      address_parts:
        buyerRow?.province && buyerRow.city && buyerRow.street && buyerRow.houseNo
          ? { province: buyerRow.province, city: buyerRow.city, street: buyerRow.street, house_no: buyerRow.houseNo }
          : null,
      tin: buyerRow?.tin || null,
      vat_number: buyerRow?.vatNumber || null,
      email: buyerRow?.email ?? null,
      phone: order.contactPhone || null,
    };
    const content: TaxDocumentContent = {
      seller,
      buyer,
      order_reference: orderReference(order.id, order.createdAt),
      currency: order.currency,
      lines: lines.map((l, i) => ({
        product_id: l.productId,
        name: l.productName,
        hs_code: l.hsCode,
        quantity: l.quantity,
        vat_category: l.vatCategory,
        vat_rate: l.vatRate,
        unit_price: inCurrency(l),
        ...(amounts.lines[i] as DocumentAmounts["lines"][number]),
      })),
      vat_summary: amounts.vat_summary,
      totals: amounts.totals,
      other_currency: other ? (otherIsUsd ? "USD" : order.secondaryCurrency) : null,
      other_totals: other ? totalsAsText(other) : null,
      exchange_rate: order.exchangeRate,
      rate_date: order.rateDate,
      credits: null,
      reason: "",
      tax_point: taxPoint,
      paid_by: paidByText(paynow?.method ?? null, placed.paymentReference),
      standard_vat_rate: standardRate,
      ...settlement,
    };
    return { content, order, totals: amounts.tax };
  }

  async function insertDocument(
    tx: Tx,
    kind: TaxDocumentKind,
    at: Date,
    content: TaxDocumentContent,
    order: typeof orders.$inferSelect,
    extra: { invoiceId?: number; reason?: string; mail?: boolean; fiscalise?: boolean },
  ): Promise<TaxDocumentRow> {
    const year = harareYear(at);
    const sequence = await nextSequence(tx, kind, year);
    const [row] = await tx
      .insert(taxDocuments)
      .values({
        kind,
        number: documentNumber(kind, year, sequence),
        year,
        sequence,
        orderId: order.id,
        invoiceId: extra.invoiceId ?? null,
        issuedAt: at,
        reason: extra.reason ?? "",
        buyerName: content.buyer.name,
        buyerTin: content.buyer.tin,
        buyerVatNumber: content.buyer.vat_number,
        currency: content.currency,
        exchangeRate: order.exchangeRate,
        rateDate: order.rateDate,
        vatRate: order.vatRate,
        subtotal: content.totals.subtotal,
        vat: content.totals.vat,
        total: content.totals.total,
        content,
      })
      .returning();
    if (!row) throw new Error("the document was not stored");
    // Final at once with FDMS off (e-mailed now); with FDMS on, fiscalised first, then e-mailed by the hook. A note
    // of an invoice FDMS never saw is not fiscalised (decision 016): final at once too.
    if (fiscal?.enabled && extra.fiscalise !== false) await fiscal.enqueue(tx, row.id);
    else if (extra.mail !== false) await enqueue(tx, TAX_DOCUMENT_MAIL_JOB, { documentId: row.id });
    return row;
  }

  /** The order's invoice in force, or its latest note of a kind. */
  async function documentOf(orderId: number, kind: TaxDocumentKind, exec: Db | Tx = db): Promise<TaxDocumentRow | null> {
    const [row] = await exec
      .select()
      .from(taxDocuments)
      .where(
        and(
          eq(taxDocuments.orderId, orderId),
          eq(taxDocuments.kind, kind),
          kind === "invoice" ? isNull(taxDocuments.correctedAt) : undefined,
        ),
      )
      .orderBy(desc(taxDocuments.id))
      .limit(1);
    return row ?? null;
  }

  /** The numbers of the invoices these documents name: the one a note corrects, the one that replaced an invoice. */
  async function creditedNumbers(rows: TaxDocumentRow[], exec: Db | Tx = db): Promise<Map<number, string>> {
    const ids = [...new Set(rows.flatMap((r) => [r.invoiceId, r.replacedById]).filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const invoices = await exec
      .select({ id: taxDocuments.id, number: taxDocuments.number })
      .from(taxDocuments)
      .where(inArray(taxDocuments.id, ids));
    return new Map(invoices.map((i) => [i.id, i.number]));
  }

  function listWhere(query: Omit<TaxDocumentListQuery, "page" | "pageSize">): SQL | undefined {
    const conditions: SQL[] = [];
    if (query.kind) conditions.push(eq(taxDocuments.kind, query.kind));
    if (query.from) conditions.push(gte(taxDocuments.issuedAt, harareMidnight(query.from)));
    if (query.to) conditions.push(lt(taxDocuments.issuedAt, new Date(harareMidnight(query.to).getTime() + 86_400_000)));
    const q = query.q?.trim();
    if (q) {
      conditions.push(
        sql`(${containsText(taxDocuments.number, q)} or ${containsText(taxDocuments.buyerName, q)} or ${containsText(
          sql`coalesce(${taxDocuments.buyerTin}, '')`,
          q,
        )} or ${containsText(sql`coalesce(${taxDocuments.buyerVatNumber}, '')`, q)})`,
      );
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  /** The money rule: the order's company's owner and buyers, and admins, read its documents. */
  async function mayReadOrder(actor: Actor, orderId: number): Promise<boolean> {
    const user = requireUser(actor);
    // Decision 035: the back office reads an order's tax documents with money.documents (403 without it, as the list).
    if (staffOf(user)) requireStaff(user, "money.documents");
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    return order !== undefined && can.readPastAmounts(user, order.userId);
  }

  const notes = createTaxNotes({
    db,
    fiscalEnabled: fiscal?.enabled === true,
    ...(audit ? { audit } : {}),
    settings,
    now,
    insertDocument,
    invoiceContent,
  });

  return {
    /** Credit and debit notes by an admin, and the correction of an invoice FDMS kept with an error (tax-notes.ts). */
    noteOptions: notes.noteOptions,
    issuePartialCreditNote: notes.issueCreditNote,
    issueDebitNote: notes.issueDebitNote,
    creditAndReissue: notes.creditAndReissue,

    /** The order's tax invoice, issued in `tx` (the payment's transaction) at `at`; once per order. */
    async issueInvoice(tx: Tx, orderId: number, company: SiteSettings, at: Date, opts: { mail?: boolean } = {}): Promise<TaxDocumentRow> {
      const existing = await documentOf(orderId, "invoice", tx);
      if (existing) return existing;
      const { content, order } = await invoiceContent(tx, orderId, company, at);
      return insertDocument(tx, "invoice", at, content, order, opts);
    },

    /**
     * The credit note of a cancelled paid order, in `tx` (the cancellation's): all that remains of its invoice — the
     * invoice line by line when it has no notes yet — naming it; nothing when the order has no invoice (never paid) or
     * all of it is credited already.
     */
    async issueCreditNote(
      tx: Tx,
      orderId: number,
      reason: string,
      at: Date,
      opts: { mail?: boolean } = {},
    ): Promise<TaxDocumentRow | null> {
      return notes.creditRemaining(tx, orderId, reason, at, opts);
    },

    /** The documents of each order, for the order views. */
    async refsOf(exec: Db | Tx, orderIds: number[]): Promise<Map<number, OrderDocuments>> {
      const map = new Map<number, OrderDocuments>();
      if (orderIds.length === 0) return map;
      const rows = await exec.select().from(taxDocuments).where(inArray(taxDocuments.orderId, orderIds)).orderBy(asc(taxDocuments.id));
      for (const r of rows) {
        const docs = map.get(r.orderId) ?? { all: [] };
        docs.all.push(r);
        if (r.kind === "credit_note") docs.credit_note = r;
        if (r.kind === "invoice" && r.correctedAt === null) docs.invoice = r;
        map.set(r.orderId, docs);
      }
      return map;
    },

    /**
     * A document with its content, for the order's company (its owner and buyers: a technician sees no prices) and
     * admins only: anyone else gets 404, as if it did not exist (an order id says nothing about another dealer's orders).
     */
    async documentForOrder(actor: Actor, orderId: number, kind: TaxDocumentKind): Promise<{ row: TaxDocumentRow; view: TaxDocumentView }> {
      const row = (await mayReadOrder(actor, orderId)) ? await documentOf(orderId, kind) : null;
      if (!row) throw new NotFoundError(kind === "invoice" ? "Invoice not found." : "Credit note not found.");
      return { row, view: toView(row, await creditedNumbers([row])) };
    },

    /** Any document of an order by its id, for the order's company and admins (anyone else 404, as above). */
    async orderDocumentById(actor: Actor, orderId: number, documentId: number): Promise<{ row: TaxDocumentRow; view: TaxDocumentView }> {
      const where = and(eq(taxDocuments.id, documentId), eq(taxDocuments.orderId, orderId));
      const [row] = (await mayReadOrder(actor, orderId)) ? await db.select().from(taxDocuments).where(where) : [];
      if (!row) throw new NotFoundError("Document not found.");
      return { row, view: toView(row, await creditedNumbers([row])) };
    },

    /** One document by id (the mail job, the fiscaliser's hook, the back office's PDF link). */
    async byId(id: number): Promise<{ row: TaxDocumentRow; view: TaxDocumentView; dealerEmail: string | null; dealerName: string | null }> {
      const [found] = await db
        .select({ doc: taxDocuments, email: users.email, name: users.fullName })
        .from(taxDocuments)
        .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(taxDocuments.id, id));
      if (!found) throw new NotFoundError("Document not found.");
      const credits = await creditedNumbers([found.doc]);
      return {
        row: found.doc,
        view: toView(found.doc, credits),
        dealerEmail: found.email,
        dealerName: found.name,
      };
    },

    /** A document as its PDF (the settings are the company's as they are now: header, contacts). */
    async pdfOf(doc: { row: TaxDocumentRow; view: TaxDocumentView }): Promise<{ fileName: string; pdf: Uint8Array }> {
      const pdf = await taxDocumentPdf(doc.view, doc.row.content as TaxDocumentContent, await settings.get());
      return { fileName: taxDocumentFileName(doc.view), pdf };
    },

    /** The job: the document e-mailed to its dealer with the PDF, once final. */
    async mailDocument(id: number): Promise<void> {
      const doc = await this.byId(id);
      if (!doc.dealerEmail) return;
      const company = { ...(await settings.get()), siteUrl };
      const content = doc.row.content as TaxDocumentContent;
      const pdf = await taxDocumentPdf(doc.view, content, company);
      await mailer.send(taxDocumentMail(doc.view, content, { email: doc.dealerEmail, fullName: doc.dealerName ?? "" }, company, pdf));
    },

    /** Queues the mail of a document FDMS has just fiscalised (the fiscaliser's hook). */
    async fiscalised(id: number): Promise<void> {
      await enqueue(db, TAX_DOCUMENT_MAIL_JOB, { documentId: id });
    },

    /** An admin's document by id. */
    async adminDocument(actor: Actor, id: number) {
      requireStaff(actor, "money.documents");
      return this.byId(id);
    },

    /** The back office's list, newest first: invoices, credit and debit notes, by kind, period and buyer. */
    async list(actor: Actor, query: TaxDocumentListQuery): Promise<{ rows: TaxDocumentView[]; count: number }> {
      requireStaff(actor, "money.documents");
      const where = listWhere(query);
      const { limit, offset, envelope } = paged(query);
      const [rows, [total]] = await Promise.all([
        db.select().from(taxDocuments).where(where).orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(taxDocuments).where(where),
      ]);
      const credits = await creditedNumbers(rows);
      return envelope(
        rows.map((r) => toView(r, credits)),
        total,
      );
    },

    /** Every document matching the filters, oldest first (the accountant's CSV), at most 10,000. */
    async exportRows(actor: Actor, query: Omit<TaxDocumentListQuery, "page" | "pageSize">): Promise<TaxDocumentView[]> {
      requireStaff(actor, "money.documents");
      const rows = await db
        .select()
        .from(taxDocuments)
        .where(listWhere(query))
        .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
        .limit(10_000);
      const credits = await creditedNumbers(rows);
      return rows.map((r) => toView(r, credits));
    },
  };
}

export type TaxDocumentsService = ReturnType<typeof createTaxDocumentsService>;
export type { TaxDocumentRow };
