import { eq, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { dealerProfiles } from "../../db/schema/installer-network.ts";

/** The address a profile's slug is made of: the trading name's words, lower case, joined by hyphens. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "installer";
}

/** A slug not taken by another company: the trading name's, with -2, -3… on a clash. */
export async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: dealerProfiles.slug })
        .from(dealerProfiles)
        .where(or(eq(dealerProfiles.slug, base), sql`${dealerProfiles.slug} like ${`${base}-%`}`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
