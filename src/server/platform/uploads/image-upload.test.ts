import { Readable } from "node:stream";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FILE_EMPTY, FILE_TOO_LARGE, IMAGE_UNREADABLE, ONLY_IMAGES } from "#shared/schemas/documents.ts";
import {
  checkImageEnd,
  checkPdf,
  contentDisposition,
  displayName,
  IMAGE_TRAILING_DATA,
  IMAGE_TRUNCATED,
  type IncomingPart,
  MAX_IMAGE_DIMENSION,
  multipartLimits,
  PDF_EXPANDS_TOO_MUCH,
  PDF_HTML,
  PDF_TRAILING_DATA,
  readImageUploads,
  reencodeImage,
  sniffImage,
  UploadError,
} from "./image-upload.ts";

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
const jpeg = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 240 } } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A file part whose stream counts the chunks taken from it. */
function filePart(fieldname: string, filename: string, chunks: Iterable<Buffer>) {
  const pulled = { count: 0 };
  function* counted() {
    for (const c of chunks) {
      pulled.count++;
      yield c;
    }
  }
  const part: IncomingPart = { type: "file", fieldname, filename, file: Readable.from(counted(), { objectMode: false }) };
  return { part, pulled };
}

async function* partsOf(...parts: IncomingPart[]): AsyncGenerator<IncomingPart> {
  for (const p of parts) yield p;
}

const rules = { maxBytes: 1000, maxPerField: { photo: 1, ids: 3 } };

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UploadError);
  return err as UploadError;
}

describe("sniffImage", () => {
  it("tells JPEG and PNG by their first bytes and nothing else", async () => {
    expect(sniffImage(await jpeg())).toBe("jpeg");
    expect(sniffImage(await png())).toBe("png");
    expect(sniffImage(PDF)).toBeNull();
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe("checkImageEnd", () => {
  const refusal = (body: Buffer, format: "jpeg" | "png") => {
    try {
      checkImageEnd(body, format);
      return null;
    } catch (err) {
      return (err as UploadError).message;
    }
  };

  it("passes whole images, a progressive JPEG, an EXIF thumbnail's own end marker and a few bytes of padding", async () => {
    const [p, j, progressive] = await Promise.all([
      png(),
      jpeg(),
      sharp(await jpeg(300, 200))
        .jpeg({ progressive: true })
        .toBuffer(),
    ]);
    // An APP1 segment carrying a whole JPEG (a thumbnail, with its own EOI) right after the SOI.
    const app1 = Buffer.concat([Buffer.from("Exif\0\0"), j]);
    const head = Buffer.from([0xff, 0xe1, 0, 0]);
    head.writeUInt16BE(app1.length + 2, 2);
    const withThumbnail = Buffer.concat([j.subarray(0, 2), head, app1, j.subarray(2)]);
    expect(refusal(p, "png")).toBeNull();
    expect(refusal(j, "jpeg")).toBeNull();
    expect(refusal(progressive, "jpeg")).toBeNull();
    expect(refusal(withThumbnail, "jpeg")).toBeNull();
    expect(refusal(Buffer.concat([j, Buffer.from("\r\n\0\0")]), "jpeg")).toBeNull();
    // A second whole JPEG after the first (a phone's MPF depth map) is part of the photo.
    expect(refusal(Buffer.concat([j, j]), "jpeg")).toBeNull();
    expect(refusal(Buffer.concat([j, j, Buffer.from("<html>")]), "jpeg")).toBe(IMAGE_TRAILING_DATA);
  });

  it("refuses data after the end marker (a polyglot) and an image that ends too soon", async () => {
    const [p, j] = await Promise.all([png(), jpeg()]);
    expect(refusal(Buffer.concat([p, Buffer.from("<script>alert(1)</script>")]), "png")).toBe(IMAGE_TRAILING_DATA);
    expect(refusal(Buffer.concat([j, Buffer.from("PK\u0003\u0004")]), "jpeg")).toBe(IMAGE_TRAILING_DATA);
    expect(refusal(Buffer.concat([j, Buffer.alloc(100)]), "jpeg")).toBe(IMAGE_TRAILING_DATA);
    expect(refusal(p.subarray(0, p.length - 12), "png")).toBe(IMAGE_TRUNCATED);
    expect(refusal(j.subarray(0, j.length - 2), "jpeg")).toBe(IMAGE_TRUNCATED);
  });
});

describe("checkPdf", () => {
  const refusal = (body: Buffer) => {
    try {
      checkPdf(body);
      return null;
    } catch (err) {
      return (err as UploadError).message;
    }
  };

  it("passes a plain PDF, refuses one with data after %%EOF, HTML near its start or an object stream bomb", () => {
    expect(refusal(PDF)).toBeNull();
    expect(refusal(Buffer.concat([PDF, Buffer.from("<html>")]))).toBe(PDF_TRAILING_DATA);
    expect(refusal(Buffer.from(PDF.toString().replace("\n", "\n%<html><script>x</script>\n")))).toBe(PDF_HTML);
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const objStm = Buffer.concat([
      Buffer.from(`%PDF-1.7\n3 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`),
      bomb,
      Buffer.from("\nendstream\nendobj\ntrailer << >>\n%%EOF\n"),
    ]);
    expect(refusal(objStm)).toBe(PDF_EXPANDS_TOO_MUCH);
    // The same stream as page content (which pdf-lib does not inflate) is left to pdf-lib.
    expect(refusal(Buffer.from(objStm.toString("latin1").replace("/Type /ObjStm", "/Type /Other"), "latin1"))).toBeNull();
  });
});

describe("displayName", () => {
  it("keeps the last path segment only, without control or bidi characters or leading dots", () => {
    expect(displayName("../../etc/passwd.png", "x")).toBe("passwd.png");
    expect(displayName("C:\\Users\\farai\\scan.jpg", "x")).toBe("scan.jpg");
    expect(displayName("evil\u202Egnp.exe\u0000\r\n.png", "x")).toBe("evilgnp.exe.png");
    expect(displayName("   ..hidden.png  ", "x")).toBe("hidden.png");
    expect(displayName("..", "fallback")).toBe("fallback");
    expect(displayName(undefined, "fallback")).toBe("fallback");
  });

  it("caps the length and keeps the extension", () => {
    const name = displayName(`${"a".repeat(300)}.jpeg`, "x", 120);
    expect([...name]).toHaveLength(120);
    expect(name.endsWith(".jpeg")).toBe(true);
  });
});

describe("contentDisposition", () => {
  it("quotes a safe ASCII name, with the stored type's extension, and the UTF-8 name beside it", () => {
    expect(contentDisposition('tax "clearance".pdf', "png")).toBe(
      `inline; filename="tax _clearance_.png"; filename*=UTF-8''tax%20%22clearance%22.png`,
    );
    expect(contentDisposition("Zimbabwé ID.jpeg", "jpeg", "attachment")).toBe(
      `attachment; filename="Zimbabw_ ID.jpg"; filename*=UTF-8''Zimbabw%C3%A9%20ID.jpg`,
    );
  });
});

describe("reencodeImage", () => {
  it("strips EXIF, turns the image upright and keeps its format", async () => {
    // Stored landscape 60×20 with "rotate 90° clockwise" (orientation 6): shown upright it is 20×60.
    const input = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#808080" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: "Secret Person", Copyright: "GPS 17.8,31.0" } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeImage(input, "jpeg");
    const meta = await sharp(out.body).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 60]);
    expect(out.body.includes(Buffer.from("Secret Person"))).toBe(false);
  });

  it(`caps the longest side at ${MAX_IMAGE_DIMENSION} px`, async () => {
    const out = await reencodeImage(await png(MAX_IMAGE_DIMENSION + 1000, 50), "png");
    expect([out.width, out.height]).toEqual([MAX_IMAGE_DIMENSION, 40]);
  });

  it("refuses bytes that only start like an image", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), PDF]);
    expect((await refusal(reencodeImage(fake, "png"))).message).toBe(IMAGE_UNREADABLE);
  });
});

