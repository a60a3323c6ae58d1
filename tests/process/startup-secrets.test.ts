import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_MEDIA_CACHE } from "../support/media-cache.ts";

// L6: a URL-typed setting that stops the start (a wrong scheme, a malformed URL, a server that does not answer) is
// named in the error with its password masked.

const run = promisify(execFile);
const PASSWORD = "S3cretPw";
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "solar-startup-secrets-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function start(env: Record<string, string>) {
  try {
    const r = await run(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "trace", SEED_MEDIA_CACHE: TEST_MEDIA_CACHE, ...env },
      timeout: 60_000,
    });
    return { code: 0, output: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

const cases: [string, Record<string, string>, RegExp][] = [
  [
    "DATABASE_URL, wrong scheme",
    { DATABASE_URL: `mysql://u:${PASSWORD}@db.example/solar` },
    /Invalid DATABASE_URL="mysql:\/\/u:\*\*\*@db\.example/,
  ],
  ["DATABASE_URL, unreachable", { DATABASE_URL: `postgres://u:${PASSWORD}@127.0.0.1:1/solar` }, /Cannot connect to DATABASE_URL/],
  ["SMTP_URL, wrong scheme", { SMTP_URL: `http://u:${PASSWORD}@mail.example` }, /Invalid SMTP_URL="http:\/\/u:\*\*\*@mail\.example/],
  ["S3_ENDPOINT, not a URL", { S3_ENDPOINT: `http://u:${PASSWORD}@[not-a-host` }, /Invalid S3_ENDPOINT/],
  [
    "S3_ENDPOINT, unreachable",
    { S3_ENDPOINT: `http://u:${PASSWORD}@127.0.0.1:1`, S3_BUCKET: "files", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" },
    /Cannot use the S3 bucket "files" at http:\/\/u:\*\*\*@127\.0\.0\.1:1/,
  ],
];

describe("start-up errors never print a URL's password (L6)", () => {
  for (const [name, env, expected] of cases) {
    it(name, async () => {
      const r = await start(env);
      expect(r.code, r.output).toBe(1);
      expect(r.output).toMatch(expected);
      expect(r.output).not.toContain(PASSWORD);
    }, 90_000);
  }
});
