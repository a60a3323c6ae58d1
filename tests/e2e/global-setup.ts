import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { openStorage } from "#server/platform/storage/storage.ts";
import { drawDemoPictures } from "#server/seed/pictures.ts";
import { seedIfEmpty } from "#server/seed/seed.ts";
import { seedPool } from "../support/e2e-pool.ts";
import { freePort } from "../support/free-port.ts";
import { TEST_MEDIA_CACHE } from "../support/media-cache.ts";
import { startPaynowStandIn } from "../support/paynow-stand-in.ts";
import { startServer } from "../support/server-process.ts";

/**
 * The demo site as a first start makes it (migrated, seeded), and the suite's pool of accounts and dealer companies
 * (decision 022), written before the server opens the data directory. The demo's pictures are drawn here, before the
 * server starts, rather than in its background as after a real first start (decision 027): the tests look at pages
 * whose pictures are all there, as a visitor sees them a minute after the first start.
 */
async function prepareData(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const storage = await openStorage(config);
    await seedIfEmpty(database.db, storage, { mediaCache: TEST_MEDIA_CACHE });
    await drawDemoPictures(database.db, storage, { mediaCache: TEST_MEDIA_CACHE });
    await seedPool(database.db);
  } finally {
    await database.close();
  }
}

/** One built server on a free port with a fresh DATA_DIR for the whole browser suite. */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "solar-e2e-"));
  await prepareData(dataDir);
  // Paynow is on, against a local stand-in that speaks its protocol (tests/e2e/paynow.spec.ts pays through it).
  const paynow = await startPaynowStandIn();
  // Every browser test signs up from 127.0.0.1: room for all of them (the default is 10 an hour per address).
  // A known port, so SITE_URL (links in e-mails, Paynow's return address, link previews) names this server.
  // E2E_PORT picks it (several suites on one machine); else any free port.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SIGNUPS_PER_HOUR: "200",
      FORMS_PER_HOUR: "200",
      PAYNOW_INTEGRATION_ID: paynow.integrationId,
      PAYNOW_INTEGRATION_KEY: paynow.integrationKey,
      PAYNOW_URL: paynow.url,
    },
    60_000,
  );
  process.env.E2E_BASE_URL = server.url;
  // The browser tests read the e-mails the server writes to DATA_DIR/outbox.
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_PAYNOW_URL = paynow.url;
  return async () => {
    await server.stop();
    await paynow.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
