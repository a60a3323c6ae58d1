import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from "pdf-lib";
import {
  MANUAL_HEADINGS,
  MANUAL_INTRO,
  MANUAL_QUICK_START,
  MANUAL_SECTIONS,
  MANUAL_TIPS,
  MANUAL_TITLE,
  type ManualContacts,
  SUPPORT_INTRO,
  SUPPORT_LABELS,
} from "#web/features/dealer/manual-content.ts";

/**
 * The downloadable dealer manual (spec §2: a PDF and a TXT manual), both rendered from the page's own text
 * (web/features/dealer/manual-content.ts) so the three never disagree. The support contacts are the site
 * settings', passed in by the caller.
 */

function contactLines(contacts: ManualContacts): [string, string][] {
  const rows: [string, string][] = [
    [SUPPORT_LABELS.email, contacts.supportEmail],
    [SUPPORT_LABELS.phone, contacts.phone],
  ];
  if (contacts.supportHours) rows.push([SUPPORT_LABELS.hours, contacts.supportHours]);
  return rows;
}

function underline(text: string, char: string): string {
  return `${text}\n${char.repeat(text.length)}`;
}

/** The numbered chapters, the same in both files: quick start, the four parts, tips, support. */
function chapters() {
  const n = MANUAL_SECTIONS.length;
  const quickStart = `1. ${MANUAL_HEADINGS.quickStart}`;
  const parts = MANUAL_SECTIONS.map((s, i) => `${i + 2}. ${s.title}`);
  const tips = `${n + 2}. ${MANUAL_HEADINGS.tips}`;
  const support = `${n + 3}. ${MANUAL_HEADINGS.support}`;
  return { quickStart, parts, tips, support, all: [quickStart, ...parts, tips, support] };
}

/** The manual as plain text: one paragraph a line (no hard wrapping), LF line ends, UTF-8. */
export function renderManualText(contacts: ManualContacts): string {
  const { quickStart, parts, tips, support, all } = chapters();
  const out: string[] = [underline(`${MANUAL_TITLE} - ${contacts.companyName}`, "="), "", MANUAL_INTRO, ""];
  out.push("Contents:", ...all.map((c) => `  ${c}`), "");

  out.push(underline(quickStart, "-"), "");
  MANUAL_QUICK_START.forEach((step, i) => {
    out.push(`${i + 1}. ${step.title}`, `   ${step.text}`);
  });
  out.push("");

  MANUAL_SECTIONS.forEach((section, i) => {
    out.push(underline(parts[i] ?? section.title, "-"), "", section.summary, "");
    out.push(`${MANUAL_HEADINGS.tours} (on the ${MANUAL_TITLE} page):`);
    for (const tour of section.tours) out.push(`  - ${tour.title}: ${tour.description}`);
    out.push("", `${MANUAL_HEADINGS.steps}:`);
    section.steps.forEach((step, n) => {
      out.push(`  ${n + 1}. ${step}`);
    });
    out.push("");
  });

  out.push(underline(tips, "-"), "");
  for (const tip of MANUAL_TIPS) out.push(`- ${tip}`);
  out.push("");

  out.push(underline(support, "-"), "", SUPPORT_INTRO, "");
  for (const [label, value] of contactLines(contacts)) out.push(`${label}: ${value}`);
  out.push("");
  return out.join("\n");
}

// A4 in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 56, top: 64, bottom: 64 };
const TEXT_WIDTH = PAGE.width - 2 * MARGIN.x;
const ACCENT = rgb(0.87, 0.48, 0.22);
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
/** WinAnsi has the bullet (0x95). */
const BULLET = "\u2022";

/**
 * Helvetica draws WinAnsi only: a character outside it is replaced by its unaccented letter when that exists
 * (settings may hold any name), otherwise by '?', instead of making pdf-lib throw.
 */
function winAnsi(font: PDFFont): (text: string) => string {
  const drawable = new Set(font.getCharacterSet());
  const can = (c: string) => drawable.has(c.codePointAt(0) as number);
  return (text) =>
    Array.from(text.normalize("NFC"), (c) => {
      if (can(c)) return c;
      if (/\s/.test(c)) return " ";
      const plain = c.normalize("NFKD").replace(/\p{M}/gu, "");
      return plain !== "" && Array.from(plain).every(can) ? plain : "?";
    }).join("");
}

