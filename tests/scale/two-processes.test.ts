import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { file, multipart } from "../support/multipart.ts";
import { type LocalS3, startLocalS3 } from "../support/s3-server.ts";
import { picturesDrawn, type ServerProcess, startServer } from "../support/server-process.ts";
import { nextDemoTotp } from "../support/totp.ts";

// The scale-out path (docs/deployment.md): two server processes on different ports sharing one PostgreSQL database
// and one S3-compatible bucket, and nothing else (each has its own DATA_DIR). Whatever one process does, the other
// sees: sessions, files, brute-force counters.

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const reachable = await postgresReachable();
if (!reachable) {
  console.warn(`tests/scale/two-processes.test.ts skipped: PostgreSQL is not reachable at ${new URL(serverUrl).host}`);
}

const account = (role: string) => {
  const a = DEMO_ACCOUNTS.find((d) => d.role === role);
  if (!a) throw new Error(`no demo ${role}`);
  return a;
};

describe.skipIf(!reachable)("two server processes on one PostgreSQL and one S3 bucket", () => {
  const name = `scale_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const dataDirs: string[] = [];
  let s3: LocalS3;
  let a: ServerProcess;
  let b: ServerProcess;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await ensureBuild();
    await admin(`create database ${name}`);
    s3 = await startLocalS3();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const env = async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "solar-scale-"));
      dataDirs.push(dataDir);
      return { DATABASE_URL: url.toString(), DATA_DIR: dataDir, ...s3.env };
    };
    // Started together on an empty database: one migrates and seeds, the other waits its turn and finds it done.
    [a, b] = await Promise.all([startServer(await env(), 240_000), startServer(await env(), 240_000)]);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  // As an API client (no Origin): only API clients get the session token in the JSON.
  const login = (server: ServerProcess, role: string, password?: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: account(role).username, password: password ?? account(role).password }),
    });

  it("both start, on different ports; the database is seeded once", () => {
    expect(a.url).not.toBe(b.url);
    const seeded = [a, b].filter((s) => s.output().includes("Demo accounts"));
    expect(seeded).toHaveLength(1);
    for (const s of [a, b]) expect(s.output()).toMatch(/Site ready at .* \(postgres, /);
  });

  it("a session made on one is valid on the other, and signing out on one ends it on both", async () => {
    const res = await login(a, "user");
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0];
    expect(cookie).toBeDefined();
    const me = await fetch(`${b.url}/api/auth/me`, { headers: { cookie: String(cookie) } });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe("user");

    const out = await fetch(`${b.url}/api/auth/logout`, { method: "POST", headers: { cookie: String(cookie), origin: b.url } });
    expect(out.status).toBe(200);
    expect((await fetch(`${a.url}/api/auth/me`, { headers: { cookie: String(cookie) } })).status).toBe(401);
  });

  it("the demo files seeded by the first process are served by both", async () => {
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/media/site/hero-poster.webp`);
      expect(res.status, s.url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("the demo's pictures are drawn after both are up, between them (decision 027), and both serve them", async () => {
    await Promise.all([a, b].map((s) => picturesDrawn(s.url, 180_000)));
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/media/products/default-product-w400.webp`);
      expect(res.status, s.url).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
    }
  });

  it("a public file uploaded through one is served by the other", async () => {
    // The admin owes a code of the demo authenticator key after the password (decision 010).
    const { challenge } = await (await login(a, "admin")).json();
    // As an API client too (no Origin), so the answer carries the token.
    const done = await fetch(`${a.url}/api/auth/login/second-factor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ challenge, code: await nextDemoTotp(a.url, "admin") }),
    });
    const token = (await done.json()).token as string;
    const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#1d6b3a" } })
      .png()
      .toBuffer();
    const form = multipart([{ name: "name", data: "Kariba Batteries" }, file("logo", "logo.png", logo)]);
    const created = await fetch(`${a.url}/api/brands`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { brand } = await created.json();

    const served = await fetch(`${b.url}/media/brands/${brand.logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    // Its AVIF twin, encoded by B from the bucket on first request, is then served by A from the bucket too.
    const avifName = String(brand.logo).replace(/\.webp$/, "-w400.avif");
    const avifB = await fetch(`${b.url}/media/brands/${avifName}`);
    expect(avifB.status).toBe(200);
    const avifA = await fetch(`${a.url}/media/brands/${avifName}`);
    expect(avifA.status).toBe(200);
    expect(Buffer.from(await avifA.arrayBuffer()).equals(Buffer.from(await avifB.arrayBuffer()))).toBe(true);
  });

  it("a private document uploaded through one is served by the other to its owner only", async () => {
    const signedIn = await (await login(a, "user")).json();
    const headers = { authorization: `Bearer ${signedIn.token}` };
    const scan = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const form = multipart([file("taxClearance", "tax.png", scan)]);
    const uploaded = await fetch(`${a.url}/api/dealer/upload-documents/${signedIn.user.id}`, {
      method: "POST",
      headers: { ...headers, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const document = (await uploaded.json()).uploaded[0];

    const fromB = await fetch(`${b.url}${document.url}`, { headers });
    expect(fromB.status).toBe(200);
    const body = Buffer.from(await fromB.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(120);
    expect((await fetch(`${b.url}${document.url}`)).status).toBe(401);
    const stranger = await (await login(b, "dealer")).json();
    expect((await fetch(`${b.url}${document.url}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
  });

  it("failed logins count across both: alternating between them locks the account out on both", async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await login(i % 2 ? a : b, "dealer", "wrong-password");
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    for (const s of [a, b]) {
      const res = await login(s, "dealer", "wrong-password");
      expect(res.status, s.url).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Locked out even with the right password, on either process, until the window ends.
    expect((await login(b, "dealer")).status).toBe(429);
  });
});
