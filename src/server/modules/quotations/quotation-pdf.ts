import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatDate } from "#shared/dates.ts";
import { quotationValidUntil } from "#shared/quotation-status.ts";
import { CURRENCY_NAMES, formatMoney as money, quotationFigures } from "#shared/quotation-totals.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";

// A4 in points, and the page's frame.
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = PAGE[0] - 2 * MARGIN;
const FOOTER_TOP = 64;

const ACCENT = rgb(0.87, 0.48, 0.22); // #de7a37, the site's accent
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const RULE = rgb(0.8, 0.83, 0.87);
const SHADE = rgb(0.96, 0.97, 0.98);
const WHITE = rgb(1, 1, 1);

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
  const doc = await PDFDocument.create();
  // The reference the e-mails and the dealer's page use.
  const number = `#${quotation.id}`;
  doc.setTitle(`Quotation ${number} - ${company.companyName}`);
  doc.setAuthor(company.companyName);
  doc.setSubject(`Quotation ${number} for ${quotation.requester_name}`);
  doc.setCreator(company.companyName);
  doc.setProducer(company.companyName);
  doc.setLanguage("en-GB");

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts draw WinAnsi only: anything else is replaced rather than failing the whole document.
  const drawable = new Set(regular.getCharacterSet());
  const safe = (text: string): string =>
    Array.from(text.replace(/[\t\r\n\u00a0\u2007\u202f]/g, " "))
      .map((ch) => {
        if (drawable.has(ch.codePointAt(0) as number)) return ch;
        const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
        return base && Array.from(base).every((c) => drawable.has(c.codePointAt(0) as number)) ? base : "?";
      })
      .join("");
  const width = (text: string, font: PDFFont, size: number) => font.widthOfTextAtSize(text, size);

  /** `text` broken into lines of at most `max` points; a word longer than a line is cut. */
  function wrap(text: string, font: PDFFont, size: number, max: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const word of safe(paragraph).split(" ").filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (width(candidate, font, size) <= max) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (width(rest, font, size) > max) {
          let cut = rest.length - 1;
          while (cut > 1 && width(rest.slice(0, cut), font, size) > max) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  let page: PDFPage = doc.addPage(PAGE);
  let y = 0;

  function text(value: string, x: number, at: number, font: PDFFont, size: number, color = INK) {
    page.drawText(safe(value), { x, y: at, font, size, color });
  }
  function rightText(value: string, right: number, at: number, font: PDFFont, size: number, color = INK) {
    const s = safe(value);
    page.drawText(s, { x: right - width(s, font, size), y: at, font, size, color });
  }

  // Company header: a band in the site's accent with the name and tagline, contact details on the right.
  function header() {
    const top = PAGE[1];
    page.drawRectangle({ x: 0, y: top - 96, width: PAGE[0], height: 96, color: ACCENT });
    // A company name too long for one line at 20 pt takes two at 14 pt, and the tagline one instead of two.
    const oneLine = width(safe(company.companyName), bold, 20) <= WIDTH * 0.55;
    const nameLines = oneLine ? [company.companyName] : wrap(company.companyName, bold, 14, WIDTH * 0.55).slice(0, 2);
    nameLines.forEach((line, i) => {
      text(line, MARGIN, top - (oneLine ? 44 : 36) - i * 16, bold, oneLine ? 20 : 14, WHITE);
    });
    const tagline = wrap(company.tagline, regular, 9, WIDTH * 0.55).slice(0, oneLine ? 2 : 1);
    tagline.forEach((line, i) => {
      text(line, MARGIN, top - (oneLine ? 62 : 74) - i * 12, regular, 9, WHITE);
    });
    const contact = [...wrap(company.address, regular, 9, WIDTH * 0.4).slice(0, 2), company.phone, company.salesEmail];
    contact.forEach((line, i) => {
      rightText(line, PAGE[0] - MARGIN, top - 32 - i * 13, regular, 9, WHITE);
    });
    y = top - 96 - 36;
  }

  function newPage() {
    page = doc.addPage(PAGE);
    const top = PAGE[1];
    page.drawRectangle({ x: 0, y: top - 8, width: PAGE[0], height: 8, color: ACCENT });
    text(`Quotation ${number} (continued)`, MARGIN, top - 40, bold, 11, MUTED);
    y = top - 64;
  }

  /** Room for `height` points above the footer, on a new page if need be; true when a page was added. */
  function ensure(height: number): boolean {
    if (y - height >= FOOTER_TOP + 12) return false;
    newPage();
    return true;
  }

  header();

  // Title and the quotation's particulars.
  text("QUOTATION", MARGIN, y - 4, bold, 24);
  const facts: [string, string][] = [
    ["Quotation no.", String(quotation.id)],
    ["Date", formatDate(quotation.created_At)],
    ["Valid until", formatDate(validUntil)],
  ];
  facts.forEach(([label, value], i) => {
    const at = y - i * 16;
    rightText(label, PAGE[0] - MARGIN - 130, at, regular, 10, MUTED);
    rightText(value, PAGE[0] - MARGIN, at, bold, 10);
  });
  y -= facts.length * 16 + 22;

  // The customer.
  text("PREPARED FOR", MARGIN, y, bold, 9, MUTED);
  y -= 16;
  text(quotation.requester_name, MARGIN, y, bold, 12);
  y -= 15;
  for (const line of [
    ...wrap(quotation.requester_address, regular, 10, WIDTH * 0.6),
    quotation.requester_phone,
    quotation.requester_email,
  ]) {
    text(line, MARGIN, y, regular, 10);
    y -= 14;
  }
  y -= 18;

  // The products.
  const x = {
    no: MARGIN,
    product: MARGIN + COLUMNS.no,
    qtyRight: MARGIN + COLUMNS.no + PRODUCT_WIDTH + COLUMNS.qty,
    unitRight: MARGIN + COLUMNS.no + PRODUCT_WIDTH + COLUMNS.qty + COLUMNS.unit,
    amountRight: MARGIN + WIDTH,
  };
  function tableHeader() {
    page.drawRectangle({ x: MARGIN, y: y - 8, width: WIDTH, height: 24, color: INK });
    text("#", x.no + CELL_PAD, y, bold, 9, WHITE);
    text("Product", x.product + CELL_PAD, y, bold, 9, WHITE);
    rightText("Qty", x.qtyRight - CELL_PAD, y, bold, 9, WHITE);
    rightText(`Unit price (${currency})`, x.unitRight - CELL_PAD, y, bold, 9, WHITE);
    rightText(`Amount (${currency})`, x.amountRight - CELL_PAD, y, bold, 9, WHITE);
    y -= 26;
  }
  ensure(24 + 22);
  tableHeader();
  const { lines, totalCents, complete } = quotationFigures(quotation.products, currency);
  lines.forEach((line, i) => {
    const nameLines = wrap(line.product_name, regular, 10, PRODUCT_WIDTH - 2 * CELL_PAD);
    const height = nameLines.length * 13 + 9;
    if (ensure(height)) tableHeader();
    if (i % 2 === 1) page.drawRectangle({ x: MARGIN, y: y + 11 - height, width: WIDTH, height, color: SHADE });
    text(String(i + 1), x.no + CELL_PAD, y, regular, 10, MUTED);
    nameLines.forEach((l, j) => {
      text(l, x.product + CELL_PAD, y - j * 13, regular, 10);
    });
    rightText(String(line.quantity), x.qtyRight - CELL_PAD, y, regular, 10);
    rightText(line.unitCents === null ? "Price on request" : money(line.unitCents), x.unitRight - CELL_PAD, y, regular, 10);
    rightText(line.lineCents === null ? "-" : money(line.lineCents), x.amountRight - CELL_PAD, y, regular, 10);
    y -= height;
  });
  ensure(40);
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: MARGIN + WIDTH, y: y + 6 }, thickness: 1, color: RULE });
  y -= 12;
  rightText(complete ? `Total (${currency})` : `Total of priced lines (${currency})`, x.unitRight - CELL_PAD, y, bold, 11);
  rightText(money(totalCents), x.amountRight - CELL_PAD, y, bold, 11);
  y -= 34;

  // Notes, then the terms.
  const sections: [string, string][] = [];
  if (quotation.notes.trim()) sections.push(["NOTES", quotation.notes.trim()]);
  sections.push([
    "TERMS",
    `Prices are in ${CURRENCY_NAMES[currency]} and hold until ${formatDate(validUntil)}. ` +
      `To accept this quotation or ask about it, quote reference ${number} to ${company.salesEmail} or call ${company.phone}.`,
  ]);
  for (const [heading, body] of sections) {
    ensure(16 + 14);
    text(heading, MARGIN, y, bold, 9, MUTED);
    y -= 15;
    for (const line of wrap(body, regular, 10, WIDTH)) {
      ensure(14);
      text(line, MARGIN, y, regular, 10);
      y -= 14;
    }
    y -= 16;
  }

  // Footers, now that the page count is known.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN, y: FOOTER_TOP - 16 }, end: { x: MARGIN + WIDTH, y: FOOTER_TOP - 16 }, thickness: 0.5, color: RULE });
    // As much of name, phone and e-mail as fits beside the page number, whole parts only.
    const left = [company.companyName, company.phone, company.salesEmail].map(safe).reduce((line, part) => {
      const next = line ? `${line} | ${part}` : part;
      return width(next, regular, 8) <= WIDTH - 130 ? next : line;
    }, "");
    p.drawText(left, { x: MARGIN, y: FOOTER_TOP - 32, font: regular, size: 8, color: MUTED });
    const right = safe(`Quotation ${number} | Page ${i + 1} of ${pages.length}`);
    p.drawText(right, { x: MARGIN + WIDTH - width(right, regular, 8), y: FOOTER_TOP - 32, font: regular, size: 8, color: MUTED });
  });

  return doc.save();
}
