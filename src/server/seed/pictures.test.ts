// @module-tag db: runs on PostgreSQL too (decision 022): claims with FOR UPDATE SKIP LOCKED
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageVariantName, MEDIA_FOLDERS } from "#shared/media.ts";
import { TEST_MEDIA_CACHE } from "../../../tests/support/media-cache.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { products } from "../db/schema/catalogue.ts";
import { dealerDocuments } from "../db/schema/dealers.ts";
import { demoPictures } from "../db/schema/demo-pictures.ts";
import { createMailer } from "../platform/mailer/mailer.ts";
import { withPendingFiles } from "../platform/storage/pending-files.ts";
import { createDiskStorage, type Storage } from "../platform/storage/storage.ts";
import { badgeSvg, documentSvg, portraitSvg, setRenderCache } from "./artwork.ts";
import { openDemoPictures, type Picture, recordPictures } from "./pictures.ts";
import { seedIfEmpty } from "./seed.ts";

/** The demo's pictures drawn after the site is up (decision 027): recorded by the seed, drawn once each, resumable. */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  setRenderCache(undefined);
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fresh(opts: { seeded?: boolean } = {}): Promise<{ database: Database; root: string }> {
  const database = await createTestDatabase(opts);
  const root = await mkdtemp(path.join(tmpdir(), "solar-pictures-"));
  cleanups.push(
    () => database.close(),
    () => rm(root, { recursive: true, force: true }),
  );
  return { database, root };
}

/** Disk storage that counts the writes of each file and can act on each. */
function counting(root: string, onPut?: (key: string) => void) {
  const base = createDiskStorage(root);
  const puts = new Map<string, number>();
  const storage: Storage = {
    ...base,
    async put(visibility, key, body) {
      puts.set(`${visibility}/${key}`, (puts.get(`${visibility}/${key}`) ?? 0) + 1);
      await base.put(visibility, key, body);
      onPut?.(key);
    },
  };
  return { storage, puts };
}

const team = (n: number): Picture[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `${MEDIA_FOLDERS.team}/person-${i}.webp`,
    visibility: "public",
    widths: true,
    svg: portraitSvg(`Person ${i}`, i),
  }));

/** The files one picture of IMAGE_WIDTHS makes: the plain name and each width. */
const filesOf = (key: string) => [`public/${key}`, ...IMAGE_WIDTHS.map((w) => `public/${imageVariantName(key, w)}`)];

const rowsLeft = async (database: Database) => (await database.db.select({ n: count() }).from(demoPictures))[0]?.n ?? 0;

describe("the first start", () => {
  it("writes every row of the demo and records its pictures without drawing one", async () => {
    const { database, root } = await fresh();
    const storage = createDiskStorage(root);
    const created = await seedIfEmpty(database.db, storage, { media: true, mediaCache: TEST_MEDIA_CACHE });
    expect(created).not.toBeNull();
    // The rows are all there, naming their pictures…
    const [product] = await database.db.select().from(products).limit(1);
    expect(product?.images.length).toBeGreaterThan(0);
    // …which are recorded, not drawn: no picture file yet, public or private.
    const recorded = await database.db.select().from(demoPictures);
    expect(recorded.length).toBeGreaterThan(150);
    expect(recorded.map((p) => p.key)).toContain(`${MEDIA_FOLDERS.products}/${product?.images[0]}`);
    await expect(readdir(path.join(root, "public", MEDIA_FOLDERS.products))).rejects.toThrow();
    expect(await readdir(path.join(root, "private"))).not.toContain("dealer-documents");
    // The pages' pictures come first, the private documents last.
    const ordered = [...recorded].sort((a, b) => a.seq - b.seq).map((p) => p.visibility);
    expect(ordered.indexOf("private")).toBe(ordered.lastIndexOf("public") + 1);
    // The files that cost nothing to make are there: the datasheets and the site's film and still.
    expect((await readdir(path.join(root, "public", MEDIA_FOLDERS.datasheets))).length).toBeGreaterThan(40);
    expect((await readdir(path.join(root, "public", MEDIA_FOLDERS.site))).length).toBe(3);
  });
});

