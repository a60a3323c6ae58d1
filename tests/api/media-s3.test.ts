import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createMailer } from "#server/platform/mailer/mailer.ts";
import { openStorage, type Storage } from "#server/platform/storage/storage.ts";
import { type LocalS3, startLocalS3 } from "../support/s3-server.ts";
import { createTestDatabase } from "../support/test-db.ts";

// /media when the files live in an S3-compatible bucket (S3_BUCKET set): read through the storage, not a folder.
let s3: LocalS3;
let app: FastifyInstance;
let database: Database;
let storage: Storage;
let dataDir: string;
let webp: Buffer;

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  s3 = await startLocalS3();
  dataDir = await mkdtemp(path.join(tmpdir(), "solar-media-s3-"));
  const config = loadConfig({ ...s3.env, NODE_ENV: "test", DATA_DIR: dataDir });
  storage = await openStorage(config);
  database = await createTestDatabase();
  app = await buildApp({ config, database, storage, mailer: createMailer(config), web: false });
  await app.ready();
  webp = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#de7a37" } })
    .webp()
    .toBuffer();
  await storage.put("public", "products/panel-w800.webp", webp);
  await storage.put("public", "site/hero.webm", Buffer.from("0123456789abcdef"));
  await storage.put("private", "documents/licence.pdf", Buffer.from("%PDF-1.7 private"));
  await storage.put("private", "products/secret-w800.webp", webp);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("/media from an S3 bucket", () => {
  it("serves a stored file with its type, length, a year's immutable cache and the object's ETag", async () => {
    const res = await app.inject({ method: "GET", url: "/media/products/panel-w800.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-length"]).toBe(String(webp.length));
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.rawPayload.equals(webp)).toBe(true);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const first = await app.inject({ method: "GET", url: "/media/products/panel-w800.webp" });
    const again = await app.inject({
      method: "GET",
      url: "/media/products/panel-w800.webp",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("serves one byte range (Safari asks for the film this way), and 416 for a range past the end", async () => {
    const res = await app.inject({ method: "GET", url: "/media/site/hero.webm", headers: { range: "bytes=0-3" } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-type"]).toBe("video/webm");
    expect(res.headers["content-range"]).toBe("bytes 0-3/16");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.body).toBe("0123");
    const past = await app.inject({ method: "GET", url: "/media/site/hero.webm", headers: { range: "bytes=100-200" } });
    expect(past.statusCode).toBe(416);
  });

  it("answers HEAD with the headers only", async () => {
    const res = await app.inject({ method: "HEAD", url: "/media/site/hero.webm" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe("16");
    expect(res.rawPayload.length).toBe(0);
  });

  it("encodes the AVIF twin from the bucket's WebP on first request and keeps it in the bucket", async () => {
    expect(await storage.exists("public", "products/panel-w800.avif")).toBe(false);
    const res = await app.inject({ method: "GET", url: "/media/products/panel-w800.avif" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect((await sharp(res.rawPayload).metadata()).format).toBe("heif");
    expect(await storage.exists("public", "products/panel-w800.avif")).toBe(true);
    const again = await app.inject({ method: "GET", url: "/media/products/panel-w800.avif" });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it("never serves private files, unsafe paths or missing files: 404", async () => {
    for (const url of [
      "/media/documents/licence.pdf",
      "/media/private/documents/licence.pdf",
      "/media/products/secret-w800.webp",
      "/media/products/secret-w800.avif",
      "/media/..%2Fprivate/documents/licence.pdf",
      "/media/products/..%2F..%2Fprivate/documents/licence.pdf",
      "/media/products/missing.webp",
      "/media/",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("private");
    }
  });
});
