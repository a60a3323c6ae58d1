import { and, count, eq, gt, or } from "drizzle-orm";
import type { BranchInput, BranchView, DeliveryFeeInput, DeliveryFeeView } from "#shared/schemas/stock.ts";
import { orders, quotations } from "../../db/schema/commerce.ts";
import { shipments, stockLevels, stockMovements, stockReservations } from "../../db/schema/stock.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError } from "../../platform/errors.ts";
import { createResources } from "../../platform/resources/resource.ts";
import { createStoredFiles } from "../../platform/uploads/stored-files.ts";
import { plural, type StockAdminParts } from "./stock-admin-common.ts";
import { branchResource, deliveryFeeResource } from "./stock-resources.ts";

/** Branches and delivery fees in the back office, declared once as resources (stock-resources.ts). */
export function stockBranchesAdmin({ db, storage, audit }: StockAdminParts) {
  const { create, update, remove } = createResources({ db, audit, files: createStoredFiles(storage) });

  const branchValues = (input: BranchInput) => ({
    name: input.name,
    city: input.city,
    address: input.address,
    phone: input.phone,
    openingHours: input.opening_hours,
    collection: input.collection,
  });

  return {
    // ───────────── branches (POST /api/branches, PUT and DELETE /api/branches/{id}) ─────────────

    async createBranch(actor: Actor, input: BranchInput): Promise<BranchView> {
      const me = requireStaff(actor, "stock.adjust");
      return create(me, branchResource, {
        values: () => branchValues(input),
      });
    },

    async updateBranch(actor: Actor, id: number, input: BranchInput): Promise<BranchView> {
      const me = requireStaff(actor, "stock.adjust");
      return update(me, branchResource, id, {
        set: () => branchValues(input),
      });
    },

    /** A branch that holds or held stock, or has orders, quotations or shipments, stays (409 with the reason). */
    deleteBranch: async (actor: Actor, id: number) =>
      remove(requireStaff(actor, "stock.adjust"), branchResource, id, {
        refuse: async (tx) => {
          const n = async (
            table: typeof stockMovements | typeof orders | typeof quotations | typeof shipments | typeof stockReservations,
          ) => {
            const [row] = await tx.select({ n: count() }).from(table).where(eq(table.branchId, id));
            return row?.n ?? 0;
          };
          const [stocked] = await tx
            .select({ n: count() })
            .from(stockLevels)
            .where(and(eq(stockLevels.branchId, id), or(gt(stockLevels.onHand, 0), gt(stockLevels.reserved, 0))));
          const uses = [
            [stocked?.n ?? 0, "product in stock", "products in stock"],
            [await n(stockMovements), "stock movement", "stock movements"],
            [await n(orders), "order", "orders"],
            [await n(quotations), "quotation", "quotations"],
            [await n(shipments), "shipment", "shipments"],
            [await n(stockReservations), "reservation", "reservations"],
          ] as const;
          const held = uses.filter(([k]) => k > 0).map(([k, one, many]) => plural(k, one, many));
          if (held.length) throw new ConflictError(`This branch cannot be deleted: it has ${held.join(", ")}.`);
          // Level rows at 0 that never moved (made by a look-up) go with it.
          await tx.delete(stockLevels).where(eq(stockLevels.branchId, id));
        },
      }),

    // ───────────── delivery fees (POST /api/delivery-fees, PUT and DELETE /api/delivery-fees/{id}) ─────────────
    // Decision 035: a delivery fee is what a buyer pays, so it needs prices.edit, not the warehouse's stock.adjust.

    async createDeliveryFee(actor: Actor, input: DeliveryFeeInput): Promise<DeliveryFeeView> {
      const me = requireStaff(actor, "prices.edit");
      return create(me, deliveryFeeResource, {
        values: () => ({ city: input.city, feeUsd: input.fee_usd }),
      });
    },

    async updateDeliveryFee(actor: Actor, id: number, input: DeliveryFeeInput): Promise<DeliveryFeeView> {
      const me = requireStaff(actor, "prices.edit");
      return update(me, deliveryFeeResource, id, {
        set: () => ({ city: input.city, feeUsd: input.fee_usd }),
      });
    },

    /** Orders keep their own copy of the fee (a line of their own): a fee can always go. */
    deleteDeliveryFee: async (actor: Actor, id: number) => remove(requireStaff(actor, "prices.edit"), deliveryFeeResource, id),
  };
}
