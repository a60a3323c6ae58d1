import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_MEDIA_CACHE } from "../support/media-cache.ts";
import { type LocalS3, startLocalS3 } from "../support/s3-server.ts";

const run = promisify(execFile);
let dataDir: string;
let s3: LocalS3;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "solar-startup-s3-"));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the server entry with an environment and returns how it ended. */
async function start(env: Record<string, string>) {
  try {
    const r = await run(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "0", SEED_MEDIA_CACHE: TEST_MEDIA_CACHE, ...s3.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("start-up with an S3 bucket it cannot use", () => {
  it("stops with one line when the bucket does not exist", async () => {
    const r = await start({ S3_BUCKET: "no-such-bucket" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      `Cannot start: Cannot use the S3 bucket "no-such-bucket" at ${s3.endpoint} (region us-east-1): it does not exist`,
    ]);
  });

  it("stops with one line, without the secret, when the key is refused", async () => {
    const r = await start({ S3_ACCESS_KEY_ID: "UNKNOWN", S3_SECRET_ACCESS_KEY: "very-secret-value" });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: Cannot use the S3 bucket "solar-test" at .*: access was refused \(check S3_ACCESS_KEY_ID/);
    expect(r.stdout + r.stderr).not.toContain("very-secret-value");
  });

  it("stops with one line when the endpoint does not answer", async () => {
    const r = await start({ S3_ENDPOINT: "http://127.0.0.1:1" });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: Cannot use the S3 bucket "solar-test" at http:\/\/127\.0\.0\.1:1 .*ECONNREFUSED/);
  });
});
