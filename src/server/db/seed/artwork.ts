import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageVariantName, type MediaFolder } from "#shared/media.ts";
import type { Storage } from "../../platform/storage/storage.ts";

/** Generated artwork for the demo site: drawn locally from SVG, never downloaded. */

const ACCENTS = ["#de7a37", "#c6632a", "#e48b4f", "#a34f22", "#eca574"];
const DARKS = ["#0f172a", "#1e293b", "#334155", "#1f2937"];

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

/** Splits a title into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (`${line} ${word}`.trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) out.push(line);
  return out.slice(0, 3);
}

const panelGrid = (x: number, y: number, w: number, h: number, c: string) => {
  const cells: string[] = [];
  const cols = 6;
  const rows = 10;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++)
      cells.push(
        `<rect x="${x + 8 + (i * (w - 16)) / cols}" y="${y + 8 + (j * (h - 16)) / rows}" width="${(w - 16) / cols - 4}" height="${(h - 16) / rows - 4}" fill="#1d3a6b" />`,
      );
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${c}"/>${cells.join("")}`;
};

/** The product drawing of one kind of product, seen from one of three angles (`variant`). */
function drawing(kind: string, accent: string, variant: number): string {
  const tilt = [-8, 0, 8][variant % 3] ?? 0;
  switch (kind) {
    case "solar-panels":
      return `<g transform="translate(600 380) rotate(${tilt}) translate(-170 -250)">${panelGrid(0, 0, 340, 500, "#cbd5e1")}</g><circle cx="1010" cy="150" r="70" fill="${accent}"/>`;
    case "hybrid-inverters":
      return `<g transform="translate(${430 + variant * 20} 130)"><rect width="340" height="460" rx="24" fill="#f8fafc" stroke="#cbd5e1" stroke-width="6"/><rect x="60" y="60" width="220" height="120" rx="10" fill="#0f172a"/><text x="170" y="135" font-size="44" font-family="DejaVu Sans, sans-serif" fill="${accent}" text-anchor="middle">${48 + variant * 2}.2V</text><circle cx="110" cy="250" r="14" fill="#22c55e"/><circle cx="170" cy="250" r="14" fill="${accent}"/><circle cx="230" cy="250" r="14" fill="#94a3b8"/><rect x="60" y="320" width="220" height="14" rx="7" fill="${accent}"/></g>`;
    case "energy-storage":
      return `<g transform="translate(${420 + variant * 15} 120)"><rect width="360" height="480" rx="28" fill="#e2e8f0"/><rect x="130" y="-24" width="100" height="34" rx="8" fill="#94a3b8"/><rect x="40" y="${60 + variant * 40}" width="280" height="${380 - variant * 40}" rx="14" fill="${accent}"/><path d="M190 180 l-50 110 h50 l-20 100 l80 -140 h-55 l25 -70z" fill="#fff"/></g>`;
    case "mounting-equipment":
      return `<g transform="translate(300 ${180 + variant * 20}) rotate(${tilt / 2})"><rect width="600" height="40" rx="8" fill="#94a3b8"/><rect y="170" width="600" height="40" rx="8" fill="#94a3b8"/><rect x="80" y="-40" width="30" height="300" fill="${accent}"/><rect x="490" y="-40" width="30" height="300" fill="${accent}"/><rect x="40" y="300" width="520" height="24" rx="6" fill="#64748b"/></g>`;
    case "cabling":
      return `<g transform="translate(600 360)"><circle r="220" fill="#1f2937"/><circle r="${180 - variant * 10}" fill="none" stroke="${accent}" stroke-width="46"/><circle r="80" fill="#e2e8f0"/><path d="M200 80 C 330 140, 360 260, 420 220" stroke="${accent}" stroke-width="30" fill="none" stroke-linecap="round"/></g>`;
    case "switch-gear":
      return `<g transform="translate(${440 + variant * 10} 150)"><rect width="320" height="420" rx="18" fill="#f1f5f9" stroke="#94a3b8" stroke-width="6"/><rect x="120" y="110" width="80" height="160" rx="12" fill="#0f172a"/><rect x="130" y="${120 + variant * 60}" width="60" height="80" rx="8" fill="${accent}"/><text x="160" y="340" font-size="40" font-family="DejaVu Sans, sans-serif" fill="#334155" text-anchor="middle">ON / OFF</text></g>`;
    default:
      return `<g transform="translate(600 360)"><rect x="-160" y="-160" width="320" height="320" rx="40" fill="${accent}" transform="rotate(${45 + tilt})"/><circle r="90" fill="#fff"/><circle r="40" fill="#0f172a"/></g>`;
  }
}