/** Splits `text` into lines no wider than `width`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

type TextStyle = { font?: PDFFont; size?: number; color?: RGB; indent?: number; after?: number };

/** Lays text out top to bottom over as many pages as it needs. */
class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  private readonly safe: (text: string) => string;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.safe = winAnsi(regular);
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private room(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  text(text: string, style: TextStyle = {}) {
    const font = style.font ?? this.regular;
    const size = style.size ?? 11;
    const indent = style.indent ?? 0;
    const leading = size * 1.4;
    for (const line of wrap(this.safe(text), font, size, TEXT_WIDTH - indent)) {
      this.room(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN.x + indent, y: this.y + size * 0.25, size, font, color: style.color ?? INK });
    }
    this.y -= style.after ?? 6;
  }

  heading(text: string, size = 16) {
    // Keep a heading with at least a few lines of what follows it.
    this.room(size * 1.6 + 60);
    this.gap(8);
    this.text(text, { font: this.bold, size, after: 4 });
    this.page.drawRectangle({ x: MARGIN.x, y: this.y, width: 48, height: 2, color: ACCENT });
    this.gap(12);
  }

  /** A list item: its marker in the margin, its text with a hanging indent. */
  item(marker: string, text: string, style: TextStyle = {}) {
    const size = style.size ?? 11;
    const indent = style.indent ?? 0;
    // With room for the first line made here, the item's first line and its marker share this page.
    this.room(size * 1.4);
    const page = this.page;
    const y = this.y - size * 1.4 + size * 0.25;
    page.drawText(this.safe(marker), { x: MARGIN.x + indent, y, size, font: this.bold, color: ACCENT });
    this.text(text, { ...style, indent: indent + 20 });
  }

  label(label: string, value: string) {
    this.room(16);
    this.y -= 16;
    this.page.drawText(this.safe(`${label}:`), { x: MARGIN.x, y: this.y + 3, size: 11, font: this.bold, color: INK });
    const width = TEXT_WIDTH - 70;
    const [first = "", ...rest] = wrap(this.safe(value), this.regular, 11, width);
    this.page.drawText(first, { x: MARGIN.x + 70, y: this.y + 3, size: 11, font: this.regular, color: INK });
    for (const line of rest) {
      this.room(16);
      this.y -= 16;
      this.page.drawText(line, { x: MARGIN.x + 70, y: this.y + 3, size: 11, font: this.regular, color: INK });
    }
    this.gap(4);
  }

  /** The company band on the first page, and a footer with page numbers on every page. */
  finish(companyName: string) {
    const first = this.pages[0] as PDFPage;
    first.drawRectangle({ x: 0, y: PAGE.height - 40, width: PAGE.width, height: 40, color: ACCENT });
    first.drawText(this.safe(companyName), { x: MARGIN.x, y: PAGE.height - 26, size: 13, font: this.bold, color: rgb(1, 1, 1) });
    const footer = this.safe(`${companyName} - ${MANUAL_TITLE}`);
    this.pages.forEach((page, i) => {
      page.drawText(footer, { x: MARGIN.x, y: 32, size: 9, font: this.regular, color: MUTED });
      const number = `Page ${i + 1} of ${this.pages.length}`;
      const width = this.regular.widthOfTextAtSize(number, 9);
      page.drawText(number, { x: PAGE.width - MARGIN.x - width, y: 32, size: 9, font: this.regular, color: MUTED });
    });
  }
}

/**
 * The manual as an A4 PDF: a first page with the introduction, contents and quick start, one page for each of the
 * four parts (tours and steps), and a last page with the tips and the support contacts.
 */
export async function renderManualPdf(contacts: ManualContacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${MANUAL_TITLE} - ${contacts.companyName}`, { showInWindowTitleBar: true });
  doc.setAuthor(contacts.companyName);
  doc.setSubject("Dealer registration, documents, installations and profile");
  doc.setLanguage("en");
  doc.setCreator(contacts.companyName);
  doc.setProducer(contacts.companyName);
  const w = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.gap(12);
  w.text(MANUAL_TITLE, { font: w.bold, size: 28, after: 12 });
  w.text(MANUAL_INTRO, { size: 12, color: MUTED, after: 16 });
  const { quickStart, parts, tips, support, all } = chapters();
  w.heading("Contents", 14);
  for (const chapter of all) w.text(chapter, { indent: 4, after: 2 });
  w.gap(12);

  w.heading(quickStart);
  MANUAL_QUICK_START.forEach((step, i) => {
    w.item(`${i + 1}.`, step.title, { font: w.bold, after: 0 });
    w.text(step.text, { indent: 20, color: MUTED, after: 8 });
  });

  MANUAL_SECTIONS.forEach((section, i) => {
    w.newPage();
    w.heading(parts[i] ?? section.title, 20);
    w.text(section.summary, { size: 12, color: MUTED, after: 14 });
    w.text(`${MANUAL_HEADINGS.tours} (on the ${MANUAL_TITLE} page)`, { font: w.bold, size: 13, after: 6 });
    for (const tour of section.tours) {
      w.item(BULLET, tour.title, { font: w.bold, after: 0 });
      w.text(tour.description, { indent: 20, color: MUTED, after: 8 });
    }
    w.gap(8);
    w.text(MANUAL_HEADINGS.steps, { font: w.bold, size: 13, after: 6 });
    section.steps.forEach((step, n) => {
      w.item(`${n + 1}.`, step, { after: 6 });
    });
  });

  w.newPage();
  w.heading(tips, 20);
  for (const tip of MANUAL_TIPS) w.item(BULLET, tip, { after: 6 });
  w.gap(16);
  w.heading(support, 20);
  w.text(SUPPORT_INTRO, { after: 10 });
  for (const [label, value] of contactLines(contacts)) w.label(label, value);

  w.finish(contacts.companyName);
  return doc.save();
}

let cached: { key: string; pdf: Promise<Uint8Array> } | undefined;

/** The PDF for these contacts, rendered once and kept until the site settings change. */
export function manualPdf(contacts: ManualContacts): Promise<Uint8Array> {
  const key = JSON.stringify([contacts.companyName, contacts.supportEmail, contacts.phone, contacts.supportHours]);
  if (cached?.key !== key) {
    const pdf = renderManualPdf(contacts);
    cached = { key, pdf };
    // A failed render is not kept: the next request tries again.
    pdf.catch(() => {
      if (cached?.pdf === pdf) cached = undefined;
    });
  }
  return cached.pdf;
}
