import { centsToDecimal, signedCents, toUsdCents } from "#shared/money.ts";
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  ageingBucketOf,
  type CreditSummary,
  type CreditTerms,
  type LedgerEntry,
} from "#shared/schemas/credit.ts";
import { daysUntil } from "#shared/schemas/documents.ts";

/**
 * A company's account worked out in memory from its rows (decision 034): every amount in USD cents, a document in
 * another currency at its own frozen rate. Pure, so the rules are tested without a database.
 */

/** A tax document of an order on account: its invoice, or a note on it. */
export type AccountDocument = {
  id: number;
  kind: "invoice" | "credit_note" | "debit_note";
  number: string;
  /** The Harare day it was issued. */
  issuedOn: string;
  /** A note's invoice; null for an invoice. */
  invoiceId: number | null;
  currency: string;
  total: string;
  /** The document's frozen rate, else its order's (a USD document has none). */
  exchangeRate: string | null;
  orderId: number;
  orderReference: string;
  dueOn: string;
};

export type AccountPayment = {
  id: number;
  receivedOn: string;
  currency: string;
  amount: string;
  exchangeRate: string | null;
  amountUsd: string;
  method: string;
  reference: string;
};

export type AccountAllocation = { paymentId: number; invoiceId: number; amountUsd: string };

export type AccountRows = {
  terms: CreditTerms;
  limitUsd: string;
  documents: AccountDocument[];
  payments: AccountPayment[];
  allocations: AccountAllocation[];
  /** USD cents of orders on account placed and not yet invoiced (nor cancelled). */
  uninvoicedCents: bigint;
};

export type OpenInvoice = { id: number; number: string; issuedOn: string; dueOn: string; totalCents: bigint; openCents: bigint };

const cents = (value: string): bigint => {
  const c = signedCents(value);
  if (c === null) throw new Error(`not an amount: ${value}`);
  return c;
};

/** A document's total in USD cents: as it is in USD, else at its frozen rate. */
export function documentUsdCents(doc: Pick<AccountDocument, "currency" | "total" | "exchangeRate">): bigint {
  if (doc.currency === "USD") return cents(doc.total);
  if (!doc.exchangeRate) throw new Error(`a ${doc.currency} document without its rate`);
  return toUsdCents(cents(doc.total), doc.exchangeRate);
}

/** Each invoice's total (with its debit notes, less its credit notes) and what is still unpaid of it, oldest due first. */
export function invoicesOf(rows: Pick<AccountRows, "documents" | "allocations">): OpenInvoice[] {
  const invoices = new Map<number, OpenInvoice>();
  for (const d of rows.documents) {
    if (d.kind === "invoice") {
      const total = documentUsdCents(d);
      invoices.set(d.id, { id: d.id, number: d.number, issuedOn: d.issuedOn, dueOn: d.dueOn, totalCents: total, openCents: total });
    }
  }
  for (const d of rows.documents) {
    const invoice = d.invoiceId === null ? undefined : invoices.get(d.invoiceId);
    if (!invoice || d.kind === "invoice") continue;
    const amount = documentUsdCents(d);
    const signed = d.kind === "credit_note" ? -amount : amount;
    invoice.totalCents += signed;
    invoice.openCents += signed;
  }
  for (const a of rows.allocations) {
    const invoice = invoices.get(a.invoiceId);
    if (invoice) invoice.openCents -= cents(a.amountUsd);
  }
  return [...invoices.values()].sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id);
}

/** What of each payment is not allocated to an invoice yet. */
export function unallocatedOf(rows: Pick<AccountRows, "payments" | "allocations">): Map<number, bigint> {
  const left = new Map(rows.payments.map((p) => [p.id, cents(p.amountUsd)]));
  for (const a of rows.allocations) left.set(a.paymentId, (left.get(a.paymentId) ?? 0n) - cents(a.amountUsd));
  return left;
}

/** The balance of the documents and payments alone: what the statement closes with. */
export function ledgerBalanceCents(rows: Pick<AccountRows, "documents" | "payments">): bigint {
  let balance = 0n;
  for (const d of rows.documents) balance += d.kind === "credit_note" ? -documentUsdCents(d) : documentUsdCents(d);
  for (const p of rows.payments) balance -= cents(p.amountUsd);
  return balance;
}

/** The account's figures on `today` (Harare), with the hold after `holdDays` days overdue. */
export function summaryOf(rows: AccountRows, today: string, holdDays: number): CreditSummary {
  const open = invoicesOf(rows).filter((i) => i.openCents > 0n);
  const overdue = open.filter((i) => i.dueOn < today);
  const balance = ledgerBalanceCents(rows) + rows.uninvoicedCents;
  const limit = cents(rows.limitUsd);
  const available = rows.terms === "cash" ? 0n : limit - balance > 0n ? limit - balance : 0n;
  const oldest = overdue[0];
  const daysOverdue = oldest ? -daysUntil(oldest.dueOn, today) : 0;
  let unallocated = 0n;
  for (const left of unallocatedOf(rows).values()) if (left > 0n) unallocated += left;
  return {
    terms: rows.terms,
    limit: centsToDecimal(limit),
    balance: centsToDecimal(balance),
    available: centsToDecimal(available),
    overdue: centsToDecimal(overdue.reduce((sum, i) => sum + i.openCents, 0n)),
    currency: "USD",
    hold:
      oldest && daysOverdue > holdDays
        ? { invoice: oldest.number, due_on: oldest.dueOn, days_overdue: daysOverdue, hold_days: holdDays }
        : null,
    unallocated: centsToDecimal(unallocated),
  };
}

