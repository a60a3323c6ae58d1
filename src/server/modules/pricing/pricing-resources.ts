import type { DealerTier } from "#shared/schemas/pricing.ts";
import { dealerTiers } from "../../db/schema/pricing.ts";
import { defineResource, quote } from "../../platform/resources/resource.ts";

/** Dealer tiers, described once (platform/resources/resource.ts): kept in the admins' order, lowest first. */
export const dealerTierResource = defineResource({
  name: "tier",
  table: dealerTiers,
  id: dealerTiers.id,
  columns: { id: dealerTiers.id, name: dealerTiers.name, discount_percent: dealerTiers.discountPercent },
  view: (t: DealerTier): DealerTier => t,
  audit: { entity: "dealer-tier", label: (t) => `Tier ${quote(t.name)}` },
  ordered: true,
});
