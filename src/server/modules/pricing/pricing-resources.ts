import { type DealerTier, TIER_NAME_TAKEN } from "#shared/schemas/pricing.ts";
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
  // Names are unique whatever their case; a duplicate is the name's fault (400 on `name`).
  unique: { columns: [dealerTiers.name], ignoreCase: true, message: TIER_NAME_TAKEN, field: "name" },
});
