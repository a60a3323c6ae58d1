import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { formatDate } from "#shared/dates.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { CreditNoteInput, DebitNoteInput, NoteOptions, TaxDocumentContent, TaxDocumentKind } from "#shared/schemas/tax-documents.ts";
import type { VatRounding } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orders } from "../../db/schema/commerce.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import { type Actor, requireStaff, requireStepUp, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, NotFoundError } from "../../platform/errors.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { documentAmounts } from "./tax-document-amounts.ts";
import {
  creditLines,
  debitLines,
  isDiscount,
  type NoteLine,
  positionsOf,
  remainingLines,
  remainingNet,
  remainingQuantity,
} from "./tax-note-lines.ts";

/**
 * Credit and debit notes of an invoice (decision 016, "Credit and debit notes"): a partial credit note (units returned
 * or an amount off), a debit note (a price raised, or a charge added), the credit of all that remains when a paid
 * order is cancelled, and the correction of an invoice FDMS kept with an error (credited in full, issued again). Each
 * locks its invoice's row, so two notes at once queue and never credit together more than the invoice.
 */

type TaxDocumentRow = typeof taxDocuments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export type InsertDocument = (
  tx: Tx,
  kind: TaxDocumentKind,
  at: Date,
  content: TaxDocumentContent,
  order: OrderRow,
  extra: { invoiceId?: number; reason?: string; mail?: boolean; fiscalise?: boolean },
) => Promise<TaxDocumentRow>;

type NotesDeps = {
  db: Db;
  /** FDMS is on. */
  fiscalEnabled: boolean;
  audit?: Pick<AuditService, "record">;
  settings: Pick<SettingsService, "get">;
  now: () => Date;
  insertDocument: InsertDocument;
  invoiceContent: (tx: Tx, orderId: number, company: SiteSettings, at: Date) => Promise<{ content: TaxDocumentContent; order: OrderRow }>;
};

/** FDMS takes no note of an invoice issued more than 12 months before it (RCPT033). */
export function tooOldForNotes(invoiceIssuedAt: Date, at: Date): boolean {
  const limit = new Date(invoiceIssuedAt);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return at.getTime() > limit.getTime();
}

const cents = (v: string): bigint => signedCents(v) ?? 0n;

