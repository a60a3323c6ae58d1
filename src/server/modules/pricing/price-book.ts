import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { breakTable, type PriceRule, secondaryUnitCents, unitCents } from "#shared/dealer-pricing.ts";
import { centsToDecimal } from "#shared/money.ts";
import { toCents } from "#shared/quotation-totals.ts";
import type { DealerTier, PriceBreak } from "#shared/schemas/pricing.ts";
import type { Db, Tx } from "../../db/client.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerTiers, priceBreaks, productTierPrices } from "../../db/schema/pricing.ts";

/**
 * A dealer's prices, read for a set of products in two small indexed queries and worked out by
 * `#shared/dealer-pricing.ts`: the catalogue, the cart's preview, the checkout, the order, the quotation and the price
 * list all price through here, so a dealer is charged what they were shown.
 */

const tierColumns = { id: dealerTiers.id, name: dealerTiers.name, discount_percent: dealerTiers.discountPercent };

/** The tiers, lowest first (the admins' order). */
export function listTiers(exec: Db | Tx): Promise<DealerTier[]> {
  return exec.select(tierColumns).from(dealerTiers).orderBy(asc(dealerTiers.sortOrder), asc(dealerTiers.id));
}

/** The tier a dealer's company buys at: its own, else the lowest; null when admins have made none. */
export async function tierOfUser(exec: Db | Tx, userId: number): Promise<DealerTier | null> {
  const [own] = await exec
    .select(tierColumns)
    .from(dealers)
    .innerJoin(dealerTiers, eq(dealerTiers.id, dealers.tierId))
    .where(eq(dealers.userId, userId))
    .limit(1);
  if (own) return own;
  const [lowest] = await exec.select(tierColumns).from(dealerTiers).orderBy(asc(dealerTiers.sortOrder), asc(dealerTiers.id)).limit(1);
  return lowest ?? null;
}

/** What a product's price is made from: its dealer list price and its secondary list price (an admin's override). */
export type ListPrice = { productId: number; priceUsd: string; priceZwl: string | null };

/** A product's pricing for one tier; `rate`: the day's exchange rate for the secondary currency (null: none). */
export type DealerPrice = {
  rule: PriceRule;
  overrideCents: bigint | null;
  rate: string | null;
};

/** The rules of the given products for `tier` (null: the list price, as admins see it). Products without a price are left out. */
export async function readPriceRules(
  exec: Db | Tx,
  tier: DealerTier | null,
  rows: readonly ListPrice[],
  rate: string | null,
): Promise<Map<number, DealerPrice>> {
  const ids = [...new Set(rows.map((r) => r.productId))];
  if (ids.length === 0) return new Map();
  const [breaks, own] = await Promise.all([
    exec
      .select({ productId: priceBreaks.productId, minQuantity: priceBreaks.minQuantity, percent: priceBreaks.discountPercent })
      .from(priceBreaks)
      .where(inArray(priceBreaks.productId, ids)),
    tier
      ? exec
          .select({ productId: productTierPrices.productId, priceUsd: productTierPrices.priceUsd })
          .from(productTierPrices)
          .where(and(eq(productTierPrices.tierId, tier.id), inArray(productTierPrices.productId, ids)))
      : [],
  ]);
  const ownPrice = new Map(own.map((o) => [o.productId, o.priceUsd]));
  // Grouped once: the price list reads every product, and a scan of all breaks per product grows with their product.
  const breaksOf = new Map<number, PriceBreakRow[]>();
  for (const b of breaks) {
    const list = breaksOf.get(b.productId);
    if (list) list.push(b);
    else breaksOf.set(b.productId, [b]);
  }
  const book = new Map<number, DealerPrice>();
  for (const row of rows) {
    const price = dealerPriceOf(row, tier, breaksOf.get(row.productId) ?? [], ownPrice.get(row.productId) ?? null, rate);
    if (price) book.set(row.productId, price);
  }
  return book;
}

type PriceBreakRow = { minQuantity: number; percent: string };

/**
 * One product's pricing for `tier` from what was read of it: its list prices, its quantity breaks and the tier's own
 * price of it (null: none). Null when the product has no price. The catalogue reads the breaks and every tier's own
 * price with its rows (`breaksJson`, `tierPricesJson`) and prices them here, in memory, for whoever is looking.
 */
export function dealerPriceOf(
  row: ListPrice,
  tier: DealerTier | null,
  breaks: readonly PriceBreakRow[],
  tierPriceUsd: string | null,
  rate: string | null,
): DealerPrice | null {
  const listCents = toCents(row.priceUsd);
  if (listCents === null) return null;
  return {
    rule: {
      listCents,
      tierPercent: tier?.discount_percent ?? "0",
      tierPriceCents: tierPriceUsd === null ? null : toCents(tierPriceUsd),
      breaks,
    },
    overrideCents: toCents(row.priceZwl),
    rate,
  };
}

/** A product's quantity breaks as JSON (`[[min_quantity, "percent"], …]`), read with the product's row. */
export function breaksJson(productId: SQL | AnyColumn): SQL<[number, string][] | null> {
  return sql<
    [number, string][] | null
  >`(select json_agg(json_build_array(${priceBreaks.minQuantity}, ${priceBreaks.discountPercent}::text)) from ${priceBreaks} where ${priceBreaks.productId} = ${productId})`;
}

/** Every tier's own price of a product as JSON (`{ "tier id": "price" }`), read with the product's row. */
export function tierPricesJson(productId: SQL | AnyColumn): SQL<Record<string, string> | null> {
  return sql<Record<
    string,
    string
  > | null>`(select json_object_agg(${productTierPrices.tierId}, ${productTierPrices.priceUsd}::text) from ${productTierPrices} where ${productTierPrices.productId} = ${productId})`;
}

/** What `breaksJson` read, as `dealerPriceOf` takes it. */
export function breaksFromJson(json: [number, string][] | null): PriceBreakRow[] {
  return (json ?? []).map(([minQuantity, percent]) => ({ minQuantity, percent }));
}

const decimalOrNull = (cents: bigint | null) => (cents === null ? null : centsToDecimal(cents));

/** The unit prices of a line of `quantity`: USD, and the secondary currency (null without one). */
export function unitPrices(price: DealerPrice, quantity: number): { usd: string; secondary: string | null } {
  return {
    usd: centsToDecimal(unitCents(price.rule, quantity)),
    secondary: decimalOrNull(secondaryUnitCents(price.rule, quantity, price.overrideCents, price.rate)),
  };
}

/** The break table: `[{ min_quantity: 1, … }, { min_quantity: 10, … }]`, with each step's unit prices. */
export function priceBreaksOf(price: DealerPrice): PriceBreak[] {
  return breakTable(price.rule).map(({ minQuantity }) => {
    const unit = unitPrices(price, minQuantity);
    return { min_quantity: minQuantity, price_usd: unit.usd, price_zwl: unit.secondary };
  });
}
