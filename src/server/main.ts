import sharp from "sharp";
import { BUILT_IN_ROLE_SETS } from "#shared/staff.ts";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DatabaseUnavailableError, openDatabase } from "./db/client.ts";
import { withStartLock } from "./db/start-lock.ts";
import { redactSecrets } from "./platform/log-redaction.ts";
import { ORPHAN_AGE_MS, sweepOrphans } from "./platform/storage/orphan-sweep.ts";
import { StorageUnavailableError } from "./platform/storage/s3-storage.ts";
import { openStorage } from "./platform/storage/storage.ts";
import { accountsWithDemoPasswords, accountsWithDemoTotpSecret, DEMO_STAFF, DEMO_TEAM, DEMO_TOTP_ROLES } from "./seed/accounts.ts";
import { openDemoPictures } from "./seed/pictures.ts";
import { seedIfEmpty } from "./seed/seed.ts";

/**
 * Config → database (migrated, seeded on first start) → app → listen, then the demo's pictures drawn in the background
 * when a first start left them to draw (decision 027). Start-up failures print one line.
 */
export async function main(web: "production" | "development" = "production") {
  const started = Date.now();
  // Images are encoded once each and then served from storage: libvips' operation cache would only hold memory.
  sharp.cache(false);
  sharp.concurrency(1);
  try {
    const config = loadConfig();
    const storage = await openStorage(config);
    const database = await openDatabase(config);
    // Several processes may start together on one PostgreSQL: they migrate and seed one at a time.
    const created = await withStartLock(config, async () => {
      await database.migrate();
      return seedIfEmpty(database.db, storage, { mediaCache: config.seedMediaCache });
    });
    // The demo's rows are all there; its pictures (if a first start, or one stopped early, left any) are drawn after
    // "Site ready", and at once when a request asks for one first. A PGlite database is this process's alone: a
    // picture found claimed was being drawn when it last stopped.
    const pictures = await openDemoPictures(database.db, storage, {
      mediaCache: config.seedMediaCache,
      releaseClaims: database.kind === "pglite",
    });
    if (config.env === "production") {
      const weak = await accountsWithDemoPasswords(database.db);
      if (weak.length > 0) {
        throw new ConfigError(
          `Refusing to start in production: demo account(s) ${weak.join(", ")} still use their demo passwords; change them with "npm run set-password -- <username>"`,
        );
      }
      // The demo authenticator key is published too (decision 010): anyone could make the codes.
      const demoKey = await accountsWithDemoTotpSecret(database.db);
      if (demoKey.length > 0) {
        throw new ConfigError(
          `Refusing to start in production: account(s) ${demoKey.join(", ")} still use the published demo authenticator key; set up a new one with "npm run totp -- <username> --reset"`,
        );
      }
    }
    const app = await buildApp({ config, database, storage, web, ...(pictures.size > 0 ? { pendingFiles: pictures } : {}) });
    pictures.logTo(app.log);
    // Files left by a process that died between writing a file and committing its row (or after deleting a row):
    // swept at start-up, before requests come, and every hour (platform/storage/orphan-sweep.ts).
    const sweep = async () => {
      try {
        const r = await sweepOrphans({ db: database.db, storage, olderThanMs: ORPHAN_AGE_MS });
        if (r.removed.length > 0) app.log.warn({ removed: r.removed }, `orphan sweep removed ${r.removed.length} file(s)`);
      } catch (err) {
        app.log.error({ err }, "orphan sweep failed");
      }
    };
    await sweep();
    const sweepTimer = setInterval(() => void sweep(), ORPHAN_AGE_MS);
    sweepTimer.unref();
    await app.listen({ port: config.port, host: config.host });
    const bound = app.server.address();
    const address = `http://localhost:${typeof bound === "object" && bound ? bound.port : config.port}/`;
    // One write, so a reader of the output sees the accounts together with the address.
    // Outside production the default HOST is 127.0.0.1 (config.ts): say so, since a phone on the network cannot reach it.
    const local = config.env !== "production" && ["127.0.0.1", "localhost", "::1"].includes(config.host);
    const reach = local ? "; this machine only, HOST=0.0.0.0 opens it to your network" : "";
    const drawing = pictures.size > 0 ? "; demo pictures drawing in the background" : "";
    const lines = [`Site ready at ${address} (${database.kind}, ${Date.now() - started} ms${drawing}${reach})`];
    if (created) {
      lines.push("", "Demo accounts (printed once, on first start; sign in with the username or e-mail):");
      for (const a of created) {
        const code = DEMO_TOTP_ROLES.includes(a.role) ? `  + code: npm run totp -- ${a.username}` : "";
        lines.push(`  ${a.role.padEnd(10)}  ${a.username.padEnd(10)}  ${a.email.padEnd(30)}  password: ${a.password}${code}`);
      }
      for (const a of DEMO_TEAM) {
        lines.push(`  ${a.role.padEnd(10)}  ${a.username.padEnd(10)}  ${a.email.padEnd(30)}  password: ${a.password}  (the dealer's team)`);
      }
      for (const a of DEMO_STAFF) {
        const role = BUILT_IN_ROLE_SETS[a.staffRole].name;
        lines.push(
          `  ${"admin".padEnd(10)}  ${a.username.padEnd(10)}  ${a.email.padEnd(30)}  password: ${a.password}  (back office: ${role})`,
        );
      }
      lines.push(
        "  (super is the Owner, admin a Manager; every back-office account signs in with a code too: the demo authenticator key is in the README)",
      );
      lines.push("");
    }
    console.log(lines.join("\n"));
    // The benchmark's queries per request: it sends SIGUSR2 before and after a load and reads the count printed.
    process.on("SIGUSR2", () => console.log(`statements ${database.statements()}`));
    // One picture at a time: a core stays free for the visitors (the drawer logs a picture it cannot draw).
    if (pictures.size > 0) void pictures.drawAll().catch((err) => app.log.error({ err }, "drawing the demo pictures stopped"));
    stopOnSignals(
      app,
      async () => {
        clearInterval(sweepTimer);
        // The picture being drawn is finished (a fraction of a second); the rest wait for the next start.
        await Promise.all([app.close(), pictures.stop()]);
        await database.close();
      },
      config,
    );
  } catch (err) {
    // Whatever failed may quote a setting: URL passwords and other secrets are hidden (L6).
    const say = (text: string) => console.error(redactSecrets(`Cannot start: ${text}`));
    if (err instanceof ConfigError || err instanceof DatabaseUnavailableError || err instanceof StorageUnavailableError) {
      say(err.message);
    } else if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
      say(`port ${(err as { port?: number }).port ?? ""} is already in use (set PORT to another one)`);
    } else {
      say((err as Error).message ?? String(err));
    }
    process.exit(1);
  }
}