function frame(body: string, title: string, subtitle: string, background: string): string {
  const titleLines = lines(title, 34)
    .map(
      (l, i) =>
        `<text x="60" y="${770 + i * 50}" font-size="44" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
<rect width="1200" height="900" fill="${background}"/>
<rect y="680" width="1200" height="220" fill="#0f172a" opacity="0.92"/>
${body}
${titleLines}
<text x="60" y="720" font-size="26" font-family="DejaVu Sans, sans-serif" fill="#eca574">${escapeXml(subtitle)}</text>
</svg>`;
}

export function productSvg(kind: string, title: string, subtitle: string, seed: number, variant: number): string {
  const accent = ACCENTS[seed % ACCENTS.length] as string;
  const background = ["#fdf5ef", "#f1f5f9", "#fae6d6"][(seed + variant) % 3] as string;
  return frame(drawing(kind, accent, variant), title, subtitle, background);
}

/** A person's portrait: initials in a circle (team, testimonials, the managing director). */
export function portraitSvg(name: string, seed: number): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const accent = ACCENTS[seed % ACCENTS.length] as string;
  const dark = DARKS[seed % DARKS.length] as string;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200"><rect width="1200" height="1200" fill="${dark}"/><circle cx="600" cy="470" r="230" fill="${accent}"/><path d="M220 1200 C 260 860, 940 860, 980 1200z" fill="${accent}"/><text x="600" y="540" font-size="200" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}

/** An award badge. */
export function badgeSvg(title: string, year: number, seed: number): string {
  const accent = ACCENTS[seed % ACCENTS.length] as string;
  const titleLines = lines(title, 22)
    .map(
      (l, i) =>
        `<text x="600" y="${640 + i * 56}" font-size="46" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#0f172a" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect width="1200" height="900" fill="#fdf5ef"/><circle cx="600" cy="330" r="220" fill="${accent}"/><circle cx="600" cy="330" r="170" fill="#fff" opacity="0.25"/><text x="600" y="370" font-size="110" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="middle">${year}</text>${titleLines}</svg>`;
}

/** A scene for blogs and case studies: sky, sun, hills and rows of panels. */
export function sceneSvg(title: string, subtitle: string, seed: number, variant: number): string {
  const accent = ACCENTS[(seed + variant) % ACCENTS.length] as string;
  const rows = Array.from({ length: 4 }, (_, r) =>
    Array.from(
      { length: 5 },
      (_, c) => `<g transform="translate(${140 + c * 190 + r * 20} ${430 + r * 60}) skewX(-20)">${panelGrid(0, 0, 150, 50, "#cbd5e1")}</g>`,
    ).join(""),
  ).join("");
  const body = `<rect width="1200" height="680" fill="${["#bfdbfe", "#fde68a", "#fed7aa"][variant % 3]}"/><circle cx="${900 - variant * 120}" cy="160" r="90" fill="${accent}"/><path d="M0 480 Q 300 ${360 + variant * 20} 600 460 T 1200 430 V 680 H 0z" fill="#65a30d"/>${rows}`;
  return frame(body, title, subtitle, "#bfdbfe");
}

/** A mock identity or company document for the demo dealer, clearly marked SPECIMEN. */
export function documentSvg(title: string, holder: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect width="1200" height="900" fill="#f8fafc"/><rect x="60" y="60" width="1080" height="780" rx="16" fill="#fff" stroke="#94a3b8" stroke-width="4"/><text x="120" y="170" font-size="52" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#0f172a">${escapeXml(title)}</text><text x="120" y="260" font-size="36" font-family="DejaVu Sans, sans-serif" fill="#334155">${escapeXml(holder)}</text>${[320, 380, 440, 500].map((y) => `<rect x="120" y="${y}" width="${900 - (y % 7) * 40}" height="22" rx="6" fill="#e2e8f0"/>`).join("")}<text x="600" y="700" font-size="140" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#dc2626" opacity="0.35" text-anchor="middle" transform="rotate(-15 600 650)">SPECIMEN</text></svg>`;
}

/**
 * Renders an SVG once and stores it at every width of IMAGE_WIDTHS, plus the plain name (the largest).
 * The bitmap is rendered a single time without its (unused) alpha channel and the widths are encoded in
 * parallel at WebP effort 2: first start stays within a few seconds on a two-core machine.
 */
export async function storeImage(storage: Storage, folder: MediaFolder, name: string, svg: string): Promise<void> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const encode = (width: number) => {
    const pipeline = sharp(data, { raw });
    if (width !== info.width) pipeline.resize({ width });
    return pipeline.webp({ quality: width === info.width ? 78 : 76, effort: 2 }).toBuffer();
  };
  const widths = await Promise.all(IMAGE_WIDTHS.map(async (width) => [width, await encode(width)] as const));
  const largest = widths.reduce((a, b) => (b[0] > a[0] ? b : a))[1];
  await Promise.all([
    storage.put("public", `${folder}/${name}`, largest),
    ...widths.map(([width, buf]) => storage.put("public", `${folder}/${imageVariantName(name, width)}`, buf)),
  ]);
}

export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** A one-page PDF: title, intro, a two-column table, a closing paragraph and the company footer. */
export async function pdfDocument(opts: {
  title: string;
  subtitle: string;
  intro: string;
  rows: [string, string][];
  closing: string;
  company: string;
}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setProducer(opts.company);
  const page = doc.addPage([595, 842]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const accent = rgb(0.87, 0.48, 0.22);
  // Helvetica (WinAnsi) cannot encode every character: keep the text to what it can draw.
  const safe = (s: string) =>
    s
      .replace(/[×]/g, "x")
      .replace(/[–—]/g, "-")
      .replace(/[²]/g, "2")
      .replace(/[^\x20-\x7E°]/g, "");
  page.drawRectangle({ x: 0, y: 782, width: 595, height: 60, color: accent });
  page.drawText(safe(opts.company), { x: 40, y: 805, size: 18, font: bold, color: rgb(1, 1, 1) });
  page.drawText(safe(opts.title), { x: 40, y: 740, size: 20, font: bold, maxWidth: 515 });
  page.drawText(safe(opts.subtitle), { x: 40, y: 715, size: 12, font: regular, color: rgb(0.3, 0.33, 0.4) });
  page.drawText(safe(opts.intro), { x: 40, y: 685, size: 11, font: regular, maxWidth: 515, lineHeight: 15 });
  let y = 600;
  for (const [label, value] of opts.rows) {
    page.drawRectangle({ x: 40, y: y - 6, width: 515, height: 24, color: y % 48 === 0 ? rgb(0.97, 0.97, 0.98) : rgb(1, 1, 1) });
    page.drawText(safe(label), { x: 50, y, size: 11, font: bold });
    page.drawText(safe(value), { x: 260, y, size: 11, font: regular });
    y -= 24;
  }
  page.drawText(safe(opts.closing), { x: 40, y: y - 30, size: 11, font: regular, maxWidth: 515, lineHeight: 15 });
  page.drawText("Demo document generated for the demo site.", { x: 40, y: 40, size: 9, font: regular, color: rgb(0.5, 0.5, 0.5) });
  return Buffer.from(await doc.save());
}

/** Runs `tasks` with at most `limit` at a time. */
export async function inPool(tasks: (() => Promise<void>)[], limit = 4): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
