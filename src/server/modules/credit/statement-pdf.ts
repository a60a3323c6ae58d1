import { entryCurrencyNote, entryDescription, LEDGER_ENTRY_KIND_LABELS } from "#shared/credit-entries.ts";
import { formatDay } from "#shared/dates.ts";
import { formatCents, signedCents } from "#shared/money.ts";
import { CREDIT_TERMS_LABELS, type LedgerEntry, type Statement } from "#shared/schemas/credit.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { CsvColumn } from "../../platform/csv.ts";
import { INK, MARGIN, MUTED, RULE, SHADE, startPdf, WIDTH } from "../../platform/pdf/pdf-kit.ts";

/**
 * A company's statement of account as an A4 PDF and a CSV (decision 034): the period, the opening balance, each
 * invoice, note and payment with the running balance in USD (a ZWG document with its own total and frozen rate), the
 * closing balance, what is open and overdue, and the terms.
 */

const day = formatDay;
const usd = (value: string) => {
  const cents = signedCents(value) ?? 0n;
  return `${cents < 0n ? "-" : ""}${formatCents(cents < 0n ? -cents : cents)}`;
};

export function statementFileName(s: Pick<Statement, "from" | "to">, extension: "pdf" | "csv"): string {
  return `statement-${s.from}-to-${s.to}.${extension}`;
}

/** The statement's lines as the accountant's CSV: one row per entry, the opening and closing balances as rows of their own. */
export const statementCsvColumns: readonly CsvColumn<LedgerEntry | { kind: "opening" | "closing"; date: string; balance: string }>[] = [
  { header: "Date", value: (e) => e.date },
  {
    header: "Entry",
    value: (e) => (e.kind === "opening" ? "Opening balance" : e.kind === "closing" ? "Closing balance" : LEDGER_ENTRY_KIND_LABELS[e.kind]),
  },
  { header: "Reference", value: (e) => ("reference" in e ? e.reference : "") },
  { header: "Order", value: (e) => ("order_reference" in e ? e.order_reference : "") },
  { header: "Due on", value: (e) => ("due_on" in e ? e.due_on : "") },
  { header: "Currency", value: (e) => ("currency" in e ? e.currency : "USD") },
  { header: "Amount", value: (e) => ("amount" in e ? e.amount : "") },
  { header: "Rate per USD", value: (e) => ("exchange_rate" in e ? e.exchange_rate : "") },
  { header: "Debit USD", value: (e) => ("debit" in e ? e.debit : "") },
  { header: "Credit USD", value: (e) => ("credit" in e ? e.credit : "") },
  { header: "Balance USD", value: (e) => e.balance },
];

export function statementCsvRows(s: Statement) {
  return [
    { kind: "opening" as const, date: s.from, balance: s.opening_balance },
    ...s.entries,
    { kind: "closing" as const, date: s.to, balance: s.closing_balance },
  ];
}

const COLUMNS = { date: 64, debit: 66, credit: 66, balance: 72 };
const DESCRIPTION = WIDTH - COLUMNS.date - COLUMNS.debit - COLUMNS.credit - COLUMNS.balance;

