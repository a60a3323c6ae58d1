import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageVariantName, type MediaFolder } from "#shared/media.ts";
import type { Storage } from "../platform/storage/storage.ts";

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

/** A mock identity or company document for the demo dealer, clearly marked SPECIMEN. */
export function documentSvg(title: string, holder: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect width="1200" height="900" fill="#f8fafc"/><rect x="60" y="60" width="1080" height="780" rx="16" fill="#fff" stroke="#94a3b8" stroke-width="4"/><text x="120" y="170" font-size="52" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#0f172a">${escapeXml(title)}</text><text x="120" y="260" font-size="36" font-family="DejaVu Sans, sans-serif" fill="#334155">${escapeXml(holder)}</text>${[320, 380, 440, 500].map((y) => `<rect x="120" y="${y}" width="${900 - (y % 7) * 40}" height="22" rx="6" fill="#e2e8f0"/>`).join("")}<text x="600" y="700" font-size="140" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#dc2626" opacity="0.35" text-anchor="middle" transform="rotate(-15 600 650)">SPECIMEN</text></svg>`;
}

/**
 * The folder where rendered images are kept between first starts (config SEED_MEDIA_CACHE, set by the test harness,
 * which starts many fresh demo sites): an SVG always renders to the same bytes, so each is rendered once. Unset (every
 * real start), images are rendered and nothing is kept outside the storage.
 */
let renderCache: string | undefined;

export function setRenderCache(dir: string | undefined): void {
  renderCache = dir;
}

/** The files `make` renders for `key` (the SVG and how it is encoded), read from the cache when it holds them all. */
async function rendered(key: string, count: number, make: () => Promise<Buffer[]>): Promise<Buffer[]> {
  if (!renderCache) return make();
  const hash = createHash("sha256").update(key).digest("hex");
  const files = Array.from({ length: count }, (_, i) => path.join(renderCache as string, `${hash}-${i}.webp`));
  try {
    return await Promise.all(files.map((f) => readFile(f)));
  } catch {
    const made = await make();
    try {
      await mkdir(renderCache, { recursive: true });
      // Written under a temporary name and renamed: a reader never sees half a file, and concurrent starts agree.
      await Promise.all(
        made.map(async (buf, i) => {
          const tmp = `${files[i]}.${process.pid}.${randomBytes(4).toString("hex")}`;
          await writeFile(tmp, buf);
          await rename(tmp, files[i] as string);
        }),
      );
    } catch {
      // A cache that cannot be written is only slower.
    }
    return made;
  }
}

/**
 * Renders an SVG once and stores it at every width of IMAGE_WIDTHS, plus the plain name (the largest). The bitmap is
 * rendered a single time without its (unused) alpha channel and the widths are encoded one after the other at WebP
 * effort 2, on one thread: the demo's pictures are drawn while the site already answers (decision 027), and the other
 * core stays free for its requests. The plain name is written last: when it is there, so are the widths.
 */
export async function storeImage(storage: Storage, folder: MediaFolder, name: string, svg: string): Promise<void> {
  const widths = [...IMAGE_WIDTHS];
  const encoded = await rendered(`store-v1:${widths.join(",")}:${svg}`, widths.length, async () => {
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const out: Buffer[] = [];
    for (const width of widths) {
      const pipeline = sharp(data, { raw });
      if (width !== info.width) pipeline.resize({ width });
      out.push(await pipeline.webp({ quality: width === info.width ? 78 : 76, effort: 2 }).toBuffer());
    }
    return out;
  });
  const largest = encoded[widths.indexOf(Math.max(...widths) as (typeof widths)[number])] as Buffer;
  await Promise.all(widths.map((width, i) => storage.put("public", `${folder}/${imageVariantName(name, width)}`, encoded[i] as Buffer)));
  await storage.put("public", `${folder}/${name}`, largest);
}

export async function renderWebp(svg: string): Promise<Buffer> {
  const [webp] = await rendered(`webp-v1:${svg}`, 1, async () => [await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()]);
  return webp as Buffer;
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
