import { asc, count, eq, sql } from "drizzle-orm";
import {
  type DealerTier,
  type DealerTierInput,
  type DealerTierRow,
  type PriceRulesInput,
  type PriceRulesView,
  TIER_IN_USE,
} from "#shared/schemas/pricing.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerTiers, priceBreaks, productTierPrices } from "../../db/schema/pricing.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import type { MoveDirection } from "../../platform/resources/resource.ts";
import { type Auditor, createResources, quote } from "../../platform/resources/resource.ts";
import type { StoredFiles } from "../../platform/uploads/stored-files.ts";
import { listTiers, tierOfUser } from "./price-book.ts";
import { dealerTierResource } from "./pricing-resources.ts";

/**
 * Dealer prices in the back office: the tiers (declared once, `dealerTierResource`), the tier each
 * dealer buys at, and each product's quantity breaks and tier prices. Every change is audited.
 */
export function createPricingService({ db, audit, files }: { db: Db; audit: Auditor; files: StoredFiles }) {
  const { create, update, remove, move } = createResources({ db, audit, files });

  return {
    /** The tiers, lowest first, each with how many dealers buy at it (those without one buy at the lowest). */
    async tiers(actor: Actor): Promise<DealerTierRow[]> {
      requireStaff(actor, "prices.edit");
      const [tiers, counts, [unset]] = await Promise.all([
        listTiers(db),
        db.select({ tierId: dealers.tierId, n: count() }).from(dealers).where(eq(dealers.regStatus, "Approved")).groupBy(dealers.tierId),
        db.select({ n: count() }).from(dealers).where(sql`${dealers.regStatus} = 'Approved' and ${dealers.tierId} is null`),
      ]);
      return tiers.map((t, i) => ({
        ...t,
        dealers: (counts.find((c) => c.tierId === t.id)?.n ?? 0) + (i === 0 ? (unset?.n ?? 0) : 0),
      }));
    },

    async createTier(actor: Actor, input: DealerTierInput): Promise<DealerTier> {
      const me = requireStaff(actor, "prices.edit");
      return create(me, dealerTierResource, { values: () => ({ name: input.name, discountPercent: input.discount_percent }) });
    },

    async updateTier(actor: Actor, id: number, input: DealerTierInput): Promise<DealerTier> {
      const me = requireStaff(actor, "prices.edit");
      return update(me, dealerTierResource, id, { set: () => ({ name: input.name, discountPercent: input.discount_percent }) });
    },

    /** A tier dealers are in stays (409): they are moved first. The last tier may go: dealers then buy at the list price. */
    deleteTier: (actor: Actor, id: number) =>
      remove(requireStaff(actor, "prices.edit"), dealerTierResource, id, {
        refuse: async (tx) => {
          const [used] = await tx.select({ n: count() }).from(dealers).where(eq(dealers.tierId, id));
          if ((used?.n ?? 0) > 0) throw new ConflictError(TIER_IN_USE);
        },
      }),

    moveTier: (actor: Actor, id: number, direction: MoveDirection) =>
      move(requireStaff(actor, "prices.edit"), dealerTierResource, id, direction),

    /** The tier a dealer's company buys at (its own, else the lowest); for the admin's dealer page and the dealer. */
    tierOf: (userId: number, exec: Db | Tx = db) => tierOfUser(exec, userId),

    /** An admin puts a dealer's company in a tier (audited with the tier before and after). */
    async setDealerTier(actor: Actor, userId: number, tierId: number): Promise<DealerTier> {
      const me = requireStaff(actor, "prices.edit");
      return db.transaction(async (tx) => {
        const [dealer] = await tx
          .select({ id: dealers.id, name: dealers.tradingName, company: dealers.registeredCompany })
          .from(dealers)
          .where(eq(dealers.userId, userId))
          .for("update");
        if (!dealer) throw new NotFoundError("Dealer not found.");
        const [tier] = await tx
          .select({ id: dealerTiers.id, name: dealerTiers.name, discount_percent: dealerTiers.discountPercent })
          .from(dealerTiers)
          .where(eq(dealerTiers.id, tierId));
        if (!tier) throw new FieldError("Choose one of the tiers.", "tier_id");
        const before = await tierOfUser(tx, userId);
        await tx.update(dealers).set({ tierId: tier.id, updatedAt: new Date() }).where(eq(dealers.id, dealer.id));
        const who = dealer.name ?? dealer.company ?? `dealer ${userId}`;
        await audit.record(tx, me, {
          entity: "dealer",
          entityId: userId,
          action: "update",
          summary: `Dealer ${quote(who)} moved to tier ${quote(tier.name)}${before ? ` from ${quote(before.name)}` : ""}`,
          before: { tier: before?.name ?? null },
          after: { tier: tier.name },
        });
        return tier;
      });
    },

    /** A product's quantity breaks and tier prices, as its edit form shows them. */
    async priceRules(actor: Actor, productId: number): Promise<PriceRulesView> {
      requireStaff(actor, "prices.edit");
      const [product] = await db.select({ id: products.productId }).from(products).where(eq(products.productId, productId));
      if (!product) throw new NotFoundError("Product not found.");
      return readRules(db, productId);
    },

    /** Replaces a product's quantity breaks and tier prices (each list whole; audited with both before and after). */
    async setPriceRules(actor: Actor, productId: number, input: PriceRulesInput): Promise<PriceRulesView> {
      const me = requireStaff(actor, "prices.edit");
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.productId, name: products.productName })
          .from(products)
          .where(eq(products.productId, productId))
          .for("update");
        if (!product) throw new NotFoundError("Product not found.");
        const known = new Set((await listTiers(tx)).map((t) => t.id));
        input.tier_prices.forEach((t, i) => {
          if (!known.has(t.tier_id)) throw new FieldError("Choose one of the tiers.", `tier_prices.${i}.tier_id`);
        });
        const before = await readRules(tx, productId);
        await tx.delete(priceBreaks).where(eq(priceBreaks.productId, productId));
        await tx.delete(productTierPrices).where(eq(productTierPrices.productId, productId));
        if (input.breaks.length > 0) {
          await tx
            .insert(priceBreaks)
            .values(input.breaks.map((b) => ({ productId, minQuantity: b.min_quantity, discountPercent: b.discount_percent })));
        }
        if (input.tier_prices.length > 0) {
          await tx
            .insert(productTierPrices)
            .values(input.tier_prices.map((t) => ({ productId, tierId: t.tier_id, priceUsd: t.price_usd })));
        }
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.productId, productId));
        const after = await readRules(tx, productId);
        await audit.record(tx, me, {
          entity: "product",
          entityId: productId,
          action: "update",
          summary: `Prices of product ${quote(product.name)} changed: ${after.breaks.length} quantity breaks, ${after.tier_prices.length} tier prices`,
          before,
          after,
        });
        return after;
      });
    },
  };
}

async function readRules(exec: Db | Tx, productId: number): Promise<PriceRulesView> {
  const [breaks, tierPrices] = await Promise.all([
    exec
      .select({ min_quantity: priceBreaks.minQuantity, discount_percent: priceBreaks.discountPercent })
      .from(priceBreaks)
      .where(eq(priceBreaks.productId, productId))
      .orderBy(asc(priceBreaks.minQuantity)),
    exec
      .select({ tier_id: productTierPrices.tierId, price_usd: productTierPrices.priceUsd })
      .from(productTierPrices)
      .innerJoin(dealerTiers, eq(dealerTiers.id, productTierPrices.tierId))
      .where(eq(productTierPrices.productId, productId))
      .orderBy(asc(dealerTiers.sortOrder), asc(dealerTiers.id)),
  ]);
  return { breaks, tier_prices: tierPrices };
}

export type PricingService = ReturnType<typeof createPricingService>;
