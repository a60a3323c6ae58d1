import type { BranchView, DeliveryFeeView } from "#shared/schemas/stock.ts";
import { branches, deliveryFees } from "../../db/schema/branches.ts";
import { defineResource, quote } from "../../platform/resources/resource.ts";

/**
 * The stock back office's plain resources, each described once (platform/resources/resource.ts):
 * branches and the delivery fee table, both kept in the admin's order.
 */

export const BRANCH_TAKEN = "Another branch already has this name.";
export const CITY_TAKEN = "This city already has a delivery fee.";

export const branchColumns = {
  id: branches.id,
  name: branches.name,
  city: branches.city,
  address: branches.address,
  phone: branches.phone,
  opening_hours: branches.openingHours,
  collection: branches.collection,
};

export const branchResource = defineResource({
  name: "branch",
  table: branches,
  id: branches.id,
  columns: branchColumns,
  view: (b: BranchView): BranchView => b,
  audit: { entity: "branch", label: (b) => `Branch ${quote(b.name)}` },
  ordered: true,
  // Names are unique whatever their case; a duplicate is the name's fault (400 on `name`).
  unique: { columns: [branches.name], ignoreCase: true, message: BRANCH_TAKEN, field: "name" },
});

export const deliveryFeeColumns = { id: deliveryFees.id, city: deliveryFees.city, fee_usd: deliveryFees.feeUsd };

export const deliveryFeeResource = defineResource({
  name: "delivery fee",
  table: deliveryFees,
  id: deliveryFees.id,
  columns: deliveryFeeColumns,
  view: (f: DeliveryFeeView): DeliveryFeeView => f,
  audit: { entity: "delivery-fee", label: (f) => `Delivery fee to ${quote(f.city)}` },
  ordered: true,
  // One fee per city, whatever its case (400 on `city`).
  unique: { columns: [deliveryFees.city], ignoreCase: true, message: CITY_TAKEN, field: "city" },
});
