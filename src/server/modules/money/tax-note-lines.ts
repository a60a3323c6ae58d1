import { centsToDecimal, decimalUnits, signedCents } from "#shared/money.ts";
import type { CreditNoteInput, DebitNoteInput, DocumentLine, TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import type { VatCategory } from "#shared/tax.ts";
import { FieldError } from "../../platform/errors.ts";

/**
 * What remains of an invoice once its credit and debit notes are counted, and the lines of a new note checked against
 * it (decision 016, "Credit and debit notes": FDMS's RCPT035 — invoice − credits + debits ≥ 0 — per line and
 * quantity). Pure: the caller reads the invoice and its notes in its transaction, the invoice's row locked.
 */

/** A line a note can correct: one of the invoice's, or a charge line a debit note added. */
export type Position = {
  key: string;
  name: string;
  product_id: number | null;
  hs_code: string | null;
  vat_category: VatCategory;
  vat_rate: string | null;
  unit_price: string;
  quantity: number;
  /** Units returned by credit notes so far. */
  returned: number;
  /** Cents excluding VAT: the line's, then credited and debited by notes. */
  net: bigint;
  credited: bigint;
  debited: bigint;
};

export type NoteRow = { id: number; kind: "invoice" | "credit_note" | "debit_note"; content: unknown };

const cents = (v: string): bigint => signedCents(v) ?? 0n;

export const remainingNet = (p: Position) => p.net + p.debited - p.credited;
export const remainingQuantity = (p: Position) => p.quantity - p.returned;
export const isDiscount = (p: Position) => p.net < 0n;

/** The key of a charge line a debit note added: "+" on the note, "n<note id>.<line index>" once issued. */
const ADDED = "+";

/** A line as a position: nothing returned, credited or debited yet. */
function freshPosition(key: string, l: DocumentLine): Position {
  return {
    key,
    name: l.name,
    product_id: l.product_id,
    hs_code: l.hs_code,
    vat_category: l.vat_category,
    vat_rate: l.vat_rate,
    unit_price: l.unit_price,
    quantity: l.quantity,
    returned: 0,
    net: cents(l.net),
    credited: 0n,
    debited: 0n,
  };
}

/** The invoice's lines and its notes' added charges, each with what its notes took off and added. */
export function positionsOf(invoice: TaxDocumentContent, notes: readonly NoteRow[]): Map<string, Position> {
  const positions = new Map<string, Position>();
  invoice.lines.forEach((l, i) => {
    positions.set(String(i), freshPosition(String(i), l));
  });
  for (const note of [...notes].sort((a, b) => a.id - b.id)) {
    if (note.kind === "invoice") continue;
    (note.content as TaxDocumentContent).lines.forEach((l, i) => {
      if (l.of_line === ADDED) {
        const key = `n${note.id}.${i}`;
        positions.set(key, freshPosition(key, l));
        return;
      }
      // A credit note from before notes named their lines mirrors its invoice line by line.
      const p = positions.get(l.of_line ?? String(i));
      if (!p) return;
      if (note.kind === "debit_note") p.debited += cents(l.net);
      else {
        p.credited += cents(l.net);
        p.returned += l.returned ?? (l.of_line === undefined ? l.quantity : 0);
      }
    });
  }
  return positions;
}

/** A note's line before its VAT is worked out (the amounts come from the invoice's own rounding, decision 031). */
export type NoteLine = Omit<DocumentLine, "net" | "vat" | "total">;

function lineOf(p: Position, over: Pick<NoteLine, "name" | "quantity" | "unit_price" | "returned">): NoteLine {
  return {
    product_id: p.product_id,
    hs_code: p.hs_code,
    vat_category: p.vat_category,
    vat_rate: p.vat_rate,
    of_line: p.key,
    ...over,
  };
}

function amountCents(text: string, field: string): bigint {
  const v = decimalUnits(text, 2);
  if (v === null || v <= 0n) throw new FieldError("Enter an amount above 0.", field);
  return v;
}

const money = (currency: string, c: bigint) => `${currency} ${centsToDecimal(c)}`;

function positionOf(positions: Map<string, Position>, key: string, field: string, seen: Set<string>): Position {
  const p = positions.get(key);
  if (!p) throw new FieldError("That line is not on the invoice: reload the page and pick again.", field);
  if (seen.has(key)) throw new FieldError(`"${p.name}" is picked twice: give it once.`, field);
  seen.add(key);
  if (isDiscount(p)) {
    throw new FieldError(
      `"${p.name}" is a discount: it is credited only with the rest of the invoice, when the order is cancelled.`,
      field,
    );
  }
  return p;
}

/** A partial credit note's lines: units returned or an amount off, never more than remains of each line. */
export function creditLines(positions: Map<string, Position>, input: CreditNoteInput, currency: string): NoteLine[] {
  const seen = new Set<string>();
  return input.lines.map((l, i) => {
    const field = `lines.${i}`;
    const p = positionOf(positions, l.line, field, seen);
    const left = remainingNet(p);
    if (l.quantity !== undefined) {
      if (l.quantity > remainingQuantity(p)) {
        throw new FieldError(
          `Only ${remainingQuantity(p)} of "${p.name}" remain${remainingQuantity(p) === 1 ? "s" : ""} uncredited: return at most that many.`,
          `${field}.quantity`,
        );
      }
      const net = cents(p.unit_price) * BigInt(l.quantity);
      if (net > left) {
        throw new FieldError(
          `Returning ${l.quantity} of "${p.name}" would credit ${money(currency, net)}, but only ${money(currency, left)} of it remains uncredited: credit an amount instead.`,
          `${field}.quantity`,
        );
      }
      return lineOf(p, { name: p.name, quantity: l.quantity, unit_price: p.unit_price, returned: l.quantity });
    }
    const amount = amountCents(l.amount ?? "", `${field}.amount`);
    if (amount > left) {
      throw new FieldError(
        `Only ${money(currency, left)} of "${p.name}" remains uncredited (excluding VAT): credit at most that.`,
        `${field}.amount`,
      );
    }
    return lineOf(p, { name: `${p.name} (price reduction)`, quantity: 1, unit_price: centsToDecimal(amount), returned: 0 });
  });
}

/** A debit note's lines: an amount added to lines of the invoice, and charge lines at one of the invoice's rates. */
export function debitLines(positions: Map<string, Position>, input: DebitNoteInput, invoiceRates: readonly (string | null)[]): NoteLine[] {
  const seen = new Set<string>();
  const raised = input.lines.map((l, i) => {
    const p = positionOf(positions, l.line, `lines.${i}`, seen);
    const amount = amountCents(l.amount, `lines.${i}.amount`);
    return lineOf(p, { name: `${p.name} (price correction)`, quantity: 1, unit_price: centsToDecimal(amount), returned: 0 });
  });
  const added = input.charges.map((c, i): NoteLine => {
    const rate = c.vat_rate === "exempt" ? null : c.vat_rate;
    // FDMS takes only the invoice's own taxes on its notes (RCPT036).
    if (!invoiceRates.some((r) => r === rate || (r !== null && rate !== null && Number(r) === Number(rate)))) {
      throw new FieldError("Choose one of the invoice's VAT rates for the charge.", `charges.${i}.vat_rate`);
    }
    const vatRate = rate === null ? null : (invoiceRates.find((r) => r !== null && Number(r) === Number(rate)) ?? rate);
    const amount = amountCents(c.amount, `charges.${i}.amount`);
    return {
      product_id: null,
      hs_code: null,
      vat_category: vatRate === null ? "exempt" : Number(vatRate) === 0 ? "zero_rated" : "standard",
      vat_rate: vatRate,
      name: c.name,
      quantity: 1,
      unit_price: centsToDecimal(amount),
      of_line: ADDED,
      returned: 0,
    };
  });
  return [...raised, ...added];
}

/**
 * The credit of everything that remains (a cancelled order's): each line's remaining units at its price when that is
 * what remains of it, else what remains as one amount; nothing when all is credited already.
 */
export function remainingLines(positions: Map<string, Position>): NoteLine[] {
  const lines: NoteLine[] = [];
  for (const p of positions.values()) {
    const left = remainingNet(p);
    const units = remainingQuantity(p);
    if (left === 0n) continue;
    if (units > 0 && cents(p.unit_price) * BigInt(units) === left) {
      lines.push(lineOf(p, { name: p.name, quantity: units, unit_price: p.unit_price, returned: units }));
    } else {
      lines.push(lineOf(p, { name: `${p.name} (balance)`, quantity: 1, unit_price: centsToDecimal(left), returned: Math.max(units, 0) }));
    }
  }
  return lines;
}
