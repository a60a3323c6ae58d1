import { count } from "drizzle-orm";
import type { Storage } from "../../platform/storage/storage.ts";
import type { Db } from "../client.ts";
import { categories } from "../schema/catalogue.ts";
import { DEMO_ACCOUNTS, type DemoAccount, seedDemoAccounts } from "./accounts.ts";
import { seedCategories } from "./categories.ts";
import { seedDemoContent } from "./content.ts";

export type SeedOptions = {
  /** Generate images and PDFs (off in API tests, where only rows matter). */
  media?: boolean;
};

/** Fills an empty database with the demo site; does nothing when categories exist. Returns the demo accounts created. */
export async function seedIfEmpty(db: Db, storage: Storage, opts: SeedOptions = {}): Promise<readonly DemoAccount[] | null> {
  const [row] = await db.select({ n: count() }).from(categories);
  if ((row?.n ?? 0) > 0) return null;
  await seedCategories(db);
  const ids = await seedDemoAccounts(db);
  await seedDemoContent(db, storage, { dealerUserId: ids.dealer, media: opts.media ?? true });
  return DEMO_ACCOUNTS;
}
