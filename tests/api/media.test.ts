import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
const uploads = () => path.join(t.dataDir, "uploads", "public");

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await mkdir(path.join(uploads(), "products"), { recursive: true });
  const webp = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#de7a37" } })
    .webp()
    .toBuffer();
  await writeFile(path.join(uploads(), "products", "panel-w800.webp"), webp);
  await writeFile(path.join(uploads(), "products", "panel-w400.webp"), await sharp(webp).resize({ width: 400 }).toBuffer());
});
afterAll(() => t.close());

describe("/media image variants", () => {
  it("serves the stored WebP with a year's immutable cache", async () => {
    const res = await t.inject({ method: "GET", url: "/media/products/panel-w800.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("encodes the AVIF twin on first request, keeps it, and serves the kept file afterwards", async () => {
    const first = await t.inject({ method: "GET", url: "/media/products/panel-w800.avif" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/avif");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta.format).toBe("heif");
    expect([meta.width, meta.height]).toEqual([800, 600]);
    const kept = await readFile(path.join(uploads(), "products", "panel-w800.avif"));
    expect(kept.equals(first.rawPayload)).toBe(true);
    const again = await t.inject({ method: "GET", url: "/media/products/panel-w800.avif" });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("encodes a JPEG twin for link previews", async () => {
    const res = await t.inject({ method: "GET", url: "/media/products/panel-w800.jpg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(res.rawPayload).metadata()).format).toBe("jpeg");
  });

  it("makes the thumbnail width from the 400 px file, as AVIF and WebP, and keeps it", async () => {
    for (const [file, format] of [
      ["panel-w288.avif", "heif"],
      ["panel-w288.webp", "webp"],
    ] as const) {
      const res = await t.inject({ method: "GET", url: `/media/products/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 288, 216]);
      expect((await readFile(path.join(uploads(), "products", file))).equals(res.rawPayload)).toBe(true);
    }
  });

  it("answers 404 for a missing source, an unknown folder, a width that is not stored, or a path outside the media", async () => {
    for (const url of [
      "/media/products/missing-w800.avif",
      "/media/private/panel-w800.avif",
      "/media/products/panel-w801.avif",
      "/media/products/panel.avif",
      "/media/products/missing-w288.webp",
      "/media/products/panel-w288.jpg",
      "/media/..%2Fprivate/panel-w800.avif",
    ]) {
      const res = await t.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