describe("readImageUploads", () => {
  it("checks and re-encodes every file, ignoring text fields", async () => {
    const a = filePart("photo", "a.png", [await png()]);
    const b = filePart("ids", "b.jpg", [await jpeg()]);
    const images = await readImageUploads(partsOf({ type: "field", fieldname: "note" }, a.part, b.part), rules);
    expect(images.map((i) => [i.field, i.index, i.name, i.mimeType, i.extension])).toEqual([
      ["photo", 0, "a.png", "image/png", "png"],
      ["ids", 0, "b.jpg", "image/jpeg", "jpg"],
    ]);
  });

  it("decides by content: a PDF named .png is refused at its first chunk", async () => {
    const { part, pulled } = filePart("photo", "x.png", [PDF.subarray(0, 16), PDF.subarray(16), PDF]);
    const err = await refusal(readImageUploads(partsOf(part), rules));
    expect([err.statusCode, err.message, err.field, err.fileName]).toEqual([415, ONLY_IMAGES, "photo", "x.png"]);
    expect(pulled.count).toBe(1);
  });

  it("stops reading a file as soon as it passes the limit", async () => {
    const head = await png();
    const endless = (function* () {
      yield head;
      for (let i = 0; i < 1_000_000; i++) yield Buffer.alloc(100);
    })();
    const { part, pulled } = filePart("photo", "big.png", endless);
    const err = await refusal(readImageUploads(partsOf(part), { ...rules, maxBytes: head.length + 500 }));
    expect([err.statusCode, err.message]).toEqual([413, FILE_TOO_LARGE]);
    expect(pulled.count).toBeLessThan(10);
  });

  it("accepts a file of exactly the limit", async () => {
    const body = await png();
    const { part } = filePart("photo", "exact.png", [body]);
    await expect(readImageUploads(partsOf(part), { ...rules, maxBytes: body.length })).resolves.toHaveLength(1);
  });

  it("refuses empty files, unknown fields and more files than a field takes", async () => {
    const empty = filePart("photo", "empty.png", []);
    expect((await refusal(readImageUploads(partsOf(empty.part), rules))).message).toBe(FILE_EMPTY);

    const stranger = filePart("avatar", "a.png", [await png()]);
    const unknown = await refusal(readImageUploads(partsOf(stranger.part), rules));
    expect([unknown.statusCode, unknown.field]).toEqual([400, "avatar"]);

    const parts = await Promise.all([1, 2].map(async (i) => filePart("photo", `p${i}.png`, [await png()]).part));
    const tooMany = await refusal(readImageUploads(partsOf(...parts), rules));
    expect([tooMany.statusCode, tooMany.field, tooMany.index]).toEqual([413, "photo", 1]);
  });

  it("turns the parser's own limit errors into clear refusals", async () => {
    async function* failing(): AsyncGenerator<IncomingPart> {
      yield* [];
      throw Object.assign(new Error("reach files limit"), { code: "FST_FILES_LIMIT", statusCode: 413 });
    }
    const err = await refusal(readImageUploads(failing(), rules));
    expect(err.statusCode).toBe(413);
    expect(err.message).toMatch(/Too many files/);
  });

  it("gives busboy limits one byte over the file limit and the fields' total of files", () => {
    expect(multipartLimits(rules).limits).toMatchObject({ fileSize: 1001, files: 4 });
  });
});
