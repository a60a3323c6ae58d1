import { mkdtemp, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { dealerDocuments } from "#server/db/schema/dealers.ts";
import { queueImageVariants } from "#server/platform/images/image-jobs.ts";
import { createMailer } from "#server/platform/mailer/mailer.ts";
import { isReferenced, sweepOrphans } from "#server/platform/storage/orphan-sweep.ts";
import { createDiskStorage, type Storage } from "#server/platform/storage/storage.ts";
import { drawDemoPictures } from "#server/seed/pictures.ts";
import { seedIfEmpty } from "#server/seed/seed.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { TEST_MEDIA_CACHE } from "../support/media-cache.ts";
import { createTestDatabase } from "../support/test-db.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let database: Database;
let root: string;
let storage: Storage;

async function allFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const v of ["public", "private"] as const) for await (const f of storage.list(v)) out.push(`${v}/${f.key}`);
  return out.sort();
}

async function age(visibility: "public" | "private", key: string, ms: number) {
  const when = new Date(Date.now() - ms);
  await utimes(path.join(root, visibility, key), when, when);
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), "solar-sweep-"));
  storage = createDiskStorage(root);
  await seedIfEmpty(database.db, storage, { media: true, mediaCache: TEST_MEDIA_CACHE });
  await drawDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE });
}, 180_000);
afterAll(async () => {
  await database?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe("the seeded demo", () => {
  it("loses no file to a sweep a day later, and every image of the home and product pages is still served", async () => {
    const before = await allFiles();
    expect(before.length).toBeGreaterThan(50);
    expect(before.some((f) => f.startsWith("private/dealer-documents/"))).toBe(true);
    expect(before.some((f) => f.startsWith("public/site/"))).toBe(true);

    const result = await sweepOrphans({ db: database.db, storage, now: new Date(Date.now() + DAY) });
    expect(result.removed).toEqual([]);
    expect(result.scanned).toBe(before.length);
    expect(await allFiles()).toEqual(before);

    // The pages, rendered by the built site, find every image they name.
    await ensureBuild();
    const dataDir = await mkdtemp(path.join(tmpdir(), "solar-sweep-app-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    const app = await buildApp({ config, database, storage, mailer: createMailer(config), web: "production" });
    try {
      const [product] = await database.db.select({ id: products.productId }).from(products).limit(1);
      const pages = ["/", "/products", `/product/${product?.id}`, "/about"];
      const media = new Set<string>();
      for (const url of pages) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        for (const m of res.body.matchAll(/\/media\/[A-Za-z0-9._%/-]+/g)) media.add(decodeURIComponent(m[0]));
      }
      expect(media.size).toBeGreaterThan(10);
      // AVIF twins are encoded from their WebP on request (slow): the WebP they come from is fetched instead.
      const fetched = new Set([...media].map((u) => u.replace(/-w(\d+)\.avif$/, "-w$1.webp")));
      for (const url of fetched) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
      }
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("sweepOrphans", () => {
  it("removes an hour-old orphan, keeps a fresh one, and never a referenced file, its variants or a private document", async () => {
    const img = Buffer.from("x");
    await storage.put("public", "products/orphan-old.webp", img);
    await storage.put("public", "products/orphan-old-w400.webp", img);
    await storage.put("public", "products/orphan-fresh.webp", img);
    await storage.put("private", "dealer-documents/99/orphan.webp", img);
    await storage.put("public", "products/half-written.webp.0123abcd.tmp", img);
    // Its upload queued the variants job before the process died: the job's payload is no reference.
    await queueImageVariants(database.db, "products", "orphan-old.webp");
    // A product's image with its stored and derived variants, all old.
    const [p] = await database.db.select({ id: products.productId, images: products.images }).from(products).limit(1);
    await database.db
      .update(products)
      .set({ images: ["kept-by-row.webp", ...(p?.images ?? [])] })
      .where(eq(products.productId, p?.id as number));
    for (const key of [
      "products/kept-by-row.webp",
      "products/kept-by-row-w400.webp",
      "products/kept-by-row-w800.avif",
      "products/kept-by-row-w1200.jpg",
    ]) {
      await storage.put("public", key, img);
      await age("public", key, 2 * HOUR);
    }
    const [doc] = await database.db.select({ key: dealerDocuments.storageKey }).from(dealerDocuments).limit(1);
    await age("private", doc?.key as string, 2 * HOUR);
    await age("public", "products/orphan-old.webp", 2 * HOUR);
    await age("public", "products/orphan-old-w400.webp", 2 * HOUR);
    await age("private", "dealer-documents/99/orphan.webp", 2 * HOUR);
    await age("public", "products/half-written.webp.0123abcd.tmp", 2 * HOUR);
    await age("public", "products/orphan-fresh.webp", 10 * 60 * 1000);

    const dry = await sweepOrphans({ db: database.db, storage, dryRun: true });
    expect(dry.removed.length).toBe(4);
    const result = await sweepOrphans({ db: database.db, storage });
    expect(result.removed.sort()).toEqual([
      "private/dealer-documents/99/orphan.webp",
      "public/products/half-written.webp.0123abcd.tmp",
      "public/products/orphan-old-w400.webp",
      "public/products/orphan-old.webp",
    ]);
    const left = await allFiles();
    expect(left).toContain("public/products/orphan-fresh.webp");
    expect(left).toContain("public/products/kept-by-row.webp");
    expect(left).toContain("public/products/kept-by-row-w400.webp");
    expect(left).toContain("public/products/kept-by-row-w800.avif");
    expect(left).toContain("public/products/kept-by-row-w1200.jpg");
    expect(left).toContain(`private/${doc?.key}`);
    await expect(stat(path.join(root, "public/products/orphan-old.webp"))).rejects.toThrow();

    // An hour later the fresh orphan goes too (now injected).
    const later = await sweepOrphans({ db: database.db, storage, now: new Date(Date.now() + HOUR) });
    expect(later.removed).toEqual(["public/products/orphan-fresh.webp"]);

    // Once its row lets go of it, the old image and its variants are swept.
    await database.db
      .update(products)
      .set({ images: p?.images ?? [] })
      .where(eq(products.productId, p?.id as number));
    const afterDelete = await sweepOrphans({ db: database.db, storage });
    expect(afterDelete.removed.sort()).toEqual([
      "public/products/kept-by-row-w1200.jpg",
      "public/products/kept-by-row-w400.webp",
      "public/products/kept-by-row-w800.avif",
      "public/products/kept-by-row.webp",
    ]);
  });

  it("matches by file name, whatever the folder, and treats image variants as their source", () => {
    const names = new Set(["a.webp", "dealer-documents/1/x.webp", "hero.webm"]);
    expect(isReferenced("products/a.webp", names)).toBe(true);
    expect(isReferenced("products/a-w400.avif", names)).toBe(true);
    expect(isReferenced("products/a-w800.jpg", names)).toBe(true);
    expect(isReferenced("dealer-documents/1/x.webp", names)).toBe(true);
    expect(isReferenced("site/hero.webm", names)).toBe(true);
    expect(isReferenced("products/b.webp", names)).toBe(false);
    expect(isReferenced("products/a.webp.12ab.tmp", names)).toBe(false);
  });
});
