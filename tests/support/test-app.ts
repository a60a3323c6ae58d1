import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createMailer, type Mailer } from "#server/platform/mailer/mailer.ts";
import { createDiskStorage } from "#server/platform/storage/storage.ts";
import { DEMO_ACCOUNTS, type DemoAccount } from "#server/seed/accounts.ts";
import { onOutboxRead } from "./outbox.ts";
import { createTestDatabase } from "./test-db.ts";
import { demoTotp, forgetLastTotpStep } from "./totp.ts";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** Signs in as a demo account and returns its Bearer header. */
  loginAs(role: DemoAccount["role"]): Promise<{ authorization: string }>;
  /** Confirms a demo admin's or super's session with a fresh code (adding or removing admins, decision 010). */
  stepUp(role: "admin" | "super", headers: { authorization: string }): Promise<void>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/**
 * The API on a fresh database seeded with the demo rows (no generated files), in a temporary DATA_DIR; `env` adds
 * settings (PAYNOW_* for the Paynow tests); `mailer` replaces the outbox as the transport the mail jobs send with;
 * `web: "production"` serves the built pages too (call ensureBuild() first).
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    mailer?: Mailer;
    web?: "production";
    /** Receives the log lines (with LOG_LEVEL in env), as the server would write them. */
    logStream?: { write(line: string): unknown };
    /** The services' clock (dated rates): a test sets the day. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "solar-test-"));
  const config = loadConfig({ ...opts.env, NODE_ENV: "test", DATA_DIR: dataDir });
  // The demo rows come with the database (the run's seeded snapshot, support/db-snapshots.ts).
  const database = await createTestDatabase({ seeded: opts.seed !== false });
  const storage = createDiskStorage(path.join(dataDir, "uploads"));
  const app = await buildApp({
    config,
    database,
    storage,
    mailer: opts.mailer ?? createMailer(config),
    web: opts.web ?? false,
    logStream: opts.logStream,
    ...(opts.now ? { now: opts.now } : {}),
  });
  await app.ready();
  // Mail is a job (decision 007) and the worker does not poll in tests (JOBS_POLL_MS 0): reading the outbox first runs
  // the jobs that are due, as the worker would moments after the request. Jobs waiting for a retry stay queued.
  const unregister = onOutboxRead(dataDir, () => app.jobs.drain());
  return {
    app,
    database,
    config,
    dataDir,
    inject: (o) => app.inject(o),
    async loginAs(role) {
      const account = DEMO_ACCOUNTS.find((a) => a.role === role);
      if (!account) throw new Error(`no demo account ${role}`);
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { user: account.username, password: account.password },
      });
      if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.body}`);
      if (!res.json().totpRequired) return { authorization: `Bearer ${res.json().token}` };
      // Admin and super owe a code from the demo authenticator key (decision 010).
      await forgetLastTotpStep(database.db, account.username);
      const done = await app.inject({
        method: "POST",
        url: "/api/auth/login/second-factor",
        payload: { challenge: res.json().challenge, code: demoTotp() },
      });
      if (done.statusCode !== 200) throw new Error(`second factor as ${role} failed: ${done.body}`);
      return { authorization: `Bearer ${done.json().token}` };
    },
    async stepUp(role, headers) {
      const account = DEMO_ACCOUNTS.find((a) => a.role === role);
      if (!account) throw new Error(`no demo account ${role}`);
      await forgetLastTotpStep(database.db, account.username);
      const res = await app.inject({ method: "POST", url: "/api/auth/step-up", headers, payload: { code: demoTotp() } });
      if (res.statusCode !== 200) throw new Error(`step-up as ${role} failed: ${res.body}`);
    },
    async close() {
      unregister();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** For services built by hand in a test: the public forms' limits (platform/form-limits.ts) let everything through. */
export const unlimitedForms = { admit: async () => {}, mayConfirm: async () => true };
