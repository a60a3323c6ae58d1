import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { asc, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { INTERNAL_ERROR_MESSAGE } from "#server/platform/http.ts";
import {
  IMAGE_TRAILING_DATA,
  IMAGE_TRUNCATED,
  PDF_EXPANDS_TOO_MUCH,
  PDF_HTML,
  PDF_TRAILING_DATA,
} from "#server/platform/uploads/image-upload.ts";
import { DOCUMENT_NAME_MAX, FILE_EMPTY, IMAGE_TOO_MANY_PIXELS, ONLY_IMAGE_OR_PDF, ONLY_IMAGES } from "#shared/schemas/documents.ts";
import { type FormPart, file, multipart } from "../support/multipart.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Bad input: a corpus of hostile files, made here, sent to every upload endpoint. Each must be refused
 * with a 4xx and a message saying what is wrong, leave no row and no file behind, and leave the server answering.
 * The forms are otherwise valid (each endpoint first accepts a good file with the same fields), so the file alone
 * is what gets refused.
 *
 * Names: the server never names a stored file after the client's name (storage keys are made by the server), so a
 * name with "../", NUL, a bidi override or 5,000 characters is not refused: the file is accepted and the name is
 * kept for display only, cut down to its last segment without control characters (checked below).
 */

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let userId: number;
let productId: number;
let positionName: string;
let teamId: number;
let goodPdf: Buffer;

// ---------------------------------------------------------------------------------------------------------------
// The corpus

const png = (width = 64, height = 48, color = "#de7a37") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (width = 64, height = 48, color = "#2a6fb0") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: "#123456" } })
    .webp()
    .toBuffer();