/**
 * Which open invoices a payment settles: by hand (each checked against what is open), else the oldest due first.
 * Answers each invoice's share; what is left of the payment stays unallocated. Throws with the index of a bad hand line.
 */
export function planAllocation(
  open: readonly OpenInvoice[],
  availableCents: bigint,
  byHand: readonly { invoice_id: number; amount: string }[],
): { allocations: { invoiceId: number; cents: bigint }[]; refused?: { index: number; message: string } } {
  const allocations: { invoiceId: number; cents: bigint }[] = [];
  let left = availableCents;
  if (byHand.length === 0) {
    for (const invoice of open) {
      if (left <= 0n) break;
      if (invoice.openCents <= 0n) continue;
      // BigInt has no Math.min: the smaller of what is open and what is left.
      let share = left;
      if (invoice.openCents < share) share = invoice.openCents;
      allocations.push({ invoiceId: invoice.id, cents: share });
      left -= share;
    }
    return { allocations };
  }
  const openOf = new Map(open.map((i) => [i.id, i]));
  for (const [index, line] of byHand.entries()) {
    const invoice = openOf.get(line.invoice_id);
    const amount = cents(line.amount);
    if (!invoice || invoice.openCents <= 0n)
      return { allocations: [], refused: { index, message: "This invoice has nothing open to pay." } };
    if (amount <= 0n) return { allocations: [], refused: { index, message: "Enter an amount above 0." } };
    if (amount > invoice.openCents) {
      return { allocations: [], refused: { index, message: `At most ${centsToDecimal(invoice.openCents)} is open on ${invoice.number}.` } };
    }
    if (amount > left)
      return { allocations: [], refused: { index, message: `Only ${centsToDecimal(left)} of the payment is left to allocate.` } };
    invoice.openCents -= amount;
    left -= amount;
    allocations.push({ invoiceId: invoice.id, cents: amount });
  }
  return { allocations };
}

/**
 * The ledger's entries in date order with the running balance from `opening` (cents): invoices and debit notes
 * add, credit notes and payments take off. `open` says what is still unpaid of an invoice or unallocated of a payment.
 */
export function ledgerEntries(rows: AccountRows, opening: bigint, within: (day: string) => boolean): LedgerEntry[] {
  const openOf = new Map(invoicesOf(rows).map((i) => [i.id, i.openCents]));
  const unallocated = unallocatedOf(rows);
  type Raw = Omit<LedgerEntry, "balance"> & { signed: bigint; order: number };
  const raw: Raw[] = [];
  for (const d of rows.documents) {
    if (!within(d.issuedOn)) continue;
    const usd = documentUsdCents(d);
    const signed = d.kind === "credit_note" ? -usd : usd;
    raw.push({
      kind: d.kind,
      id: d.id,
      date: d.issuedOn,
      reference: d.number,
      order_reference: d.orderReference,
      due_on: d.kind === "invoice" ? d.dueOn : null,
      currency: d.currency,
      amount: d.total,
      exchange_rate: d.currency === "USD" ? null : d.exchangeRate,
      debit: centsToDecimal(signed > 0n ? signed : 0n),
      credit: centsToDecimal(signed < 0n ? -signed : 0n),
      open: d.kind === "invoice" ? centsToDecimal(openOf.get(d.id) ?? 0n) : null,
      signed,
      order: 0,
    });
  }
  for (const p of rows.payments) {
    if (!within(p.receivedOn)) continue;
    raw.push({
      kind: "payment",
      id: p.id,
      date: p.receivedOn,
      reference: `${p.method}: ${p.reference}`,
      order_reference: null,
      due_on: null,
      currency: p.currency,
      amount: p.amount,
      exchange_rate: p.exchangeRate,
      debit: "0.00",
      credit: p.amountUsd,
      open: centsToDecimal(unallocated.get(p.id) ?? 0n),
      signed: -cents(p.amountUsd),
      order: 1,
    });
  }
  raw.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id);
  let balance = opening;
  return raw.map(({ signed, order: _order, ...entry }) => {
    balance += signed;
    return { ...entry, balance: centsToDecimal(balance) };
  });
}

/** The open invoices' amounts by how long they are overdue on `today`. */
export function ageingOf(rows: Pick<AccountRows, "documents" | "allocations">, today: string): Record<AgeingBucket, bigint> {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0n])) as Record<AgeingBucket, bigint>;
  for (const invoice of invoicesOf(rows)) {
    if (invoice.openCents <= 0n) continue;
    buckets[ageingBucketOf(-daysUntil(invoice.dueOn, today))] += invoice.openCents;
  }
  return buckets;
}
