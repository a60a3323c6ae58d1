import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../../../../tests/support/s3-server.ts";
import { loadConfig } from "../../config.ts";
import { createS3Storage, type S3Config, type S3Storage } from "./s3-storage.ts";
import { createStorage, RangeNotSatisfiableError } from "./storage.ts";

let s3: LocalS3;
let storage: S3Storage;
let config: S3Config;

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  s3 = await startLocalS3();
  config = { bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  storage = createS3Storage(config);
});
afterAll(() => s3?.close());

async function text(stream: AsyncIterable<unknown> | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The keys as the bucket holds them, read with a client of our own. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const res = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (res.Contents ?? []).map((o) => o.Key ?? "").sort();
}

describe("S3 storage driver", () => {
  it("createStorage picks the bucket when S3_BUCKET is set; it has no folder to serve, so /media reads through open()", () => {
    const picked = createStorage(loadConfig({ ...s3.env, DATA_DIR: "/nonexistent-data-dir" }));
    expect(picked.publicDir).toBeUndefined();
    expect(typeof picked.open).toBe("function");
  });

  it("stores and reads back a file; a missing key is null / false", async () => {
    const body = Buffer.from([0, 1, 2, 250, 251, 252]);
    await storage.put("public", "products/round-trip.bin", body);
    const stream = await storage.get("public", "products/round-trip.bin");
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    expect(await storage.exists("public", "products/round-trip.bin")).toBe(true);

    expect(await storage.get("public", "products/missing.webp")).toBeNull();
    expect(await storage.exists("public", "products/missing.webp")).toBe(false);
    expect(await storage.open?.("public", "products/missing.webp")).toBeNull();
  });

  it("keeps private and public files apart under their own prefixes", async () => {
    await storage.put("private", "documents/licence.pdf", Buffer.from("private"));
    await storage.put("public", "datasheets/sheet.pdf", Buffer.from("public"));
    expect(await text(await storage.get("public", "documents/licence.pdf"))).toBeNull();
    expect(await storage.exists("public", "documents/licence.pdf")).toBe(false);
    expect(await storage.open?.("public", "documents/licence.pdf")).toBeNull();
    expect(await text(await storage.get("private", "documents/licence.pdf"))).toBe("private");
    expect(await storage.get("private", "datasheets/sheet.pdf")).toBeNull();
    const keys = await bucketKeys();
    expect(keys).toContain("private/documents/licence.pdf");
    expect(keys).toContain("public/datasheets/sheet.pdf");
    expect(keys.every((k) => k.startsWith("public/") || k.startsWith("private/"))).toBe(true);
  });

  it("removes a file, and removing a missing one is no error", async () => {
    await storage.put("public", "team/gone.webp", Buffer.from("x"));
    await storage.remove("public", "team/gone.webp");
    expect(await storage.exists("public", "team/gone.webp")).toBe(false);
    await expect(storage.remove("public", "team/never-there.webp")).resolves.toBeUndefined();
  });

  it("lists one visibility's files, under a prefix, with size and time", async () => {
    const before = Date.now() - 60_000;
    await storage.put("public", "brands/a-w400.webp", Buffer.from("aaaa"));
    await storage.put("public", "brands/b.webp", Buffer.from("bb"));
    await storage.put("public", "brandsX/c.webp", Buffer.from("c"));
    await storage.put("private", "brands/hidden.webp", Buffer.from("h"));

    const brands = (await all(storage.list("public", "brands/"))).sort((x, y) => x.key.localeCompare(y.key));
    expect(brands.map((b) => [b.key, b.size])).toEqual([
      ["brands/a-w400.webp", 4],
      ["brands/b.webp", 2],
    ]);
    for (const b of brands) expect(b.modified.getTime()).toBeGreaterThan(before);

    const publicKeys = (await all(storage.list("public"))).map((o) => o.key);
    expect(publicKeys).toEqual(expect.arrayContaining(["brands/a-w400.webp", "brandsX/c.webp", "datasheets/sheet.pdf"]));
    expect(publicKeys).not.toContain("brands/hidden.webp");
    expect(publicKeys.some((k) => k.startsWith("public/"))).toBe(false);
    expect((await all(storage.list("private", "brands/"))).map((o) => o.key)).toEqual(["brands/hidden.webp"]);
  });

  it("refuses unsafe keys and prefixes before any request", async () => {
    for (const key of ["../private/documents/licence.pdf", "/etc/passwd", "products/../x", "products//x", "", "a\0b"]) {
      await expect(storage.put("public", key, Buffer.from("x")), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get("public", key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.exists("public", key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.remove("public", key), key).rejects.toThrow(/Unsafe storage key/);
    }
    for (const prefix of ["../", "/products", "products/../../"]) {
      await expect(all(storage.list("public", prefix)), prefix).rejects.toThrow(/Unsafe storage prefix/);
    }
    expect((await bucketKeys()).some((k) => k.includes(".."))).toBe(false);
  });

  it("opens a file whole or as one byte range, with its ETag; a matching If-None-Match is not-modified", async () => {
    await storage.put("public", "site/film.webm", Buffer.from("0123456789"));
    const whole = await storage.open?.("public", "site/film.webm");
    if (!whole || whole === "not-modified") throw new Error("expected the file");
    expect(whole.length).toBe(10);
    expect(whole.contentRange).toBeUndefined();
    expect(whole.etag).toMatch(/^"[^"]+"$/);
    expect(await text(whole.body)).toBe("0123456789");

    const part = await storage.open?.("public", "site/film.webm", { range: "bytes=2-4" });
    if (!part || part === "not-modified") throw new Error("expected the range");
    expect([part.length, part.contentRange, await text(part.body)]).toEqual([3, "bytes 2-4/10", "234"]);

    expect(await storage.open?.("public", "site/film.webm", { ifNoneMatch: whole.etag })).toBe("not-modified");
    await expect(storage.open?.("public", "site/film.webm", { range: "bytes=50-60" })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it("checks the bucket at start-up and says why it cannot be used", async () => {
    await expect(storage.checkBucket()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...config, bucket: "no-such-bucket" }).checkBucket()).rejects.toThrow(
      /^Cannot use the S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ \(region us-east-1\): it does not exist$/,
    );
    await expect(createS3Storage({ ...config, accessKeyId: "WRONG" }).checkBucket()).rejects.toThrow(/access was refused/);
    await expect(createS3Storage({ ...config, endpoint: "http://127.0.0.1:1" }).checkBucket()).rejects.toThrow(/ECONNREFUSED/);
  });
});
