import { eq } from "drizzle-orm";
import { DEFAULT_SITE_SETTINGS, type SiteSettings, siteSettingsSchema } from "#shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { siteSettings } from "../../db/schema/content.ts";

const KEY = "site";
const CACHE_MS = 5_000;

/** Site settings, read often (every page) and changed rarely: cached for a few seconds per process. */
export function createSettingsService(db: Db) {
  let cached: { value: SiteSettings; at: number } | undefined;
  return {
    async get(): Promise<SiteSettings> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).limit(1);
      const stored = row?.value;
      const parsed = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(stored as object | undefined) });
      const value = parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
      cached = { value, at: Date.now() };
      return value;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
