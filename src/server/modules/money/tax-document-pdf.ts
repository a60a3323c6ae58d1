import { encode } from "uqr";
import { formatDate, formatDateTime } from "#shared/dates.ts";
import { formatCents, rateNote, signedCents } from "#shared/money.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import {
  type DocumentParty,
  TAX_DOCUMENT_KIND_LABELS,
  type TaxDocumentContent,
  type TaxDocumentView,
} from "#shared/schemas/tax-documents.ts";
import { formatHsCode, sellerIsVatRegistered, vatRateLabel } from "#shared/tax.ts";
import { INK, MARGIN, MUTED, PAGE, RULE, SHADE, startPdf, WHITE, WIDTH } from "../../platform/pdf/pdf-kit.ts";

/**
 * A tax invoice, credit note or debit note as an A4 PDF: the seller and buyer with their TIN and VAT numbers,
 * the lines with HS code, quantity, unit price excluding VAT, VAT rate, VAT and total, the VAT summary per rate, the
 * totals in the document's currency and in the other one at the frozen rate, and, once FDMS has fiscalised it, the
 * fiscal device's numbers, the verification code and a QR code drawn here.
 */

const COLUMNS = { no: 20, qty: 32, unit: 70, rate: 44, vat: 64, total: 74 };
const NAME_WIDTH = WIDTH - COLUMNS.no - COLUMNS.qty - COLUMNS.unit - COLUMNS.rate - COLUMNS.vat - COLUMNS.total;
const PAD = 5;

/**
 * An amount as printed, with its sign: a discount line is negative on an invoice (decision 017, one signed figure per
 * line, so the lines add up to the total), and a credit note prints every figure of its invoice negated, lines and
 * totals alike.
 */
function signedMoney(value: string, credit: boolean): string {
  const cents = signedCents(value) ?? 0n;
  const shown = credit ? -cents : cents;
  return `${shown < 0n ? "-" : ""}${formatCents(shown < 0n ? -shown : shown)}`;
}

/**
 * The document's title as printed: fiscal once FDMS accepted it. With FDMS off, a VAT-registered seller's document
 * says it is not fiscalised: since 2022 only a fiscalised invoice is a valid tax invoice for such a seller (decision 016).
 */
export function documentTitle(view: Pick<TaxDocumentView, "kind" | "fiscal_status">, sellerVatNumber: string): string {
  const base = TAX_DOCUMENT_KIND_LABELS[view.kind].toUpperCase();
  if (view.fiscal_status === "fiscalised") return `FISCAL ${base}`;
  return view.fiscal_status === "not_required" && sellerIsVatRegistered(sellerVatNumber) ? `${base} (not fiscalised)` : base;
}

/** An invoice's balance against what was paid (decision 032): null when it has none. */
export function balanceOf(content: TaxDocumentContent): { paid: string; amount: string; due: boolean } | null {
  const cents = content.balance ? signedCents(content.balance) : null;
  if (!content.paid || cents === null || cents === 0n) return null;
  return { paid: content.paid, amount: formatCents(cents < 0n ? -cents : cents), due: cents > 0n };
}

/** Why the invoice's total is not what was paid, in words. */
export function settlementText(content: TaxDocumentContent, s: { paid: string; amount: string; due: boolean }): string {
  const rate = content.standard_vat_rate ? vatRateLabel(content.standard_vat_rate) : "the standard rate";
  const day = content.tax_point ? formatDate(content.tax_point) : "the tax point";
  return (
    `VAT is charged at ${rate}, the standard rate in force on ${day}: the earlier of this invoice and the payment (VAT Act, section 8). ` +
    `The order was priced at the rate of the day it was placed, so the total differs from the ${content.currency} ${s.paid} paid: ` +
    (s.due ? `${content.currency} ${s.amount} is due from the buyer.` : `${content.currency} ${s.amount} is to be refunded to the buyer.`)
  );
}

/** What a note does to its invoice: a credit note from before notes named their lines (a cancellation's) reversed it in full. */
function noteOf(view: Pick<TaxDocumentView, "kind">, content: TaxDocumentContent): string {
  const invoice = `tax invoice ${content.credits?.number ?? ""} of ${formatDate(content.credits?.issued_at ?? "")}`;
  if (view.kind === "debit_note") return `This debit note adds the amounts above to ${invoice}.`;
  return content.lines.every((l) => l.of_line === undefined)
    ? `This credit note reverses ${invoice} in full.`
    : `This credit note credits the amounts above against ${invoice}.`;
}

