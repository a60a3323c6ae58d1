import { eq } from "drizzle-orm";
import {
  DEFAULT_SITE_SETTINGS,
  type PublicSiteSettings,
  type SiteSettings,
  siteSettingsSchema,
  toPublicSettings,
} from "#shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { siteSettings } from "../../db/schema/content.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import type { AuditService } from "../audit/audit.service.ts";

const KEY = "site";
const CACHE_MS = 5_000;

/** The names of the settings whose values differ, for the audit entry's summary ("phone, social.x"). */
function changedFields(before: SiteSettings, after: SiteSettings): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(after) as (keyof SiteSettings)[]) {
    const a = before[key];
    const b = after[key];
    if (typeof b === "object" && b !== null) {
      for (const sub of Object.keys(b) as (keyof typeof b)[]) {
        if ((a as typeof b)[sub] !== b[sub]) changed.push(`${key}.${sub}`);
      }
    } else if (a !== b) changed.push(key);
  }
  return changed;
}

/**
 * Site settings, read often (every page) and changed rarely: cached for a few seconds per process. An update
 * replaces the cached value at once, so this process's header, footer and e-mails use the new values from the next
 * request on; other processes pick them up within the cache's few seconds.
 */
export function createSettingsService(db: Db, audit?: Pick<AuditService, "record">, cacheMs = CACHE_MS) {
  let cached: { value: SiteSettings; at: number } | undefined;

  async function read(exec: Pick<Db, "select"> = db): Promise<SiteSettings> {
    const [row] = await exec.select().from(siteSettings).where(eq(siteSettings.key, KEY)).limit(1);
    const stored = row?.value;
    const parsed = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(stored as object | undefined) });
    return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
  }

  return {
    /** `exec`: a caller's transaction, when it must not wait for another connection (PGlite has one). */
    async get(exec: Pick<Db, "select"> = db): Promise<SiteSettings> {
      if (cached && Date.now() - cached.at < cacheMs) return cached.value;
      const value = await read(exec);
      cached = { value, at: Date.now() };
      return value;
    },

    /** What anyone may read (GET /api/settings): everything but the bank account, which dealers see at checkout. */
    async getPublic(): Promise<PublicSiteSettings> {
      return toPublicSettings(await this.get());
    },

    /** Every setting, fresh from the database (the back office's form). */
    async getAll(actor: Actor): Promise<SiteSettings> {
      requireStaff(actor, "settings.edit");
      return read();
    },

    /** Replaces the settings (admins), with an audit entry of before and after, and clears the cache. */
    async update(actor: Actor, input: SiteSettings): Promise<SiteSettings> {
      const admin = requireStaff(actor, "settings.edit");
      if (!audit) throw new Error("settings updates need the audit log");
      const value = await db.transaction(async (tx) => {
        // One writer at a time: the row is locked (or, the first time, inserted) before the old value is read.
        await tx.insert(siteSettings).values({ key: KEY, value: DEFAULT_SITE_SETTINGS }).onConflictDoNothing();
        await tx.select().from(siteSettings).where(eq(siteSettings.key, KEY)).for("update");
        const before = await read(tx);
        const after = siteSettingsSchema.parse(input);
        await tx.update(siteSettings).set({ value: after, updatedAt: new Date() }).where(eq(siteSettings.key, KEY));
        const changed = changedFields(before, after);
        await audit.record(tx, admin, {
          entity: "settings",
          entityId: KEY,
          action: "update",
          summary: changed.length ? `Changed ${changed.join(", ")}` : "Saved without changes",
          before,
          after,
        });
        return after;
      });
      cached = { value, at: Date.now() };
      return value;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