export function createTaxNotes({ db, fiscalEnabled, audit, settings, now, insertDocument, invoiceContent }: NotesDeps) {
  /** The invoice, its row locked until `tx` ends, with its notes and its order. */
  async function lockedInvoice(tx: Tx, invoiceId: number) {
    const [invoice] = await tx.select().from(taxDocuments).where(eq(taxDocuments.id, invoiceId)).for("update");
    if (invoice?.kind !== "invoice") throw new NotFoundError("Invoice not found.");
    const [notes, [order]] = await Promise.all([
      tx.select().from(taxDocuments).where(eq(taxDocuments.invoiceId, invoiceId)).orderBy(asc(taxDocuments.id)),
      tx.select().from(orders).where(eq(orders.id, invoice.orderId)),
    ]);
    if (!order) throw new NotFoundError("Order not found.");
    return { invoice, notes, order };
  }

  /** Invoice − credit notes + debit notes, in cents including VAT (RCPT035). */
  function remainingTotal(invoice: TaxDocumentRow, notes: readonly TaxDocumentRow[]): bigint {
    return notes.reduce((s, n) => s + (n.kind === "debit_note" ? cents(n.total) : -cents(n.total)), cents(invoice.total));
  }

  /**
   * All that remains of an invoice, as a credit note's lines; with no notes yet, its lines as they are, naming none
   * (such a note mirrors the invoice, as cancellation credit notes always did).
   */
  function remainingOf(invoice: TaxDocumentRow, notes: readonly TaxDocumentRow[]): NoteLine[] {
    const lines = remainingLines(positionsOf(invoice.content as TaxDocumentContent, notes));
    return notes.length > 0 ? lines : lines.map(({ of_line: _named, returned: _units, ...line }) => line);
  }

  /** Why no note of this invoice can be issued at `at`, or null. */
  function refusal(invoice: TaxDocumentRow, at: Date): string | null {
    if (invoice.correctedAt) return `${invoice.number} was credited and issued again: issue notes of its new invoice.`;
    if (tooOldForNotes(invoice.issuedAt, at)) {
      return `${invoice.number} was issued on ${formatDate(invoice.issuedAt.toISOString())}, more than 12 months ago: FDMS accepts no credit or debit note of an invoice that old (RCPT033). Ask your accountant how to settle it.`;
    }
    return null;
  }

  /** Why an admin may issue no note of this invoice now (the 12-month rule, a corrected invoice, a cancelled order). */
  function adminRefusal(found: { invoice: TaxDocumentRow; order: OrderRow }, at: Date): string | null {
    if (found.order.status === "cancelled") {
      return `The order is cancelled and ${found.invoice.number} was credited with its cancellation: it takes no more notes.`;
    }
    return refusal(found.invoice, at);
  }

  /**
   * Why a note of this invoice is not fiscalised though FDMS is on: the invoice was issued while fiscalisation was off,
   * so FDMS has no receipt to name in the note's creditDebitNote (RCPT015, RCPT032); null otherwise. An invoice still
   * on its way to FDMS goes first in the queue; if it never gets there, its note waits for it (submission.ts).
   */
  function notFiscalised(invoice: TaxDocumentRow): string | null {
    if (!fiscalEnabled || invoice.fiscalStatus !== "not_required") return null;
    return `Not fiscalised: invoice ${invoice.number} was issued before fiscalisation with ZIMRA (FDMS) began, so FDMS has no record of it to correct. This note corrects it in the accounts and the VAT return.`;
  }

  /** Issues a note of `lines` in `tx`; its VAT worked out as the order's (decision 031). */
  async function issueNote(
    tx: Tx,
    kind: "credit_note" | "debit_note",
    found: { invoice: TaxDocumentRow; notes: TaxDocumentRow[]; order: OrderRow },
    lines: NoteLine[],
    reason: string,
    at: Date,
    opts: { mail?: boolean; whole?: boolean; rest?: boolean } = {},
  ): Promise<TaxDocumentRow> {
    const { invoice, notes, order } = found;
    const invoiceContent = invoice.content as TaxDocumentContent;
    const amounts = documentAmounts(
      lines.map((l) => ({ unit: l.unit_price, quantity: l.quantity, vatRate: l.vat_rate })),
      order.vatRounding as VatRounding,
    );
    // A note of all that remains is issued whatever a cent of VAT rounding says (its lines are what remains).
    if (kind === "credit_note" && !opts.rest && amounts.tax.gross > remainingTotal(invoice, notes)) {
      throw new ConflictError(
        `This credit (${invoice.currency} ${centsToDecimal(amounts.tax.gross)} with VAT) is more than remains of ${invoice.number} (${invoice.currency} ${centsToDecimal(remainingTotal(invoice, notes))}): credit less.`,
      );
    }
    const unfiscal = notFiscalised(invoice);
    const content: TaxDocumentContent = {
      ...invoiceContent,
      lines: lines.map((l, i) => ({ ...l, ...(amounts.lines[i] as { net: string; vat: string; total: string }) })),
      vat_summary: amounts.vat_summary,
      totals: amounts.totals,
      // What the invoice said of its payment (decision 032) is the invoice's, not the note's.
      paid: undefined,
      balance: undefined,
      // A note of the whole invoice repeats its figures in the other currency; a partial one states its own currency only.
      ...(opts.whole ? {} : { other_currency: null, other_totals: null }),
      credits: { number: invoice.number, issued_at: invoice.issuedAt.toISOString() },
      reason,
      ...(unfiscal ? { fiscal_note: unfiscal } : {}),
    };
    const extra = { invoiceId: invoice.id, reason, ...(opts.mail === undefined ? {} : { mail: opts.mail }) };
    return insertDocument(tx, kind, at, content, order, { ...extra, ...(unfiscal ? { fiscalise: false } : {}) });
  }

  async function record(exec: Db | Tx, admin: SignedIn, row: TaxDocumentRow, invoice: TaxDocumentRow, action: string, summary: string) {
    await audit?.record(exec, admin, {
      entity: "tax-document",
      entityId: row.id,
      action,
      summary,
      after: { number: row.number, invoice: invoice.number, total: row.total, currency: row.currency, reason: row.reason },
    });
  }

  /**
   * An admin's credit or debit note of an invoice, in a transaction of its own: the invoice locked (notes at once
   * queue, RCPT035), refused when it takes no note, the lines from `linesOf`, issued and audited.
   */
  function adminNote(
    admin: SignedIn,
    invoiceId: number,
    kind: "credit_note" | "debit_note",
    reason: string,
    linesOf: (found: Awaited<ReturnType<typeof lockedInvoice>>) => NoteLine[],
    opts: { mail?: boolean },
  ): Promise<TaxDocumentRow> {
    return db.transaction(async (tx) => {
      const at = now();
      const found = await lockedInvoice(tx, invoiceId);
      const refused = adminRefusal(found, at);
      if (refused) throw new ConflictError(refused);
      const row = await issueNote(tx, kind, found, linesOf(found), reason, at, opts);
      const name = kind === "credit_note" ? "Credit note" : "Debit note";
      const action = kind === "credit_note" ? "credit" : "debit";
      await record(tx, admin, row, found.invoice, action, `${name} ${row.number} of ${found.invoice.number}: ${row.currency} ${row.total}`);
      return row;
    });
  }

  /** The order's invoice in force (not one credited and issued again). */
  async function currentInvoiceOf(exec: Db | Tx, orderId: number): Promise<TaxDocumentRow | null> {
    const [row] = await exec
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, "invoice"), isNull(taxDocuments.correctedAt)))
      .limit(1);
    return row ?? null;
  }

  return {
    currentInvoiceOf,

    /**
     * The cancelled paid order's credit note, in `tx` (the cancellation's): all that remains of its invoice (the whole
     * invoice, line by line, when it has no notes yet); nothing when the order has no invoice or all is credited.
     */
    async creditRemaining(
      tx: Tx,
      orderId: number,
      reason: string,
      at: Date,
      opts: { mail?: boolean } = {},
    ): Promise<TaxDocumentRow | null> {
      const current = await currentInvoiceOf(tx, orderId);
      if (!current) return null;
      const found = await lockedInvoice(tx, current.id);
      const lines = remainingOf(found.invoice, found.notes);
      if (lines.length === 0 || remainingTotal(found.invoice, found.notes) <= 0n) return null;
      const old = refusal(found.invoice, at);
      if (old) throw new ConflictError(`The order cannot be cancelled with a credit note: ${old}`);
      return issueNote(tx, "credit_note", found, lines, reason || "Order cancelled", at, {
        ...opts,
        whole: found.notes.length === 0,
        rest: true,
      });
    },

    /** What the note forms offer for an invoice (admins): its lines with what remains of each. */
    async noteOptions(actor: Actor, invoiceId: number): Promise<NoteOptions> {
      requireStaff(actor, "money.documents");
      return db.transaction(async (tx) => {
        const { invoice, notes, order } = await lockedInvoice(tx, invoiceId);
        const content = invoice.content as TaxDocumentContent;
        const positions = [...positionsOf(content, notes).values()];
        return {
          invoice: {
            id: invoice.id,
            number: invoice.number,
            issued_at: invoice.issuedAt.toISOString(),
            currency: invoice.currency,
            total: invoice.total,
          },
          remaining_total: centsToDecimal(remainingTotal(invoice, notes)),
          lines: positions.map((p) => ({
            line: p.key,
            name: p.name,
            quantity: p.quantity,
            remaining_quantity: remainingQuantity(p),
            unit_price: p.unit_price,
            remaining_net: centsToDecimal(remainingNet(p)),
            vat_rate: p.vat_rate,
            discount: isDiscount(p),
          })),
          vat_rates: [...new Set(content.lines.map((l) => l.vat_rate))],
          refused: adminRefusal({ invoice, order }, now()),
          not_fiscalised: notFiscalised(invoice),
        };
      });
    },

    /**
     * A partial credit note of an invoice (admins): units returned or amounts off, with the reason; audited. E-mailed to
     * the dealer once final unless `mail` is false (the demo's seed).
     */
    async issueCreditNote(actor: Actor, invoiceId: number, input: CreditNoteInput, opts: { mail?: boolean } = {}): Promise<TaxDocumentRow> {
      // Decision 035: a credit note gives money back, so it needs a fresh second factor too.
      const admin = requireStepUp(requireStaff(actor, "money.documents"));
      return adminNote(
        admin,
        invoiceId,
        "credit_note",
        input.reason,
        (found) => creditLines(positionsOf(found.invoice.content as TaxDocumentContent, found.notes), input, found.invoice.currency),
        opts,
      );
    },

    /** A debit note of an invoice (admins): a price raised or a charge added, with the reason; audited. */
    async issueDebitNote(actor: Actor, invoiceId: number, input: DebitNoteInput, opts: { mail?: boolean } = {}): Promise<TaxDocumentRow> {
      const admin = requireStaff(actor, "money.documents");
      return adminNote(
        admin,
        invoiceId,
        "debit_note",
        input.reason,
        (found) => {
          const content = found.invoice.content as TaxDocumentContent;
          return debitLines(
            positionsOf(content, found.notes),
            input,
            content.lines.map((l) => l.vat_rate),
          );
        },
        opts,
      );
    },

    /**
     * "Credit it and issue a new invoice" (admins), for an invoice FDMS kept with an error (it cannot be sent again):
     * a credit note of all that remains of it and a new invoice of the same order, its lines read afresh (a product's
     * HS code set since), both queued for FDMS; the invoice is marked corrected and leaves the needs-correction list.
     */
    async creditAndReissue(actor: Actor, invoiceId: number): Promise<{ creditNote: TaxDocumentRow; invoice: TaxDocumentRow }> {
      // Decision 035: it issues a credit note, which needs a fresh second factor.
      const admin = requireStepUp(requireStaff(actor, "money.documents"));
      // Read before the transaction: the settings have their own connection (PGlite has one).
      const company = await settings.get();
      return db.transaction(async (tx) => {
        const at = now();
        const found = await lockedInvoice(tx, invoiceId);
        const { invoice, order } = found;
        if (invoice.correctedAt) throw new ConflictError(`${invoice.number} is corrected already.`);
        if (invoice.fiscalStatus !== "needs_correction" || invoice.fiscal === null) {
          throw new ConflictError(
            "Only an invoice FDMS kept with an error is credited and issued again; one FDMS did not keep is sent again once put right.",
          );
        }
        if (order.status === "cancelled") throw new ConflictError("The order is cancelled: it gets no new invoice.");
        const refused = refusal(invoice, at);
        if (refused) throw new ConflictError(refused);
        const problems = ((invoice.fiscalProblems as { code: string | null }[] | null) ?? []).map((p) => p.code).filter(Boolean);
        const lines = remainingOf(invoice, found.notes);
        if (lines.length === 0) throw new ConflictError(`${invoice.number} is credited in full already.`);
        const reason = `Corrects invoice ${invoice.number}, which FDMS kept with an error${problems.length ? ` (${problems.join(", ")})` : ""}: a new invoice replaces it.`;
        const creditNote = await issueNote(tx, "credit_note", found, lines, reason, at, { whole: found.notes.length === 0, rest: true });
        // Marked first: the order's one invoice in force is then the new one (tax_documents_order_invoice_key).
        await tx.update(taxDocuments).set({ correctedAt: at }).where(eq(taxDocuments.id, invoice.id));
        const fresh = await invoiceContent(tx, order.id, company, at);
        const withHsCodes = await currentHsCodes(tx, fresh.content);
        const next = await insertDocument(tx, "invoice", at, withHsCodes, fresh.order, {});
        await tx.update(taxDocuments).set({ replacedById: next.id }).where(eq(taxDocuments.id, invoice.id));
        await audit?.record(tx, admin, {
          entity: "tax-document",
          entityId: invoice.id,
          action: "correct",
          summary: `Credited ${invoice.number} with ${creditNote.number} and issued ${next.number} in its place`,
          before: { number: invoice.number, fiscal_status: invoice.fiscalStatus, problems: invoice.fiscalProblems },
          after: { credit_note: creditNote.number, invoice: next.number },
        });
        return { creditNote, invoice: next };
      });
    },
  };
}

/** The lines' HS codes as their products have them now (a code set since the order was placed wins). */
async function currentHsCodes(tx: Tx, content: TaxDocumentContent): Promise<TaxDocumentContent> {
  const ids = [...new Set(content.lines.map((l) => l.product_id).filter((id): id is number => id !== null))];
  if (ids.length === 0) return content;
  const rows = await tx.select({ id: products.productId, hs: products.hsCode }).from(products).where(inArray(products.productId, ids));
  const codes = new Map(rows.map((r) => [r.id, r.hs]));
  return {
    ...content,
    lines: content.lines.map((l) =>
      l.product_id !== null && codes.get(l.product_id) ? { ...l, hs_code: codes.get(l.product_id) ?? l.hs_code } : l,
    ),
  };
}

export type TaxNotes = ReturnType<typeof createTaxNotes>;