export async function statementPdf(s: Statement, company: SiteSettings): Promise<Uint8Array> {
  const kit = await startPdf({
    title: `Statement of account ${s.company.name} ${s.from} to ${s.to} - ${company.companyName}`,
    subject: "Statement of account",
    company,
  });
  const { state, regular, bold, text, rightText, wrap, ensure, header, finish } = kit;
  state.continued = `Statement of account, ${s.company.name}`;
  header();

  text("STATEMENT OF ACCOUNT", MARGIN, state.y, bold, 16);
  rightText(`${day(s.from)} to ${day(s.to)}`, MARGIN + WIDTH, state.y, regular, 10, MUTED);
  state.y -= 22;
  text(s.company.name, MARGIN, state.y, bold, 11);
  state.y -= 15;
  text(
    `Terms: ${CREDIT_TERMS_LABELS[s.summary.terms]}${s.summary.terms === "cash" ? "" : `, credit limit USD ${usd(s.summary.limit)}`}. All amounts in USD.`,
    MARGIN,
    state.y,
    regular,
    9,
    MUTED,
  );
  state.y -= 24;

  // The table's head, drawn again on each new page.
  const right = {
    debit: MARGIN + COLUMNS.date + DESCRIPTION + COLUMNS.debit,
    credit: MARGIN + COLUMNS.date + DESCRIPTION + COLUMNS.debit + COLUMNS.credit,
    balance: MARGIN + WIDTH,
  };
  const head = () => {
    state.page.drawRectangle({ x: MARGIN, y: state.y - 5, width: WIDTH, height: 18, color: SHADE });
    text("Date", MARGIN + 4, state.y, bold, 8, MUTED);
    text("Description", MARGIN + COLUMNS.date, state.y, bold, 8, MUTED);
    rightText("Debit", right.debit - 4, state.y, bold, 8, MUTED);
    rightText("Credit", right.credit - 4, state.y, bold, 8, MUTED);
    rightText("Balance", right.balance - 4, state.y, bold, 8, MUTED);
    state.y -= 20;
  };
  /** A row: its description's lines in ink, then its note's (a ZWG document's own amount) smaller and muted. */
  const row = (date: string, lines: string[], debit: string, credit: string, balance: string, strong = false, notes: string[] = []) => {
    const height = (lines.length + notes.length) * 12 + 6;
    if (ensure(height)) head();
    const font = strong ? bold : regular;
    text(date, MARGIN + 4, state.y, regular, 9);
    lines.forEach((line, i) => {
      text(line, MARGIN + COLUMNS.date, state.y - i * 12, font, 9, INK);
    });
    notes.forEach((line, i) => {
      text(line, MARGIN + COLUMNS.date, state.y - (lines.length + i) * 12, regular, 8, MUTED);
    });
    if (debit) rightText(debit, right.debit - 4, state.y, regular, 9);
    if (credit) rightText(credit, right.credit - 4, state.y, regular, 9);
    rightText(balance, right.balance - 4, state.y, font, 9);
    state.y -= height;
    state.page.drawLine({ start: { x: MARGIN, y: state.y + 8 }, end: { x: MARGIN + WIDTH, y: state.y + 8 }, thickness: 0.4, color: RULE });
  };

  head();
  row(day(s.from).replace(/ \d{4}$/, ""), ["Opening balance"], "", "", usd(s.opening_balance), true);
  for (const e of s.entries) {
    const note = entryCurrencyNote(e);
    const debit = signedCents(e.debit) ? usd(e.debit) : "";
    const credit = signedCents(e.credit) ? usd(e.credit) : "";
    const lines = wrap(entryDescription(e), regular, 9, DESCRIPTION - 8);
    row(day(e.date).replace(/ \d{4}$/, ""), lines, debit, credit, usd(e.balance), false, note ? [note] : []);
  }
  row(day(s.to).replace(/ \d{4}$/, ""), ["Closing balance"], "", "", usd(s.closing_balance), true);
  if (s.entries.length === 0) {
    ensure(16);
    text("Nothing was invoiced, credited or paid in this period.", MARGIN, state.y, regular, 9, MUTED);
    state.y -= 16;
  }

  // What is open at the period's end, and the account today.
  state.y -= 14;
  ensure(30 + s.open_invoices.length * 14);
  text("OPEN INVOICES", MARGIN, state.y, bold, 9, MUTED);
  state.y -= 16;
  if (s.open_invoices.length === 0) {
    text("None: every invoice is paid.", MARGIN, state.y, regular, 9);
    state.y -= 14;
  }
  for (const i of s.open_invoices) {
    ensure(14);
    const overdue = i.days_overdue > 0 ? `, ${i.days_overdue} days overdue` : "";
    text(
      `${i.number}, issued ${day(i.issued_on)}, due ${day(i.due_on)}${overdue}`,
      MARGIN,
      state.y,
      regular,
      9,
      i.days_overdue > 0 ? INK : MUTED,
    );
    rightText(`USD ${usd(i.open)}`, MARGIN + WIDTH, state.y, i.days_overdue > 0 ? bold : regular, 9);
    state.y -= 14;
  }
  state.y -= 10;
  ensure(60);
  const figures: [string, string][] = [
    ["Balance today", s.summary.balance],
    ["Overdue", s.summary.overdue],
    ...(s.summary.terms === "cash" ? [] : ([["Credit available", s.summary.available]] as [string, string][])),
  ];
  for (const [label, value] of figures) {
    text(label, MARGIN + WIDTH - 220, state.y, regular, 10);
    rightText(`USD ${usd(value)}`, MARGIN + WIDTH, state.y, bold, 10);
    state.y -= 15;
  }
  if (s.summary.hold) {
    state.y -= 6;
    for (const line of wrap(
      `Orders on account are paused: invoice ${s.summary.hold.invoice} is ${s.summary.hold.days_overdue} days overdue. Paying the overdue balance releases them.`,
      bold,
      9,
      WIDTH,
    )) {
      ensure(13);
      text(line, MARGIN, state.y, bold, 9);
      state.y -= 13;
    }
  }
  if (company.bankDetails) {
    state.y -= 10;
    kit.section("PAY TO", `${company.bankDetails}\nQuote your invoice numbers as the reference.`);
  }
  return finish(`Statement ${s.from} to ${s.to}`);
}