/**
 * Graceful shutdown on SIGTERM (a deploy, a balancer draining this process) or SIGINT (Ctrl+C). /readyz answers
 * 503 at once; after SHUTDOWN_DELAY_MS (0 by default: for balancers that route by /readyz) `app.close()` stops
 * taking connections, answers any new request on an open one with 503, lets the requests in flight finish and runs
 * the app's onClose hooks (background work stops there); then the database closes and the process exits 0.
 * Requests still running SHUTDOWN_TIMEOUT_MS after closing began, or a second signal, end it with exit code 1.
 */
function stopOnSignals(app: { drain(): void }, close: () => Promise<void>, opts: { shutdownDelayMs: number; shutdownTimeoutMs: number }) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: stopping now, without waiting for requests in flight`);
      process.exit(1);
    }
    stopping = true;
    app.drain();
    const { shutdownDelayMs: delay, shutdownTimeoutMs: timeout } = opts;
    console.log(
      `${signal}: ${delay ? `not ready; closing in ${delay} ms, then ` : ""}finishing requests in flight (at most ${timeout} ms) and stopping`,
    );
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const deadline = setTimeout(() => {
      console.error(`Stopped after ${timeout} ms with requests still in flight`);
      process.exit(1);
    }, timeout);
    deadline.unref();
    try {
      await close();
    } catch (err) {
      console.error(`Stopping failed: ${(err as Error).message ?? String(err)}`);
      process.exit(1);
    }
    console.log("Stopped");
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));
}
