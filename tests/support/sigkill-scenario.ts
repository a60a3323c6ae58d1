import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { DEFAULT_PRODUCT_IMAGE } from "#shared/media.ts";
import { orderReference } from "#shared/schemas/orders.ts";
import { pgServer } from "./backup-scenario.ts";
import { ensureBuild } from "./ensure-build.ts";
import { picturesDrawn, type ServerProcess, startServer } from "./server-process.ts";
import { siteClient, testImage } from "./site-client.ts";

/**
 * The server killed with SIGKILL in the middle of uploads, writes and sign-ups, on PGlite (the default, where a kill
 * mid-write is most dangerous) and on PostgreSQL (a throwaway database on DATABASE_URL's server or 127.0.0.1:5432):
 * it starts again on the same data, and the data is whole: no order without lines, no document row without its file,
 * no product image named that is not stored, no orphan file older than an hour, and every committed quote request,
 * sign-up and order has its mail job (queued in its transaction, decision 007).
 */
const HOUR = 60 * 60 * 1000;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export function sigkillSuite(kind: "pglite" | "postgres", skip: boolean) {
  describe(`SIGKILL during uploads and writes (${kind === "pglite" ? "PGlite" : "PostgreSQL"})`, () => {
    let dataDir: string;
    let server: ServerProcess | null = null;
    let database: Database | null = null;
    let env: Record<string, string>;
    let databaseUrl: string | undefined;
    let dropDatabase: (() => Promise<void>) | null = null;

    beforeAll(async () => {
      if (skip) return;
      await ensureBuild();
      dataDir = await mkdtemp(path.join(os.tmpdir(), `solar-sigkill-${kind}-`));
      env = { DATA_DIR: dataDir, FORMS_PER_HOUR: "1000000", SIGNUPS_PER_HOUR: "10000" };
      if (kind === "postgres") {
        const name = `sigkill_${randomBytes(4).toString("hex")}`;
        const admin = new pg.Client({ connectionString: pgServer });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(pgServer);
        u.pathname = `/${name}`;
        databaseUrl = u.toString();
        env.DATABASE_URL = databaseUrl;
        dropDatabase = async () => {
          const c = new pg.Client({ connectionString: pgServer });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        };
      }
    }, 300_000);

    afterAll(async () => {
      await server?.stop();
      await database?.close();
      await dropDatabase?.().catch(() => {});
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it.skipIf(skip)(
      "restarts on the same data and finds it consistent, with every answered write kept and every mail queued",
      async () => {
        server = await startServer(env, 120_000);
        // The demo's pictures are drawn after the start (decision 027): the writes below start on a complete demo.
        await picturesDrawn(server.url, 180_000);
        const site = siteClient(server.url);
        const [dealer, admin, user] = [await site.login("dealer"), await site.login("admin"), await site.login("user")];
        const userId = (await site.me(user)).id;
        const products = await site.productIds();
        const images = await Promise.all([1, 2, 3, 4].map((n) => testImage(n, 1600, 1200)));

        const answered = {
          orders: [] as number[],
          quotes: [] as number[],
          documents: [] as number[],
          products: [] as number[],
          signups: [] as string[],
        };
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
            answered.quotes.push(
              await site.quote(products[n % products.length] as number, `sigkill-quote-${n}`, `sigkill-quote-${n}@example.com`),
            );
          }),
          loop(async (n) => {
            const username = `sigkill-signup-${n}`;
            const email = `${username}@example.com`;
            const res = await site.call("/api/auth/register", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ fullName: "Sigkill Signup", username, email, password: `lantern-kopje-${n}-baobab` }),
            });
            if (res.status !== 201) throw new Error(`sign-up ${n}: ${res.status} ${await res.text()}`);
            answered.signups.push(email);
          }),
          loop(async (n) => {
            answered.documents.push(await site.uploadDocument(user, userId, images[n % 4] as Buffer));
          }),
          loop(async (n) => {
            answered.products.push((await site.addProduct(admin, `Sigkill Panel ${n}`, images[(n + 1) % 4] as Buffer)).id);
          }),
        ];
        // Let the writes flow until each kind has been answered at least once (a fixed few seconds were not always
        // enough for a product with its image on a busy machine), then kill the server while requests are in flight.
        const flowing = Date.now();
        while (Object.values(answered).some((list) => list.length === 0) && Date.now() - flowing < 90_000) {
          await new Promise((r) => setTimeout(r, 100));
        }
        await new Promise((r) => setTimeout(r, 1000));
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
        expect(answered.signups.length).toBeGreaterThan(0);

        // An hour and more goes by (every stored file made two hours older): the start-up sweep may now remove orphans.
        const uploads = path.join(dataDir, "uploads");
        // Besides whatever the kill left, one file surely no row names: as if an upload died before its commit.
        await writeFile(path.join(uploads, "public", "products", "planted-orphan-w400.webp"), "x");
        await writeFile(path.join(uploads, "private", "dealer-documents", "planted-orphan.webp"), "x");
        const past = new Date(Date.now() - 2 * HOUR);
        for (const f of await filesUnder(uploads)) await utimes(path.join(uploads, f), past, past);

        // It starts again on the same data (PGlite recovers its DATA_DIR; PostgreSQL ended the killed sessions), and serves
        // what it answered for.
        const startedAt = Date.now();
        server = await startServer(env, 120_000);
        const restartMs = Date.now() - startedAt;
        const swept = Number(/orphan sweep removed (\d+) file/.exec(server.output())?.[1] ?? 0);
        expect(swept).toBeGreaterThanOrEqual(2);
        const again = siteClient(server.url, { sameDataAs: site.baseUrl });
        const dealer2 = await again.login("dealer");
        for (const id of answered.orders)
          expect((await again.call(`/api/orders/${id}`, { token: dealer2 })).status, `order ${id}`).toBe(200);
        for (const id of answered.products)
          expect((await again.call(`/api/products/get-product-by-id/${id}`)).status, `product ${id}`).toBe(200);
        await server.stop();
        server = null;

        // The database itself, opened after a clean stop.
        database = await openDatabase({ databaseUrl, dataDir });
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
        // Private files: the dealer documents and the orders' proofs of payment.
        const proofs = await q<{ storage_key: string }>("select storage_key from order_payment_proofs");
        expect(proofs.filter((p) => !privateFiles.has(p.storage_key)).map((p) => p.storage_key)).toEqual([]);
        const documentKeys = new Set([...documents.map((d) => d.storage_key), ...proofs.map((p) => p.storage_key)]);
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

        // Every committed quote request, sign-up and order has its mail job, whether or not its answer got out before the
        // kill: the job was written in the change's transaction (decision 007).
        const mailJobs = await q<{ payload: { to?: string; replyTo?: string; subject?: string; text?: string } }>(
          "select payload from jobs where kind = 'mail.send'",
        );
        const mailed = new Set(mailJobs.flatMap((j) => [j.payload.to, j.payload.replyTo]).filter(Boolean));
        const mailTexts = mailJobs.map((j) => `${j.payload.subject ?? ""}\n${j.payload.text ?? ""}`).join("\n");
        const quoteRows = await q<{ id: number; requester_email: string }>(
          "select id, requester_email from quotations where notes like 'sigkill-quote-%'",
        );
        expect(quoteRows.filter((r) => !mailed.has(r.requester_email)).map((r) => r.id)).toEqual([]);
        const signupRows = await q<{ email: string }>("select email from users where username like 'sigkill-signup-%'");
        const signupEmails = new Set(signupRows.map((r) => r.email));
        expect(answered.signups.filter((e) => !signupEmails.has(e))).toEqual([]);
        expect(signupRows.filter((r) => !mailed.has(r.email)).map((r) => r.email)).toEqual([]);
        const orderRows = await q<{ id: number; created_at: string }>(
          "select id, created_at from orders where notes like 'sigkill-order-%'",
        );
        expect(orderRows.filter((o) => !mailTexts.includes(orderReference(o.id, o.created_at))).map((o) => o.id)).toEqual([]);

        const firstImage = [...imageNames][0] as string;
        expect((await stat(path.join(uploads, "public", "products", firstImage))).isFile()).toBe(true);
        console.info(
          `sigkill (${kind}): answered ${answered.orders.length} orders, ${answered.quotes.length} quotes, ${answered.signups.length} sign-ups, ` +
            `${answered.documents.length} documents, ${answered.products.length} products before the kill (committed: ${orderRows.length} orders, ` +
            `${quoteRows.length} quotes, ${signupRows.length} sign-ups, all with their mail jobs); restart took ${restartMs} ms and swept ` +
            `${swept} orphan file(s) (2 planted)`,
        );
      },
      240_000,
    );
  });
}
