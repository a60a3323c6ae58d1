import { mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { DEFAULT_PRODUCT_IMAGE } from "#shared/media.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { type ServerProcess, startServer } from "../support/server-process.ts";
import { siteClient, testImage } from "../support/site-client.ts";

/**
 * The server killed with SIGKILL in the middle of uploads and writes, on PGlite (the default, where a kill mid-write
 * is most dangerous): it starts again on the same DATA_DIR, and the data is whole: no order without lines, no
 * document row without its file, no product image named that is not stored, no orphan file older than an hour.
 */
const HOUR = 60 * 60 * 1000;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

describe("SIGKILL during uploads and writes (PGlite)", () => {
  let dataDir: string;
  let server: ServerProcess | null = null;
  let database: Database | null = null;

  beforeAll(async () => {
    await ensureBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "solar-sigkill-"));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("restarts on the same data and finds it consistent, with every answered write kept", async () => {
    server = await startServer({ DATA_DIR: dataDir, FORMS_PER_HOUR: "1000000" }, 120_000);
    const site = siteClient(server.url);
    const [dealer, admin, user] = [await site.login("dealer"), await site.login("admin"), await site.login("user")];
    const userId = (await site.me(user)).id;
    const products = await site.productIds();
    const images = await Promise.all([1, 2, 3, 4].map((n) => testImage(n, 1600, 1200)));

    const answered = { orders: [] as number[], quotes: [] as number[], documents: [] as number[], products: [] as number[] };
    let killed = false;
    const loop = async (step: (n: number) => Promise<void>) => {
      for (let n = 0; !killed; n++) {
        try {
          await step(n);
        } catch {
          // Requests cut off by the kill.
        }
      }
    };
    const work = [
      loop(async (n) => {
        answered.orders.push((await site.placeOrder(dealer, products.slice(0, 2), `sigkill-order-${n}`)).id);
      }),
      loop(async (n) => {
        answered.quotes.push(await site.quote(products[n % products.length] as number, `sigkill-quote-${n}`));
      }),
      loop(async (n) => {
        answered.documents.push(await site.uploadDocument(user, userId, images[n % 4] as Buffer));
      }),
      loop(async (n) => {
        answered.products.push((await site.addProduct(admin, `Sigkill Panel ${n}`, images[(n + 1) % 4] as Buffer)).id);
      }),
    ];
    // Let the writes flow, then kill the server while requests are in flight.
    await new Promise((r) => setTimeout(r, 4000));
    const child = server.child;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    killed = true;
    await Promise.all(work);
    server = null;
    expect(answered.orders.length).toBeGreaterThan(0);
    expect(answered.quotes.length).toBeGreaterThan(0);
    expect(answered.documents.length).toBeGreaterThan(0);
    expect(answered.products.length).toBeGreaterThan(0);

    // An hour and more goes by (every stored file made two hours older): the start-up sweep may now remove orphans.
    const uploads = path.join(dataDir, "uploads");
    // Besides whatever the kill left, one file surely no row names: as if an upload died before its commit.
    await writeFile(path.join(uploads, "public", "products", "planted-orphan-w400.webp"), "x");
    await writeFile(path.join(uploads, "private", "dealer-documents", "planted-orphan.webp"), "x");
    const past = new Date(Date.now() - 2 * HOUR);
    for (const f of await filesUnder(uploads)) await utimes(path.join(uploads, f), past, past);

    // It starts again on the same DATA_DIR (PGlite recovers), and serves what it answered for.
    const startedAt = Date.now();
    server = await startServer({ DATA_DIR: dataDir, FORMS_PER_HOUR: "1000000" }, 120_000);
    const restartMs = Date.now() - startedAt;
    const swept = Number(/orphan sweep removed (\d+) file/.exec(server.output())?.[1] ?? 0);
    expect(swept).toBeGreaterThanOrEqual(2);
    const again = siteClient(server.url, { sameDataAs: site.baseUrl });
    const dealer2 = await again.login("dealer");
    for (const id of answered.orders) expect((await again.call(`/api/orders/${id}`, { token: dealer2 })).status, `order ${id}`).toBe(200);
    for (const id of answered.products)
      expect((await again.call(`/api/products/get-product-by-id/${id}`)).status, `product ${id}`).toBe(200);
    await server.stop();
    server = null;

    // The database itself, opened after a clean stop.
    database = await openDatabase({ databaseUrl: undefined, dataDir });
    const db = database.db;
    const q = async <T>(text: string) => rowsOf<T>(await db.execute(sql.raw(text)));
    expect(await q("select id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)")).toEqual([]);
    expect(
      await q("select id from quotations q where not exists (select 1 from quotation_products p where p.quotation_id = q.id)"),
    ).toEqual([]);
    const orderIds = new Set((await q<{ id: number }>("select id from orders")).map((r) => r.id));
    expect(answered.orders.filter((id) => !orderIds.has(id))).toEqual([]);
    const quoteIds = new Set((await q<{ id: number }>("select id from quotations")).map((r) => r.id));
    expect(answered.quotes.filter((id) => !quoteIds.has(id))).toEqual([]);
    const productRows = await q<{ product_id: number; images: string[]; datasheet: string | null }>(
      "select product_id, images, datasheet from products",
    );
    const productIds = new Set(productRows.map((r) => r.product_id));
    expect(answered.products.filter((id) => !productIds.has(id))).toEqual([]);
    // Each upload replaces the applicant's tax clearance: the one on file is the last answered or a later one.
    const documents = await q<{ id: number; storage_key: string; kind: string; user_id: number }>(
      "select d.id, d.storage_key, d.kind, r.user_id from dealer_documents d join dealers r on r.id = d.dealer_id",
    );
    const tax = documents.filter((d) => d.user_id === userId && d.kind === "tax_clearance");
    expect(tax).toHaveLength(1);
    expect(tax[0]?.id).toBeGreaterThanOrEqual(Math.max(...answered.documents));

    // Every row's files are stored; every stored file belongs to a row (orphans older than an hour were swept).
    const privateFiles = new Set(await filesUnder(path.join(uploads, "private")));
    const publicFiles = new Set(await filesUnder(path.join(uploads, "public")));
    expect(documents.filter((d) => !privateFiles.has(d.storage_key)).map((d) => d.storage_key)).toEqual([]);
    const documentKeys = new Set(documents.map((d) => d.storage_key));
    expect([...privateFiles].filter((f) => !documentKeys.has(f))).toEqual([]);
    const imageNames = new Set(productRows.flatMap((r) => r.images));
    const missingImages = [...imageNames].filter((name) => name !== DEFAULT_PRODUCT_IMAGE && !publicFiles.has(`products/${name}`));
    expect(missingImages).toEqual([]);
    const datasheets = productRows.map((r) => r.datasheet).filter((d): d is string => !!d);
    expect(datasheets.filter((d) => !publicFiles.has(`datasheets/${d}`))).toEqual([]);
    const strayProductFiles = [...publicFiles]
      .filter((f) => f.startsWith("products/"))
      .map((f) => f.slice("products/".length))
      .map((name) => name.replace(/-w\d+\.(webp|avif|jpg)$/, ".webp"))
      .filter((base) => !imageNames.has(base) && base !== DEFAULT_PRODUCT_IMAGE);
    expect(strayProductFiles).toEqual([]);
    const datasheetSet = new Set(datasheets);
    expect([...publicFiles].filter((f) => f.startsWith("datasheets/") && !datasheetSet.has(f.slice("datasheets/".length)))).toEqual([]);
    expect([...publicFiles, ...privateFiles].filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(publicFiles.has("products/planted-orphan-w400.webp")).toBe(false);
    expect(privateFiles.has("dealer-documents/planted-orphan.webp")).toBe(false);
    const firstImage = [...imageNames][0] as string;
    expect((await stat(path.join(uploads, "public", "products", firstImage))).isFile()).toBe(true);
    console.info(
      `sigkill: answered ${answered.orders.length} orders, ${answered.quotes.length} quotes, ${answered.documents.length} documents, ` +
        `${answered.products.length} products before the kill; restart took ${restartMs} ms and swept ${swept} orphan file(s) (2 planted)`,
    );
  }, 240_000);
});
