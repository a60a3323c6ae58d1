import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// `npm run demo:reset`: empties DATA_DIR for a fresh demo, never in production or on PostgreSQL.

const script = path.resolve(import.meta.dirname, "../../scripts/demo-reset.mjs");
const dirs: string[] = [];

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "solar-reset-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "db"));
  writeFileSync(path.join(dir, "db", "PG_VERSION"), "17\n");
  mkdirSync(path.join(dir, "outbox"));
  mkdirSync(path.join(dir, "backups"));
  writeFileSync(path.join(dir, "backups", "backup-1.tar.gz"), "x");
  return dir;
}

function reset(env: Record<string, string>, args: string[] = []) {
  const r = spawnSync(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("demo:reset", () => {
  it("refuses in production, saying why, and deletes nothing", () => {
    const productions: Record<string, string>[] = [
      { NODE_ENV: "production" },
      { NODE_ENV: "production", APP_ENV: "production" },
      { APP_ENV: "production" },
    ];
    for (const env of productions) {
      const dir = dataDir();
      const r = reset({ ...env, DATA_DIR: dir }, ["--yes"]);
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/^Not resetting: NODE_ENV \(or APP_ENV\) is production/);
      expect(existsSync(path.join(dir, "db", "PG_VERSION"))).toBe(true);
    }
  });

  it("refuses when DATABASE_URL is set (PostgreSQL), without printing the URL", () => {
    const dir = dataDir();
    const r = reset({ DATABASE_URL: "postgres://solar:pw-SECRET@db:5432/solar", DATA_DIR: dir }, ["--yes"]);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/^Not resetting: DATABASE_URL is set/);
    expect(r.out).not.toContain("pw-SECRET");
    expect(existsSync(path.join(dir, "db", "PG_VERSION"))).toBe(true);
  });

  it("asks first: without a terminal to answer on and without --yes, nothing is deleted", () => {
    const dir = dataDir();
    const r = reset({ DATA_DIR: dir });
    expect(r.status).toBe(1);
    expect(r.out).toContain("npm run demo:reset -- --yes");
    expect(existsSync(path.join(dir, "db", "PG_VERSION"))).toBe(true);
  });

  it("with --yes empties DATA_DIR and keeps the backups", () => {
    const dir = dataDir();
    const r = reset({ DATA_DIR: dir }, ["--yes"]);
    expect(r.status).toBe(0);
    expect(r.out).toContain("Demo reset");
    expect(existsSync(path.join(dir, "db"))).toBe(false);
    expect(existsSync(path.join(dir, "outbox"))).toBe(false);
    expect(existsSync(path.join(dir, "backups", "backup-1.tar.gz"))).toBe(true);
  });

  it("refuses a DATA_DIR that holds the project itself", () => {
    const r = reset({ DATA_DIR: path.resolve(import.meta.dirname, "../..") }, ["--yes"]);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/^Not resetting: DATA_DIR is /);
  });
});
