import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { users } from "#server/db/schema/accounts.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { TEST_MEDIA_CACHE } from "../support/media-cache.ts";
import { createTestDatabase } from "../support/test-db.ts";

const run = promisify(execFile);
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "solar-startup-"));
  // The demo accounts and rows are there already (the run's seeded snapshot): the server starts on them without
  // generating the demo's images, which these tests do not look at.
  // (On CI's PostgreSQL pass the snapshot is a template database: the server seeds the PGlite directory itself.)
  const seeded = await createTestDatabase({ seeded: true });
  const tarball = await seeded.dump?.();
  await seeded.close();
  if (tarball) await (await openDatabase({ databaseUrl: undefined, dataDir }, { loadDataDir: tarball })).close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Starts the server entry with an environment and returns how it ended. */
async function start(env: Record<string, string>) {
  try {
    const r = await run(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SEED_MEDIA_CACHE: TEST_MEDIA_CACHE, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// A failed start still loads the whole server first: 7-14 s on a loaded two-core machine, so more than the 30 s default.
describe("start-up with a bad configuration", { timeout: 90_000 }, () => {
  it("stops with one clear line naming PORT", async () => {
    const r = await start({ PORT: "abc" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('Cannot start: Invalid PORT="abc": Invalid input: expected number, received NaN');
  });

  it("stops with one clear line when DATABASE_URL is unreachable", async () => {
    const r = await start({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nothing" });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot start: Cannot connect to DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:1\/nothing\): .*ECONNREFUSED/,
    );
  });

  it("refuses production mode without SITE_URL", async () => {
    const r = await start({ NODE_ENV: "production" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Cannot start: Missing SITE_URL/);
  });
});

describe("production start-up", () => {
  it("refuses to start while demo accounts keep their demo passwords, and starts once they are changed", async () => {
    const env = { NODE_ENV: "production", SITE_URL: "https://solar.example", PORT: "0" };
    const refused = await start(env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'Cannot start: Refusing to start in production: demo account(s) super, admin, dealer, user, sales, warehouse, accounts, content, buyer, technician still use their demo passwords; change them with "npm run set-password -- <username>"',
    );
    for (const username of ["super", "admin", "dealer", "buyer", "technician", "sales", "warehouse", "accounts", "content"]) {
      const r = await run(process.execPath, ["--import", "tsx", "scripts/set-password.ts", username], {
        // Strong and free of the account's own words (decision 010).
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, NEW_PASSWORD: `Msasa-kopje-${username.length}-sunrise-1987` },
      });
      expect(r.stdout).toContain(`Password of ${username} changed`);
    }
    const stillOne = await start(env);
    expect(stillOne.stderr.trim()).toMatch(/demo account\(s\) user still use/);
  }, 360_000);
});

describe("production start-up after renaming a demo account (issue 16, M5)", () => {
  // After the test above: the same database, where only `user` keeps its demo password.
  it("still refuses while a renamed admin has a demo password", async () => {
    const env = { NODE_ENV: "production", SITE_URL: "https://solar.example", PORT: "0" };
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }));
    await database.db
      .update(users)
      .set({ username: "rudo", email: "rudo@company.example", passwordHash: await hashPassword("demo-admin-2026") })
      .where(eq(users.username, "admin"));
    await database.close();
    const refused = await start(env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^Cannot start: Refusing to start in production: demo account\(s\) rudo, user still use/);
  }, 360_000);
});