async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle("Certificate");
  doc.addPage([300, 200]);
  return Buffer.from(await doc.save());
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
/** A PNG by hand: a header claiming these dimensions (1-bit greyscale) and the given image data. */
function pngBy(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const ZIP = Buffer.concat([
  Buffer.from("PK\u0003\u0004\u0014\u0000\u0000\u0000\u0000\u0000"),
  Buffer.from("evil.jsp<% Runtime.exec() %>"),
  Buffer.from("PK\u0005\u0006"),
]);
const HTML = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const GIF = Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;", "latin1");

type Item = {
  label: string;
  name: string;
  type: string;
  data: Buffer;
  /** Expected message at image endpoints (else any clear one). */
  image?: string;
  /** A good file of this kind under a misleading name: accepted by the endpoints of its kind (type by content). */
  validAs?: "image" | "pdf";
};
let imageItems: Item[] = [];
let pdfItems: Item[] = [];

async function makeCorpus() {
  const [p, j, w, d] = await Promise.all([png(), jpeg(), webp(), pdf()]);
  // 20,000 × 20,000 pixels of 1-bit zeros: 50 MB of rows that deflate to ~50 KB; 400 megapixels decoded.
  const rows = Buffer.alloc((20_000 / 8 + 1) * 20_000);
  const bomb = pngBy(20_000, 20_000, deflateSync(rows, { level: 9 }));
  // A header claiming 100,000 × 100,000 over a few bytes of data.
  const claims = pngBy(100_000, 100_000, deflateSync(Buffer.alloc(100)));
  imageItems = [
    { label: "JPEG with a ZIP appended", name: "photo.jpg", type: "image/jpeg", data: Buffer.concat([j, ZIP]), image: IMAGE_TRAILING_DATA },
    {
      label: "PNG with HTML/JS appended",
      name: "photo.png",
      type: "image/png",
      data: Buffer.concat([p, HTML]),
      image: IMAGE_TRAILING_DATA,
    },
    { label: "JPEG with HTML appended", name: "photo.jpg", type: "image/jpeg", data: Buffer.concat([j, HTML]), image: IMAGE_TRAILING_DATA },
    { label: "GIFAR (GIF + ZIP)", name: "photo.gif", type: "image/gif", data: Buffer.concat([GIF, ZIP]), image: ONLY_IMAGES },
    {
      label: "WebP with data after its RIFF size",
      name: "photo.webp",
      type: "image/webp",
      data: Buffer.concat([w, HTML]),
      image: ONLY_IMAGES,
    },
    {
      label: ".png that is a text file",
      name: "photo.png",
      type: "image/png",
      data: Buffer.from("just some text, not an image\n"),
      image: ONLY_IMAGES,
    },
    { label: ".jpg that is a PDF", name: "photo.jpg", type: "image/jpeg", data: d, image: ONLY_IMAGES, validAs: "pdf" },
    { label: ".jpg that is HTML", name: "photo.jpg", type: "image/jpeg", data: HTML, image: ONLY_IMAGES },
    { label: "PNG header claiming 100000×100000", name: "huge.png", type: "image/png", data: claims, image: IMAGE_TOO_MANY_PIXELS },
    { label: "PNG decompression bomb (400 MP in ~50 KB)", name: "bomb.png", type: "image/png", data: bomb, image: IMAGE_TOO_MANY_PIXELS },
    { label: "SVG with a script", name: "logo.svg", type: "image/svg+xml", data: SVG, image: ONLY_IMAGES },
    { label: "SVG with a script disguised as .png", name: "logo.png", type: "image/png", data: SVG, image: ONLY_IMAGES },
    { label: "empty file", name: "empty.png", type: "image/png", data: Buffer.alloc(0), image: FILE_EMPTY },
    { label: "truncated PNG", name: "cut.png", type: "image/png", data: p.subarray(0, Math.floor(p.length / 2)), image: IMAGE_TRUNCATED },
    {
      label: "truncated JPEG",
      name: "cut.jpg",
      type: "image/jpeg",
      data: j.subarray(0, Math.floor(j.length * 0.6)),
      image: IMAGE_TRUNCATED,
    },
  ];

  // A PDF whose object stream inflates to 200 MB (~200 KB on the wire): pdf-lib would inflate it while parsing.
  const inflated = deflateSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });
  const pdfBomb = Buffer.concat([
    Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n"),
    Buffer.from(`3 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${inflated.length} >>\nstream\n`),
    inflated,
    Buffer.from("\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  ]);
  const text = d.toString("latin1");
  pdfItems = [
    { label: "PDF with HTML appended", name: "cert.pdf", type: "application/pdf", data: Buffer.concat([d, HTML]) },
    { label: "PDF with a ZIP appended", name: "cert.pdf", type: "application/pdf", data: Buffer.concat([d, ZIP]) },
    {
      label: "PDF that is also HTML",
      name: "cert.pdf",
      type: "application/pdf",
      data: Buffer.from(text.replace("\n", "\n%<html><body><script>alert(1)</script></body></html>\n"), "latin1"),
    },
    { label: ".pdf that is a PNG", name: "cert.pdf", type: "application/pdf", data: p, validAs: "image" },
    { label: ".pdf that is text", name: "cert.pdf", type: "application/pdf", data: Buffer.from("not a pdf\n") },
    { label: "PDF zlib bomb (object stream of 200 MB)", name: "bomb.pdf", type: "application/pdf", data: pdfBomb },
    { label: "truncated PDF", name: "cut.pdf", type: "application/pdf", data: d.subarray(0, Math.floor(d.length / 2)) },
    { label: "empty PDF", name: "empty.pdf", type: "application/pdf", data: Buffer.alloc(0) },
    { label: ".pdf that is an SVG with a script", name: "cert.pdf", type: "application/pdf", data: SVG },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The upload endpoints, each with a form that is valid but for the file

type Endpoint = {
  label: string;
  method: "POST" | "PUT";
  url: () => string;
  headers: () => Record<string, string>;
  fields: () => Record<string, string>;
  /** Other files the form needs (a new product's datasheet). */
  extra?: () => FormPart[];
  /** The file field and the kind of file it takes ("either": a JPG/PNG image or a PDF, decision 026). */
  field: string;
  kind: "image" | "pdf" | "either";
};

const asAdmin = () => admin;
const asUser = () => user;
const PRODUCT_FIELDS = {
  product_name: "Corpus Inverter 5kW",
  product_description: "A hybrid inverter.",
  product_benefits: "Quiet",
  product_warranty: "5 years",
  category: "7",
  price_usd: "999.00",
  price_zwl: "26000.00",
  hs_code: "85044000",
};
const ENDPOINTS: Endpoint[] = [
  {
    label: "dealer documents",
    method: "POST",
    url: () => `/api/dealer/upload-documents/${userId}`,
    headers: asUser,
    fields: () => ({}),
    field: "taxClearance",
    kind: "either",
  },
  {
    label: "dealer tax clearance",
    method: "POST",
    url: () => `/api/dealer/upload-tax-clearance-certificate/${userId}`,
    headers: asUser,
    fields: () => ({}),
    field: "taxClearance",
    kind: "either",
  },
  {
    label: "dealer certificate of incorporation",
    method: "POST",
    url: () => `/api/dealer/upload-certificate-of-incorporation/${userId}`,
    headers: asUser,
    fields: () => ({}),
    field: "certificate",
    kind: "either",
  },
  {
    label: "dealer directors' IDs",
    method: "POST",
    url: () => `/api/dealer/upload-ids-of-directors/${userId}`,
    headers: asUser,
    fields: () => ({}),
    field: "IDsOfDirectors",
    kind: "either",
  },
  {
    label: "new product's images",
    method: "POST",
    url: () => "/api/products/add-product",
    headers: asAdmin,
    fields: () => PRODUCT_FIELDS,
    extra: () => [file("datasheet", "sheet.pdf", goodPdf, "application/pdf")],
    field: "images",
    kind: "image",
  },
  {
    label: "product images",
    method: "POST",
    url: () => `/api/products/upload-product-images/${productId}`,
    headers: asAdmin,
    fields: () => ({}),
    field: "images",
    kind: "image",
  },
  {
    label: "product datasheet",
    method: "POST",
    url: () => `/api/products/upload-datasheet/${productId}`,
    headers: asAdmin,
    fields: () => ({}),
    field: "datasheet",
    kind: "pdf",
  },
  {
    label: "blog images",
    method: "POST",
    url: () => "/api/blogs",
    headers: asAdmin,
    fields: () => ({ title: "Corpus blog", author: "Corpus", story: "A story." }),
    field: "images",
    kind: "image",
  },
  {
    label: "case study images",
    method: "POST",
    url: () => "/api/case-study",
    headers: asAdmin,
    fields: () => ({ projectName: "Corpus project", location: "Harare", systemCapacity: "10 kW" }),
    field: "images",
    kind: "image",
  },
  {
    label: "team member photo",
    method: "POST",
    url: () => "/api/team/add-team",
    headers: asAdmin,
    fields: () => ({ name: "Corpus Member", position: positionName }),
    field: "picture",
    kind: "image",
  },
  {
    label: "team member photo change",
    method: "PUT",
    url: () => `/api/team/update-team-member-image/${teamId}`,
    headers: asAdmin,
    fields: () => ({}),
    field: "picture",
    kind: "image",
  },
  {
    label: "testimonial photo",
    method: "POST",
    url: () => "/api/testimonials/add-testimonial",
    headers: asAdmin,
    fields: () => ({ person: "Corpus Person", message: "Great work." }),
    field: "image",
    kind: "image",
  },
  {
    label: "award image",
    method: "POST",
    url: () => "/api/awards",
    headers: asAdmin,
    fields: () => ({ name: "Corpus award", year: "2024" }),
    field: "image",
    kind: "image",
  },
  {
    label: "featured product artwork",
    method: "POST",
    url: () => "/api/featured/add-featured",
    headers: asAdmin,
    fields: () => ({ product_id: String(productId) }),
    field: "image",
    kind: "image",
  },
  {
    label: "brand logo",
    method: "POST",
    url: () => "/api/brands",
    headers: asAdmin,
    fields: () => ({ name: "Corpus Brand" }),
    field: "logo",
    kind: "image",
  },
  {
    label: "overview director photo",
    method: "PUT",
    url: () => "/api/overview",
    headers: asAdmin,
    fields: () => ({
      story: "Our story.",
      vision: "Our vision.",
      mission: "Our mission.",
      values: "Honesty\nCare",
      directorName: "Corpus Director",
      directorMessage: "A message.",
    }),
    field: "directorPhoto",
    kind: "image",
  },
  {
    label: "certificate PDF",
    method: "POST",
    url: () => "/api/certificates",
    headers: asAdmin,
    fields: () => ({ title: "Corpus certificate" }),
    field: "file",
    kind: "pdf",
  },
];

function send(e: Endpoint, item: { name: string; type: string; data: Buffer }) {
  const parts: FormPart[] = [
    ...Object.entries(e.fields()).map(([name, data]) => ({ name, data })),
    ...(e.extra?.() ?? []),
    file(e.field, item.name, item.data, item.type),
  ];
  const body = multipart(parts);
  return t.inject({ method: e.method, url: e.url(), headers: { ...e.headers(), ...body.headers }, payload: body.payload });
}

/** Every table's rows as an md5 (sessions and the login throttle left out: signing in changes them). */
async function fingerprint(): Promise<Record<string, string>> {
  const res = (await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() and tablename not in ('sessions', 'auth_throttles')`,
  )) as unknown as { rows: { tablename: string }[] };
  const union = res.rows
    .map((r) => `select '${r.tablename}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${r.tablename}" x`)
    .join(" union all ");
  const rows = ((await t.database.db.execute(sql.raw(union))) as unknown as { rows: { t: string; h: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}
/** Every file under DATA_DIR, relative. */
async function files(): Promise<string[]> {
  const entries = await readdir(t.dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !path.relative(t.dataDir, e.parentPath).startsWith("db"))
    .map((e) => path.relative(t.dataDir, path.join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, user] = await Promise.all([t.loginAs("admin"), t.loginAs("user")]);
  userId = (await t.inject({ method: "GET", url: "/api/auth/me", headers: user })).json().id;
  const [product] = await t.database.db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1);
  productId = product?.id as number;
  goodPdf = await pdf();
  positionName = (await t.inject({ method: "GET", url: "/api/positions/" })).json()[0]?.name;
  await makeCorpus();
  // A team member whose photo the corpus then tries to replace.
  const good = await png();
  const team = await send(ENDPOINTS.find((e) => e.label === "team member photo") as Endpoint, {
    name: "a.png",
    type: "image/png",
    data: good,
  });
  expect(team.statusCode, team.body).toBe(201);
  teamId = team.json().id;
}, 120_000);
afterAll(() => t?.close());

describe("upload corpus: every hostile file refused at every upload endpoint", () => {
  it.each(ENDPOINTS)(
    "$label ($method $field)",
    async (e) => {
      // The form is right: a good file of the endpoint's kind is accepted.
      const goods =
        e.kind === "image"
          ? [{ name: "good.png", type: "image/png", data: await png() }]
          : e.kind === "pdf"
            ? [{ name: "good.pdf", type: "application/pdf", data: await pdf() }]
            : [
                { name: "good.png", type: "image/png", data: await png() },
                { name: "good.pdf", type: "application/pdf", data: await pdf() },
              ];
      for (const good of goods) {
        const accepted = await send(e, good);
        expect(accepted.statusCode, `${e.label} accepts a good file (${good.name}): ${accepted.body}`).toBeLessThan(300);
      }

      const failures: string[] = [];
      const refusable = (i: Item) => (e.kind === "either" ? i.validAs === undefined : i.validAs !== e.kind);
      // An endpoint taking PDFs too names them in its refusal of a file that is neither.
      const expected = (i: Item) => (e.kind === "either" && i.image === ONLY_IMAGES ? ONLY_IMAGE_OR_PDF : i.image);
      for (const item of [...imageItems, ...pdfItems].filter(refusable)) {
        const beforeRows = await fingerprint();
        const beforeFiles = await files();
        const res = await send(e, item);
        const message = res.headers["content-type"]?.toString().includes("json")
          ? (res.json() as { message?: unknown }).message
          : undefined;
        const where = `${item.label} → ${e.label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`not refused with a 4xx: ${where}`);
        else if (typeof message !== "string" || message.length < 10 || message === INTERNAL_ERROR_MESSAGE)
          failures.push(`no clear message: ${where}`);
        else if (
          e.kind !== "pdf" &&
          item.image &&
          message !== expected(item) &&
          !(e.kind === "image" && item.image === ONLY_IMAGES && /only jpg and png/i.test(message))
        ) {
          failures.push(`expected "${expected(item)}": ${where}`);
        }
        const afterRows = await fingerprint();
        const changed = Object.keys(afterRows).filter((k) => afterRows[k] !== beforeRows[k]);
        if (changed.length) failures.push(`stored rows changed (${changed.join(", ")}): ${where}`);
        const afterFiles = await files();
        const added = afterFiles.filter((f) => !beforeFiles.includes(f));
        if (added.length) failures.push(`stored files (${added.join(", ")}): ${where}`);
      }
      // Still answering, after the bombs too.
      expect((await t.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect(failures, failures.join("\n")).toEqual([]);
    },
    180_000,
  );

  it("PDF refusals say what is wrong", async () => {
    const e = ENDPOINTS.find((x) => x.label === "certificate PDF") as Endpoint;
    const message = async (label: string) => (await send(e, pdfItems.find((i) => i.label === label) as Item)).json().message;
    expect(await message("PDF with HTML appended")).toBe(PDF_TRAILING_DATA);
    expect(await message("PDF with a ZIP appended")).toBe(PDF_TRAILING_DATA);
    expect(await message("PDF that is also HTML")).toBe(PDF_HTML);
    expect(await message("PDF zlib bomb (object stream of 200 MB)")).toBe(PDF_EXPANDS_TOO_MUCH);
  });
});

describe("hostile file names: ignored, never used for storage", () => {
  const NAMES = [
    "../../../etc/passwd.png",
    "..\\..\\windows\\evil.png",
    "a\u0000b.png",
    `${"x".repeat(5000)}.png`,
    "\u202egnp.exe",
    "\u0000",
    "..",
    "/",
  ];

  it.each(NAMES.map((n) => [JSON.stringify(n.length > 40 ? `${n.slice(0, 20)}…(${n.length})` : n), n]))(
    "dealer document named %s: stored under a server-made key, shown by a clean name",
    async (_label, name) => {
      const e = ENDPOINTS[0] as Endpoint;
      const beforeFiles = await files();
      const res = await send(e, { name, type: "image/png", data: await png() });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const docs = (await t.inject({ method: "GET", url: `/api/dealer/${userId}`, headers: user })).json();
      const list = (docs.documents ?? docs.dealer_documents ?? []) as { original_name: string; kind: string; id: number }[];
      const tax = list.filter((d) => d.kind === "tax_clearance").sort((a, b) => b.id - a.id)[0];
      expect(tax, JSON.stringify(docs).slice(0, 400)).toBeDefined();
      const shown = tax?.original_name ?? "";
      expect(shown).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
      expect([...shown].length).toBeLessThanOrEqual(DOCUMENT_NAME_MAX);
      expect(shown.startsWith(".")).toBe(false);
      const added = (await files()).filter((f) => !beforeFiles.includes(f));
      expect(added.length, "one file stored").toBe(1);
      expect(added[0]).toMatch(/^uploads[/\\]private[/\\]dealer-documents[/\\]\d+[/\\][0-9a-f-]{36}\.png$/);
    },
  );
});
