import { eq } from "drizzle-orm";
import { centsToDecimal, discountedCents, signedCents } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { dealers } from "../db/schema/dealers.ts";
import { dealerTiers, priceBreaks, productTierPrices } from "../db/schema/pricing.ts";

/**
 * The demo's dealer prices: retail prices above the dealer list, three tiers, quantity breaks on panels
 * (a pallet is 40) and batteries, and a Gold price of its own on the flagship panel.
 */

/** Retail (RRP) over the dealer list price, in per cent, by category slug. */
const RETAIL_MARKUP: Record<string, number> = {
  "solar-panels": 130,
  "hybrid-inverters": 125,
  "energy-storage": 125,
  "mounting-equipment": 135,
  cabling: 140,
  accessories: 140,
  "switch-gear": 135,
};

/** The retail price of a demo product: its list price marked up for its category, rounded up to the whole dollar. */
export function demoRetailPrice(listUsd: number, category: string): string {
  const cents = Math.round(listUsd * 100);
  return `${Math.ceil((cents * (RETAIL_MARKUP[category] ?? 130)) / 10_000)}.00`;
}

export const DEMO_TIERS = [
  { name: "Bronze", discountPercent: "0.00" },
  { name: "Silver", discountPercent: "5.00" },
  { name: "Gold", discountPercent: "10.00" },
] as const;

/** Quantity breaks by category id: panels 1–9, 10–39, 40+ (a pallet); batteries 1–3, 4–9, 10+. */
const DEMO_BREAKS: Record<number, { minQuantity: number; discountPercent: string }[]> = {
  1: [
    { minQuantity: 10, discountPercent: "3.00" },
    { minQuantity: 40, discountPercent: "6.00" },
  ],
  6: [
    { minQuantity: 4, discountPercent: "2.50" },
    { minQuantity: 10, discountPercent: "5.00" },
  ],
};

/** The product Gold dealers buy at a price of their own. */
export const DEMO_GOLD_PRICE_PRODUCT = "SunVolt 410W Mono PERC";

export async function seedDemoPricing(
  db: Db,
  rows: { id: number; name: string; categoryId: number; priceUsd: string }[],
  dealersByTier: { silver: number[]; gold: number[] },
): Promise<void> {
  const tiers = await db
    .insert(dealerTiers)
    .values(DEMO_TIERS.map((t, i) => ({ ...t, sortOrder: i })))
    .returning({ id: dealerTiers.id, name: dealerTiers.name });
  const tierId = (name: string) => tiers.find((t) => t.name === name)?.id as number;
  const breaks = rows.flatMap((r) => (DEMO_BREAKS[r.categoryId] ?? []).map((b) => ({ productId: r.id, ...b })));
  if (breaks.length > 0) await db.insert(priceBreaks).values(breaks);
  const flagship = rows.find((r) => r.name === DEMO_GOLD_PRICE_PRODUCT);
  if (flagship) {
    // 12 % off rather than Gold's 10 %, on the panel Gold installers buy by the container.
    const own = discountedCents(signedCents(flagship.priceUsd) ?? 0n, ["12"]);
    await db.insert(productTierPrices).values({ productId: flagship.id, tierId: tierId("Gold"), priceUsd: centsToDecimal(own) });
  }
  for (const userId of dealersByTier.silver)
    await db
      .update(dealers)
      .set({ tierId: tierId("Silver") })
      .where(eq(dealers.userId, userId));
  for (const userId of dealersByTier.gold)
    await db
      .update(dealers)
      .set({ tierId: tierId("Gold") })
      .where(eq(dealers.userId, userId));
}