export function taxDocumentFileName(view: Pick<TaxDocumentView, "number">): string {
  return `${view.number}.pdf`;
}

export async function taxDocumentPdf(view: TaxDocumentView, content: TaxDocumentContent, company: SiteSettings): Promise<Uint8Array> {
  const kind = TAX_DOCUMENT_KIND_LABELS[view.kind];
  const kit = await startPdf({
    title: `${kind} ${view.number} - ${company.companyName}`,
    subject: `${kind} ${view.number} for ${content.buyer.name}`,
    company,
  });
  const { state, regular, bold, wrap, text, rightText, header, ensure, section, finish } = kit;
  state.continued = `${kind} ${view.number}`;
  const { currency } = content;
  const credit = view.kind === "credit_note";
  const money = (value: string) => signedMoney(value, credit);
  header();

  // Title and particulars.
  const title = documentTitle(view, company.vatNumber);
  // The longer "(not fiscalised)" title is set smaller, clear of the document's numbers on the right.
  text(title, MARGIN, state.y - 4, bold, title.endsWith(")") ? 18 : 22);
  if (view.fiscal_status === "pending") text("Fiscalisation pending", MARGIN, state.y - 22, bold, 10, MUTED);
  const facts: [string, string][] = [
    [view.kind === "invoice" ? "Invoice no." : `${kind} no.`, view.number],
    ["Date", formatDateTime(view.issued_at)],
    ["Order", content.order_reference],
    ["Currency", currency],
  ];
  if (content.tax_point) facts.push(["VAT tax point", formatDate(content.tax_point)]);
  if (content.credits) facts.push([view.kind === "debit_note" ? "Debits invoice" : "Credits invoice", content.credits.number]);
  facts.forEach(([label, value], i) => {
    rightText(label, PAGE[0] - MARGIN - 140, state.y - i * 15, regular, 9, MUTED);
    rightText(value, PAGE[0] - MARGIN, state.y - i * 15, bold, 9);
  });
  state.y -= Math.max(facts.length * 15, 30) + 18;

  // Seller and buyer side by side.
  const partyLines = (p: DocumentParty) => [
    ...wrap(p.address, regular, 9, WIDTH / 2 - 16),
    `TIN: ${p.tin ?? "-"}`,
    `VAT no.: ${p.vat_number ?? "-"}`,
    ...[p.email, p.phone].filter((v): v is string => Boolean(v)),
  ];
  const top = state.y;
  let lowest = top;
  (
    [
      ["SELLER", content.seller, MARGIN],
      ["BUYER", content.buyer, MARGIN + WIDTH / 2],
    ] as const
  ).forEach(([label, party, x]) => {
    let y = top;
    text(label, x, y, bold, 8, MUTED);
    y -= 14;
    for (const line of wrap(party.name, bold, 11, WIDTH / 2 - 16)) {
      text(line, x, y, bold, 11);
      y -= 14;
    }
    for (const line of partyLines(party)) {
      text(line, x, y, regular, 9);
      y -= 12;
    }
    lowest = Math.min(lowest, y);
  });
  state.y = lowest - 16;

  // The lines.
  const right = {
    qty: MARGIN + COLUMNS.no + NAME_WIDTH + COLUMNS.qty,
    unit: MARGIN + COLUMNS.no + NAME_WIDTH + COLUMNS.qty + COLUMNS.unit,
    rate: MARGIN + COLUMNS.no + NAME_WIDTH + COLUMNS.qty + COLUMNS.unit + COLUMNS.rate,
    vat: MARGIN + COLUMNS.no + NAME_WIDTH + COLUMNS.qty + COLUMNS.unit + COLUMNS.rate + COLUMNS.vat,
    total: MARGIN + WIDTH,
  };
  function tableHeader() {
    state.page.drawRectangle({ x: MARGIN, y: state.y - 14, width: WIDTH, height: 30, color: INK });
    text("#", MARGIN + PAD, state.y, bold, 8, WHITE);
    text("Description / HS code", MARGIN + COLUMNS.no + PAD, state.y, bold, 8, WHITE);
    rightText("Qty", right.qty - PAD, state.y, bold, 8, WHITE);
    rightText("Unit price", right.unit - PAD, state.y, bold, 8, WHITE);
    rightText("excl. VAT", right.unit - PAD, state.y - 9, regular, 7, WHITE);
    rightText("VAT rate", right.rate - PAD, state.y, bold, 8, WHITE);
    rightText("VAT", right.vat - PAD, state.y, bold, 8, WHITE);
    rightText("Line total", right.total - PAD, state.y, bold, 8, WHITE);
    rightText(`incl. VAT (${currency})`, right.total - PAD, state.y - 9, regular, 7, WHITE);
    state.y -= 32;
  }
  ensure(40);
  tableHeader();
  content.lines.forEach((line, i) => {
    const names = wrap(line.name, regular, 9, NAME_WIDTH - 2 * PAD);
    const height = names.length * 11 + 11 + 8;
    if (ensure(height)) tableHeader();
    if (i % 2 === 1) state.page.drawRectangle({ x: MARGIN, y: state.y + 10 - height, width: WIDTH, height, color: SHADE });
    text(String(i + 1), MARGIN + PAD, state.y, regular, 9, MUTED);
    names.forEach((n, j) => {
      text(n, MARGIN + COLUMNS.no + PAD, state.y - j * 11, regular, 9);
    });
    // The code FDMS was sent (a charge's is configured, not the line's own), else the line's.
    const hsCode = view.fiscal?.line_hs_codes?.[i] ?? line.hs_code;
    text(`HS ${formatHsCode(hsCode)}`, MARGIN + COLUMNS.no + PAD, state.y - names.length * 11, regular, 7.5, MUTED);
    rightText(String(line.quantity), right.qty - PAD, state.y, regular, 9);
    rightText(money(line.unit_price), right.unit - PAD, state.y, regular, 9);
    rightText(vatRateLabel(line.vat_rate), right.rate - PAD, state.y, regular, 9);
    rightText(money(line.vat), right.vat - PAD, state.y, regular, 9);
    rightText(money(line.total), right.total - PAD, state.y, regular, 9);
    state.y -= height;
  });

  // VAT summary per rate (left) and the totals (right).
  ensure(24 + 16 * (content.vat_summary.length + 4));
  state.page.drawLine({ start: { x: MARGIN, y: state.y + 6 }, end: { x: MARGIN + WIDTH, y: state.y + 6 }, thickness: 1, color: RULE });
  state.y -= 14;
  const summaryTop = state.y;
  text("VAT SUMMARY", MARGIN, state.y, bold, 8, MUTED);
  state.y -= 14;
  text("Rate", MARGIN, state.y, bold, 8.5);
  rightText("Excl. VAT", MARGIN + 150, state.y, bold, 8.5);
  rightText("VAT", MARGIN + 230, state.y, bold, 8.5);
  state.y -= 13;
  for (const row of content.vat_summary) {
    text(vatRateLabel(row.vat_rate), MARGIN, state.y, regular, 8.5);
    rightText(money(row.net), MARGIN + 150, state.y, regular, 8.5);
    rightText(money(row.vat), MARGIN + 230, state.y, regular, 8.5);
    state.y -= 13;
  }
  const summaryBottom = state.y;
  state.y = summaryTop;
  const totalRows: [string, string, boolean][] = [
    [`Total excl. VAT (${currency})`, content.totals.subtotal, false],
    [`VAT (${currency})`, content.totals.vat, false],
    [
      `${{ invoice: "Total", credit_note: "Total credited", debit_note: "Total debited" }[view.kind]} (${currency})`,
      content.totals.total,
      true,
    ],
  ];
  for (const [label, value, strong] of totalRows) {
    rightText(label, right.vat - PAD, state.y, strong ? bold : regular, strong ? 11 : 9.5);
    rightText(money(value), right.total - PAD, state.y, strong ? bold : regular, strong ? 11 : 9.5);
    state.y -= strong ? 18 : 14;
  }
  // An invoice whose tax point's rate is not the order's: what was paid and the balance either way (decision 032).
  const settlement = view.kind === "invoice" ? balanceOf(content) : null;
  if (settlement) {
    const rows: [string, string, boolean][] = [
      [`Paid (${currency})`, settlement.paid, false],
      [`${settlement.due ? "Balance due from the buyer" : "To be refunded to the buyer"} (${currency})`, settlement.amount, true],
    ];
    for (const [label, value, strong] of rows) {
      rightText(label, right.vat - PAD, state.y, strong ? bold : regular, strong ? 11 : 9.5);
      rightText(money(value), right.total - PAD, state.y, strong ? bold : regular, strong ? 11 : 9.5);
      state.y -= strong ? 18 : 14;
    }
  }
  if (content.other_currency && content.other_totals) {
    const other = content.other_currency;
    rightText(
      `In ${other}: excl. VAT ${money(content.other_totals.subtotal)} · VAT ${money(content.other_totals.vat)} · total ${money(content.other_totals.total)}`,
      right.total - PAD,
      state.y,
      regular,
      8.5,
      MUTED,
    );
    state.y -= 12;
  }
  if (content.exchange_rate && content.rate_date) {
    const secondary = currency === "USD" ? (content.other_currency ?? "ZWG") : currency;
    rightText(`${rateNote(secondary, content.exchange_rate, content.rate_date)}.`, right.total - PAD, state.y, regular, 8.5, MUTED);
    state.y -= 12;
  }
  if (view.kind === "invoice" && content.paid_by) {
    rightText(`Paid by: ${content.paid_by}.`, right.total - PAD, state.y, regular, 8.5, MUTED);
    state.y -= 12;
  }
  state.y = Math.min(state.y, summaryBottom) - 20;

  // Fiscal particulars and QR code, once FDMS has accepted the document.
  const fiscal = view.fiscal;
  if (view.fiscal_status === "fiscalised" && fiscal) {
    const size = 96;
    ensure(size + 20);
    const qr = encode(fiscal.qr_url, { ecc: "M", border: 0 });
    const cell = size / qr.size;
    const x0 = MARGIN;
    const y0 = state.y - size;
    qr.data.forEach((row, r) => {
      row.forEach((dark, c) => {
        if (dark) state.page.drawRectangle({ x: x0 + c * cell, y: y0 + (qr.size - 1 - r) * cell, width: cell, height: cell, color: INK });
      });
    });
    const rows: [string, string][] = [
      ["Fiscal device", `${fiscal.device_id} (serial ${fiscal.device_serial})`],
      ["Fiscal day", String(fiscal.fiscal_day_no)],
      ["Receipt counter / global no.", `${fiscal.receipt_counter} / ${fiscal.receipt_global_no}`],
      ["Verification code", fiscal.verification_code],
      ["Fiscalised", formatDateTime(fiscal.fiscalised_at)],
    ];
    let y = state.y - 4;
    for (const [label, value] of rows) {
      text(label, MARGIN + size + 16, y, regular, 8.5, MUTED);
      text(value, MARGIN + size + 150, y, bold, 8.5);
      y -= 14;
    }
    for (const line of wrap(`Verify this document with ZIMRA: ${fiscal.qr_url}`, regular, 8, WIDTH - size - 16)) {
      text(line, MARGIN + size + 16, y, regular, 8, MUTED);
      y -= 11;
    }
    state.y = Math.min(y, y0) - 18;
  }

  if (settlement) section("VAT TAX POINT", settlementText(content, settlement));
  if (content.reason) section(view.kind === "debit_note" ? "REASON FOR THE DEBIT" : "REASON FOR THE CREDIT", content.reason);
  if (content.credits) section(view.kind === "debit_note" ? "DEBITED INVOICE" : "CREDITED INVOICE", noteOf(view, content));
  if (content.fiscal_note) section("NOT FISCALISED", content.fiscal_note);
  if (view.fiscal_status !== "fiscalised") {
    section(
      "NOTE",
      view.fiscal_status === "pending"
        ? "This document is being fiscalised with ZIMRA; the fiscal copy with its verification code follows by e-mail."
        : `Prices exclude VAT; VAT is charged at the rate in force at the tax point, the earlier of the invoice and the payment. Questions: ${company.salesEmail}, ${company.phone}.`,
    );
  }
  return finish(`${kind} ${view.number}`);
}