describe("drawing in the background", () => {
  it("draws every picture once, at each width, deletes its row and writes a specimen document's size", async () => {
    // The seeded snapshot: the demo's rows, its dealer documents without their files.
    const { database, root } = await fresh({ seeded: true });
    const [doc] = await database.db.select().from(dealerDocuments).limit(1);
    expect(doc?.sizeBytes).toBe(0);
    const pictures = [
      ...team(3),
      { key: doc?.storageKey as string, visibility: "private" as const, widths: false, svg: documentSvg("Certificate", "Sunrise Solar") },
    ];
    await recordPictures(database.db, pictures);
    const { storage, puts } = counting(root);
    const drawer = await openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, releaseClaims: true });
    expect(drawer.size).toBe(4);
    expect(await drawer.drawAll()).toBe(4);
    expect(drawer.size).toBe(0);
    expect(await rowsLeft(database)).toBe(0);
    for (const p of team(3)) {
      for (const width of IMAGE_WIDTHS) {
        expect((await sharp(path.join(root, "public", imageVariantName(p.key, width))).metadata()).width).toBe(width);
      }
      expect((await sharp(path.join(root, "public", p.key)).metadata()).format).toBe("webp");
    }
    const body = await readFile(path.join(root, "private", doc?.storageKey as string));
    const [after] = await database.db
      .select()
      .from(dealerDocuments)
      .where(eq(dealerDocuments.id, doc?.id as number));
    expect(after?.sizeBytes).toBe(body.length);
    expect([...puts.values()].every((n) => n === 1)).toBe(true);
    expect(puts.size).toBe(3 * 4 + 1);
    // Nothing left: a later start finds nothing to draw.
    expect((await openDemoPictures(database.db, storage)).size).toBe(0);
  });

  it("stopped part-way (the server stopped), a restart draws the rest and nothing twice", async () => {
    const { database, root } = await fresh();
    await recordPictures(database.db, team(6));
    let stored = 0;
    let first: Awaited<ReturnType<typeof openDemoPictures>> | undefined;
    const { storage, puts } = counting(root, (key) => {
      // The plain name is written last: the second picture is complete; stop while nothing else is half done.
      if (!/-w\d+\.webp$/.test(key) && ++stored === 2) void first?.stop();
    });
    first = await openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, releaseClaims: true });
    expect(await first.drawAll()).toBe(2);
    expect(await rowsLeft(database)).toBe(4);

    const restarted = await openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, releaseClaims: true });
    expect(restarted.size).toBe(4);
    expect(await restarted.drawAll()).toBe(4);
    expect(await rowsLeft(database)).toBe(0);
    expect([...puts.keys()].sort()).toEqual(
      team(6)
        .flatMap((p) => filesOf(p.key))
        .sort(),
    );
    expect([...puts.values()].every((n) => n === 1)).toBe(true);
  });

  it("a picture claimed by a process that died is drawn once its claim runs out, or at once after PGlite's restart", async () => {
    const { database, root } = await fresh();
    await recordPictures(database.db, team(2));
    const [claimed] = team(1);
    await database.db
      .update(demoPictures)
      .set({ claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(demoPictures.key, claimed?.key as string));
    const { storage, puts } = counting(root);
    // Its claim still holds: another process is drawing it (this one draws the other and waits no longer, its clock
    // moved past the claim).
    let clock = Date.now();
    const other = await openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, now: () => new Date(clock), pollMs: 50 });
    const drawing = other.drawAll();
    await expect.poll(() => rowsLeft(database)).toBe(1);
    expect(puts.has(`public/${claimed?.key}`)).toBe(false);
    clock += 61_000;
    expect(await drawing).toBe(2);
    expect(puts.get(`public/${claimed?.key}`)).toBe(1);

    // On PGlite, a claim found at start is this process's own from before it stopped: drawn at once.
    await recordPictures(database.db, [{ ...(claimed as Picture), key: `${MEDIA_FOLDERS.team}/again.webp` }]);
    await database.db.update(demoPictures).set({ claimedUntil: new Date(Date.now() + 60_000) });
    const restarted = await openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, releaseClaims: true });
    expect(await restarted.drawAll()).toBe(1);
    expect(await rowsLeft(database)).toBe(0);
  });

  it("two processes on one database draw each picture once between them", async () => {
    const { database, root } = await fresh();
    await recordPictures(database.db, team(8));
    const { storage, puts } = counting(root);
    // Each looks again every 50 ms (5 s in the server) while the other holds the last claims.
    const [a, b] = await Promise.all([
      openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, pollMs: 50 }),
      openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, pollMs: 50 }),
    ]);
    const [byA, byB] = await Promise.all([a.drawAll(), b.drawAll({ parallel: 2 })]);
    expect(byA + byB).toBe(8);
    expect(puts.size).toBe(8 * 4);
    expect([...puts.values()].every((n) => n === 1)).toBe(true);
    // B never drew some of A's: they are no longer pending for it either.
    expect(a.size + b.size).toBe(0);
  });
});

describe("a request before the picture is drawn", () => {
  it("draws it at once and serves it: the stored widths, their AVIF twins, a private document; /readyz counts the rest", async () => {
    const { database, root } = await fresh({ seeded: true });
    const [doc] = await database.db.select().from(dealerDocuments).limit(1);
    const [award, photo, other] = [0, 1, 2].map((i) => ({
      key: `${MEDIA_FOLDERS.awards}/award-${i}.webp`,
      visibility: "public" as const,
      widths: true,
      svg: badgeSvg(`Award ${i}`, 2020 + i, i),
    }));
    const privateDoc = {
      key: doc?.storageKey as string,
      visibility: "private" as const,
      widths: false,
      svg: documentSvg("ID", "Sunrise Solar"),
    };
    await recordPictures(database.db, [award, photo, other, privateDoc] as Picture[]);
    const { storage, puts } = counting(root);
    const pending = await openDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE, releaseClaims: true });
    const dataDir = await mkdtemp(path.join(tmpdir(), "solar-pictures-app-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    const app = await buildApp({ config, database, storage, mailer: createMailer(config), web: false, pendingFiles: pending });
    cleanups.push(() => app.close());

    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({ status: "ready", pictures_to_draw: 4 });
    // A stored width, read from disk (@fastify/static).
    const webp = await app.inject({ method: "GET", url: `/media/${imageVariantName(award?.key as string, 800)}` });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(800);
    // An AVIF twin, encoded from the width the request had drawn first.
    const avif = await app.inject({ method: "GET", url: `/media/${imageVariantName(photo?.key as string, 400, "avif")}` });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    // A private document, read through the services' storage.
    const read = withPendingFiles(storage, pending);
    expect(await read.exists("private", privateDoc.key)).toBe(true);
    expect(await rowsLeft(database)).toBe(1);
    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({ pictures_to_draw: 1 });
    // The background draws what is left, and none again.
    expect(await pending.drawAll()).toBe(1);
    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready", database: database.kind });
    expect([...puts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    // A file no picture makes is still a plain miss.
    expect((await app.inject({ method: "GET", url: "/media/awards/no-such-w800.webp" })).statusCode).toBe(404);
  });
});
