import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "./ensure-build.ts";
import { type ServerProcess, startServer } from "./server-process.ts";
import { siteClient, testImage } from "./site-client.ts";

/**
 * `npm run backup` and `npm run restore` end to end, on PGlite and on PostgreSQL: the demo plus a user's order,
 * quote request, private dealer document and an admin's product image are backed up, restored into an empty
 * DATA_DIR / database, and the restored site serves all of it (same bytes, same passwords, fresh ids after).
 */
const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
export const pgServer = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function script(name: "backup" | "restore", env: Record<string, string>, args: string[]) {
  try {
    const { stdout, stderr } = await exec(tsx, [path.join(root, `scripts/${name}.ts`), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgServer, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The scenario, for one kind of database (skipped, with a message, when `skip`). */
export function backupRestoreSuite(kind: "pglite" | "postgres", skip: boolean) {
  beforeAll(() => (skip ? undefined : ensureBuild()), 300_000);
  describe(`backup and restore on ${kind}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    let source: { env: Record<string, string> };
    let target: { env: Record<string, string> };
    let archive: string;

    beforeAll(async () => {
      if (skip) return;
      const work = await mkdtemp(path.join(os.tmpdir(), `solar-backup-${kind}-`));
      cleanups.push(() => rm(work, { recursive: true, force: true }));
      archive = path.join(work, "site.tar.gz");
      source = { env: { DATA_DIR: path.join(work, "source") } };
      target = { env: { DATA_DIR: path.join(work, "target") } };
      if (kind === "postgres") {
        const admin = new pg.Client({ connectionString: pgServer });
        await admin.connect();
        const names = [`backup_src_${randomBytes(4).toString("hex")}`, `backup_dst_${randomBytes(4).toString("hex")}`];
        for (const n of names) await admin.query(`create database ${n}`);
        await admin.end();
        cleanups.push(async () => {
          const c = new pg.Client({ connectionString: pgServer });
          await c.connect();
          for (const n of names) await c.query(`drop database if exists ${n} with (force)`);
          await c.end();
        });
        const url = (n: string) => {
          const u = new URL(pgServer);
          u.pathname = `/${n}`;
          return u.toString();
        };
        source.env.DATABASE_URL = url(names[0] as string);
        target.env.DATABASE_URL = url(names[1] as string);
      }
    }, 60_000);

    afterAll(async () => {
      for (const c of cleanups.reverse()) await c().catch(() => {});
    });

    it.skipIf(skip)(
      "restores the data and the files into an empty target, and the site finds everything",
      async () => {
        let server: ServerProcess | null = await startServer(source.env, 120_000);
        cleanups.push(async () => server?.stop());
        const site = siteClient(server.url);
        const sourceUrl = server.url;
        const [dealer, admin, user] = [await site.login("dealer"), await site.login("admin"), await site.login("user")];
        const products = await site.productIds();
        const order = await site.placeOrder(dealer, products.slice(0, 2), "backup-order");
        const quoteId = await site.quote(products[0] as number, "backup-quote");
        const userId = (await site.me(user)).id;
        const documentId = await site.uploadDocument(user, userId, await testImage(1, 300, 200));
        const documentBytes = await site.bytes(`/api/dealer/documents/${documentId}/file`, user);
        const product = await site.addProduct(admin, `Backup Test Panel ${kind}`, await testImage(2));
        const imageUrl = `/media/products/${product.image}`;
        const imageBytes = await site.bytes(imageUrl);
        const variantUrl = imageUrl.replace(/\.webp$/, "-w400.webp");
        const variantBytes = await site.bytes(variantUrl);

        if (kind === "pglite") {
          // PGlite allows one process: backing up under a running server is refused, with the reason.
          const refused = await script("backup", source.env, ["--out", archive]);
          expect(refused.code).not.toBe(0);
          expect(refused.out).toContain("stop the server first");
          await server.stop();
          server = null;
        }
        // PostgreSQL is backed up while the server runs (one snapshot).
        const backup = await script("backup", source.env, ["--out", archive]);
        expect(backup.code, backup.out).toBe(0);
        expect(backup.out).toMatch(/Backup written to .*site\.tar\.gz: \d+ tables, \d+ rows, \d+ files/);
        console.info(`backup-restore (${kind}): ${backup.out.trim()}`);
        if (server) {
          await server.stop();
          server = null;
        }

        const restore = await script("restore", target.env, [archive]);
        expect(restore.code, restore.out).toBe(0);
        console.info(`backup-restore (${kind}): ${restore.out.trim()}`);
        // Not over a database that holds data, unless forced.
        const again = await script("restore", target.env, [archive]);
        expect(again.code).not.toBe(0);
        expect(again.out).toContain("not empty");
        const uploads = await readdir(path.join(target.env.DATA_DIR as string, "uploads", "private", "dealer-documents"), {
          recursive: true,
        });
        expect(uploads.length).toBeGreaterThan(0);

        server = await startServer(target.env, 120_000);
        const restored = siteClient(server.url, { sameDataAs: sourceUrl });
        // The same passwords still sign in.
        const [dealer2, admin2, user2] = [await restored.login("dealer"), await restored.login("admin"), await restored.login("user")];
        expect((await restored.me(user2)).id).toBe(userId);
        // The rows, through the API.
        const gotOrder = await restored.json<{ id: number; reference: string }>(
          await restored.call(`/api/orders/${order.id}`, { token: dealer2 }),
          200,
        );
        expect(gotOrder).toMatchObject({ id: order.id, reference: order.reference });
        const quotes = await restored.json<{ rows: { id: number }[] }>(
          await restored.call("/api/quotations/?q=backup%40example.com&pageSize=50", { token: admin2 }),
          200,
        );
        expect(quotes.rows.map((q) => q.id)).toContain(quoteId);
        const productRes = await restored.json<{ product_name: string; images: string }[]>(
          await restored.call(`/api/products/get-product-by-id/${product.id}`),
          200,
        );
        expect(productRes[0]).toMatchObject({ product_name: `Backup Test Panel ${kind}`, images: product.image });
        // The files, byte for byte: the private document through its service, the public image from /media.
        expect((await restored.bytes(`/api/dealer/documents/${documentId}/file`, user2)).equals(documentBytes)).toBe(true);
        expect((await restored.bytes(imageUrl)).equals(imageBytes)).toBe(true);
        expect((await restored.bytes(variantUrl)).equals(variantBytes)).toBe(true);
        // The sequences continue past the restored ids.
        const newQuote = await restored.quote(products[0] as number, "after-restore");
        expect(newQuote).toBeGreaterThan(quoteId);
        const newOrder = await restored.placeOrder(dealer2, products.slice(0, 1), "after-restore");
        expect(newOrder.id).toBeGreaterThan(order.id);
        await server.stop();
        server = null;
      },
      // Two servers, a backup and two restores: 2-3 minutes on a loaded two-core machine, more when it is slower.
      420_000,
    );
  });
}
