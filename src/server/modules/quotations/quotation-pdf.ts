import { formatDate } from "#shared/dates.ts";
import { quotationValidUntil } from "#shared/quotation-status.ts";
import {
  CURRENCY_NAMES,
  chargeCents,
  formatMoney as money,
  quotationFigures,
  quotationOtherCurrencyLines,
  toCents,
} from "#shared/quotation-totals.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { INK, MARGIN, MUTED, PAGE, RULE, SHADE, startPdf, WHITE, WIDTH } from "../../platform/pdf/pdf-kit.ts";

/** The product table's columns: number, product (takes the rest), quantity, unit price and line amount. */
const COLUMNS = { no: 24, qty: 44, unit: 92, amount: 96 };
const PRODUCT_WIDTH = WIDTH - COLUMNS.no - COLUMNS.qty - COLUMNS.unit - COLUMNS.amount;
const CELL_PAD = 6;

/**
 * An approved quotation as an A4 PDF: the company's header (from the site settings), the quotation's number, date
 * and validity, the customer, the products with quantities, unit and line prices and the total in the quotation's
 * currency, then the notes.
 * Long tables and notes run on to further pages, each with the table header repeated and a numbered footer.
 */
export async function quotationPdf(quotation: QuotationView, company: SiteSettings): Promise<Uint8Array> {
  const validUntil = quotationValidUntil({ createdAt: quotation.created_At, validUntil: quotation.valid_until });
  const { currency } = quotation;
  // The reference the e-mails and the dealer's page use.
  const number = `#${quotation.id}`;
  const kit = await startPdf({
    title: `Quotation ${number} - ${company.companyName}`,
    subject: `Quotation ${number} for ${quotation.requester_name}`,
    company,
  });
  const { state, regular, bold, wrap, text, rightText, header, ensure, section, finish } = kit;
  state.continued = `Quotation ${number}`;
  header();

  // Title and the quotation's particulars.
  text("QUOTATION", MARGIN, state.y - 4, bold, 24);
  const facts: [string, string][] = [
    ["Quotation no.", String(quotation.id)],
    ["Date", formatDate(quotation.created_At)],
    ["Valid until", formatDate(validUntil)],
  ];
  facts.forEach(([label, value], i) => {
    const at = state.y - i * 16;
    rightText(label, PAGE[0] - MARGIN - 130, at, regular, 10, MUTED);
    rightText(value, PAGE[0] - MARGIN, at, bold, 10);
  });
  state.y -= facts.length * 16 + 22;

  // The customer.
  text("PREPARED FOR", MARGIN, state.y, bold, 9, MUTED);
  state.y -= 16;
  text(quotation.requester_name, MARGIN, state.y, bold, 12);
  state.y -= 15;
  for (const line of [
    ...wrap(quotation.requester_address, regular, 10, WIDTH * 0.6),
    quotation.requester_phone,
    quotation.requester_email,
  ]) {
    text(line, MARGIN, state.y, regular, 10);
    state.y -= 14;
  }
  state.y -= 18;

  // The products.
  const x = {
    no: MARGIN,
    product: MARGIN + COLUMNS.no,
    qtyRight: MARGIN + COLUMNS.no + PRODUCT_WIDTH + COLUMNS.qty,
    unitRight: MARGIN + COLUMNS.no + PRODUCT_WIDTH + COLUMNS.qty + COLUMNS.unit,
    amountRight: MARGIN + WIDTH,
  };
  function tableHeader() {
    state.page.drawRectangle({ x: MARGIN, y: state.y - 8, width: WIDTH, height: 24, color: INK });
    text("#", x.no + CELL_PAD, state.y, bold, 9, WHITE);
    text("Product", x.product + CELL_PAD, state.y, bold, 9, WHITE);
    rightText("Qty", x.qtyRight - CELL_PAD, state.y, bold, 9, WHITE);
    rightText(`Unit price (${currency})`, x.unitRight - CELL_PAD, state.y, bold, 9, WHITE);
    rightText(`Amount (${currency})`, x.amountRight - CELL_PAD, state.y, bold, 9, WHITE);
    state.y -= 26;
  }
  ensure(24 + 22);
  tableHeader();
  const { lines, totalCents, complete } = quotationFigures(quotation.products, currency);
  lines.forEach((line, i) => {
    const nameLines = wrap(line.product_name, regular, 10, PRODUCT_WIDTH - 2 * CELL_PAD);
    const height = nameLines.length * 13 + 9;
    if (ensure(height)) tableHeader();
    if (i % 2 === 1) state.page.drawRectangle({ x: MARGIN, y: state.y + 11 - height, width: WIDTH, height, color: SHADE });
    text(String(i + 1), x.no + CELL_PAD, state.y, regular, 10, MUTED);
    nameLines.forEach((l, j) => {
      text(l, x.product + CELL_PAD, state.y - j * 13, regular, 10);
    });
    rightText(String(line.quantity), x.qtyRight - CELL_PAD, state.y, regular, 10);
    rightText(line.unitCents === null ? "Price on request" : money(line.unitCents), x.unitRight - CELL_PAD, state.y, regular, 10);
    rightText(line.lineCents === null ? "-" : money(line.lineCents), x.amountRight - CELL_PAD, state.y, regular, 10);
    state.y -= height;
  });
  // Delivery, installation and discounts: an amount each, a discount subtracted.
  for (const charge of quotation.charges) {
    if (ensure(22)) tableHeader();
    text(charge.label, x.product + CELL_PAD, state.y, regular, 10);
    rightText(money(chargeCents(charge)), x.amountRight - CELL_PAD, state.y, regular, 10);
    state.y -= 22;
  }
  ensure(76);
  state.page.drawLine({ start: { x: MARGIN, y: state.y + 6 }, end: { x: MARGIN + WIDTH, y: state.y + 6 }, thickness: 1, color: RULE });
  state.y -= 12;
  if (quotation.vat_rate !== null && quotation.subtotal !== null && quotation.vat !== null && quotation.total !== null) {
    // Prices exclude VAT; VAT at the rate frozen on approval.
    const rows: [string, string, boolean][] = [
      [`Total excl. VAT (${currency})`, quotation.subtotal, false],
      [`VAT ${vatRateLabel(quotation.vat_rate)} (${currency})`, quotation.vat, false],
      [`Total incl. VAT (${currency})`, quotation.total, true],
    ];
    for (const [label, value, strong] of rows) {
      rightText(label, x.unitRight - CELL_PAD, state.y, strong ? bold : regular, strong ? 11 : 10);
      rightText(money(toCents(value) ?? 0n), x.amountRight - CELL_PAD, state.y, strong ? bold : regular, strong ? 11 : 10);
      state.y -= strong ? 18 : 15;
    }
    // The other currency at the frozen rate, and which rate (SI 185 of 2020: both currencies, decision 015).
    for (const line of quotationOtherCurrencyLines(quotation)) {
      ensure(14);
      rightText(line, x.amountRight - CELL_PAD, state.y, regular, 8.5, MUTED);
      state.y -= 12;
    }
    state.y -= 16;
  } else {
    rightText(complete ? `Total (${currency})` : `Total of priced lines (${currency})`, x.unitRight - CELL_PAD, state.y, bold, 11);
    rightText(money(totalCents), x.amountRight - CELL_PAD, state.y, bold, 11);
    state.y -= 34;
  }

  // Notes, then the terms.
  if (quotation.notes.trim()) section("NOTES", quotation.notes.trim());
  section(
    "TERMS",
    `Prices are in ${CURRENCY_NAMES[currency]}, excluding VAT, and hold until ${formatDate(validUntil)}. ` +
      `To accept this quotation or ask about it, quote reference ${number} to ${company.salesEmail} or call ${company.phone}.`,
  );
  return finish(`Quotation ${number}`);
}
