import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories } from "../db/schema/catalogue.ts";
import { taxRates } from "../db/schema/money.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { DEMO_ACCOUNTS, type DemoAccount, seedDemoAccounts } from "./accounts.ts";
import { setRenderCache } from "./artwork.ts";
import { seedCategories } from "./categories.ts";
import { seedDemoContent } from "./content.ts";
import { seedTaxClearanceExpiries } from "./demo-document-expiry.ts";
import { seedDemoInstallers } from "./demo-installers.ts";
import { seedDemoKits } from "./demo-kits.ts";
import { seedDemoLeads } from "./demo-leads.ts";
import { seedDemoPaymentProof } from "./demo-payment-proof.ts";
import { seedDemoAcceptableQuotation } from "./demo-quotations.ts";
import { pictureList, recordPictures } from "./pictures.ts";

export type SeedOptions = {
  /** Generate images and PDFs (off in API tests, where only rows matter). */
  media?: boolean;
  /** A folder keeping rendered images between first starts (config SEED_MEDIA_CACHE; artwork.ts). */
  mediaCache?: string | undefined;
};

/**
 * Fills an empty database with the demo site; does nothing when categories exist. Returns the demo accounts created.
 * The demo's files are written with its rows, except its pictures: they are recorded in `demo_pictures` and drawn
 * after the site is up (pictures.ts, decision 027), or at once by `drawDemoPictures` where a caller needs them now.
 */
export async function seedIfEmpty(db: Db, storage: Storage, opts: SeedOptions = {}): Promise<readonly DemoAccount[] | null> {
  // Reference data every database has, a demo or a restored one from before it existed: the VAT rates in force.
  await seedTaxRates(db);
  const [row] = await db.select({ n: count() }).from(categories);
  if ((row?.n ?? 0) > 0) return null;
  await seedCategories(db);
  setRenderCache(opts.mediaCache);
  const media = opts.media ?? true;
  const pictures = media ? pictureList() : null;
  const ids = await seedDemoAccounts(db);
  await seedDemoContent(db, storage, { dealerUserId: ids.dealer, pictures });
  await seedDemoPaymentProof(db, storage, { dealerUserId: ids.dealer, media });
  await seedDemoInstallers(db, pictures);
  await seedTaxClearanceExpiries(db, { dealerUserId: ids.dealer });
  await seedDemoKits(db, ids.dealer);
  await seedDemoAcceptableQuotation(db, ids.dealer, ids.admin);
  await seedDemoLeads(db, ids.dealer);
  if (pictures) await recordPictures(db, pictures.all);
  return DEMO_ACCOUNTS;
}

/**
 * The standard VAT rates (decision 015): 15 %, then 15.5 % from 1 January 2026 (2026 National Budget). Inserted when
 * the table is empty, at start rather than by the migration: a backup is restored into a database with no rows.
 */
export async function seedTaxRates(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(taxRates);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(taxRates)
    .values([
      { rate: "15.00", validFrom: "2023-01-01" },
      { rate: "15.50", validFrom: "2026-01-01" },
    ])
    .onConflictDoNothing();
}
