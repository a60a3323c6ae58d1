import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { SiteSettings } from "#shared/schemas/settings.ts";

/**
 * The company's A4 documents (quotations, tax invoices, credit notes) drawn with pdf-lib: one page frame, the
 * company's header band, text that the standard fonts can draw, wrapping, pages that run on with a repeated heading,
 * and numbered footers. Each document module draws its own body with these.
 */

// A4 in points, and the page's frame.
export const PAGE: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
export const WIDTH = PAGE[0] - 2 * MARGIN;
const FOOTER_TOP = 64;

export const ACCENT = rgb(0.87, 0.48, 0.22); // #de7a37, the site's accent
export const INK = rgb(0.06, 0.09, 0.16);
export const MUTED = rgb(0.28, 0.33, 0.41);
export const RULE = rgb(0.8, 0.83, 0.87);
export const SHADE = rgb(0.96, 0.97, 0.98);
export const WHITE = rgb(1, 1, 1);

type Color = ReturnType<typeof rgb>;

export type PdfMeta = { title: string; subject: string; company: SiteSettings };

export async function startPdf(meta: PdfMeta) {
  const { company } = meta;
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(company.companyName);
  doc.setSubject(meta.subject);
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
  const width = (text: string, font: PDFFont, size: number) => font.widthOfTextAtSize(safe(text), size);

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

  const state = { page: doc.addPage(PAGE) as PDFPage, y: 0, continued: "" };

  function text(value: string, x: number, at: number, font: PDFFont, size: number, color: Color = INK) {
    state.page.drawText(safe(value), { x, y: at, font, size, color });
  }
  function rightText(value: string, right: number, at: number, font: PDFFont, size: number, color: Color = INK) {
    const s = safe(value);
    state.page.drawText(s, { x: right - width(s, font, size), y: at, font, size, color });
  }

  // Company header: a band in the site's accent with the name and tagline, contact details on the right.
  function header() {
    const top = PAGE[1];
    state.page.drawRectangle({ x: 0, y: top - 96, width: PAGE[0], height: 96, color: ACCENT });
    // A company name too long for one line at 20 pt takes two at 14 pt, and the tagline one instead of two.
    const oneLine = width(company.companyName, bold, 20) <= WIDTH * 0.55;
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
    state.y = top - 96 - 36;
  }

  /** A further page: a thin band and "<continued> (continued)". */
  function newPage() {
    state.page = doc.addPage(PAGE);
    const top = PAGE[1];
    state.page.drawRectangle({ x: 0, y: top - 8, width: PAGE[0], height: 8, color: ACCENT });
    text(`${state.continued} (continued)`, MARGIN, top - 40, bold, 11, MUTED);
    state.y = top - 64;
  }

  /** Room for `height` points above the footer, on a new page if need be; true when a page was added. */
  function ensure(height: number): boolean {
    if (state.y - height >= FOOTER_TOP + 12) return false;
    newPage();
    return true;
  }

  /** A heading and its paragraph, wrapped, running on to further pages. */
  function section(heading: string, body: string) {
    ensure(16 + 14);
    text(heading, MARGIN, state.y, bold, 9, MUTED);
    state.y -= 15;
    for (const line of wrap(body, regular, 10, WIDTH)) {
      ensure(14);
      text(line, MARGIN, state.y, regular, 10);
      state.y -= 14;
    }
    state.y -= 16;
  }

  /** Footers on every page, now that the page count is known, and the finished file. */
  async function finish(label: string): Promise<Uint8Array> {
    const pages = doc.getPages();
    pages.forEach((p, i) => {
      p.drawLine({ start: { x: MARGIN, y: FOOTER_TOP - 16 }, end: { x: MARGIN + WIDTH, y: FOOTER_TOP - 16 }, thickness: 0.5, color: RULE });
      // As much of name, phone and e-mail as fits beside the page number, whole parts only.
      const left = [company.companyName, company.phone, company.salesEmail].map(safe).reduce((line, part) => {
        const next = line ? `${line} | ${part}` : part;
        return width(next, regular, 8) <= WIDTH - 150 ? next : line;
      }, "");
      p.drawText(left, { x: MARGIN, y: FOOTER_TOP - 32, font: regular, size: 8, color: MUTED });
      const right = safe(`${label} | Page ${i + 1} of ${pages.length}`);
      p.drawText(right, { x: MARGIN + WIDTH - width(right, regular, 8), y: FOOTER_TOP - 32, font: regular, size: 8, color: MUTED });
    });
    return doc.save();
  }

  return { doc, state, regular, bold, safe, width, wrap, text, rightText, header, ensure, section, finish };
}

export type PdfKit = Awaited<ReturnType<typeof startPdf>>;
