import { and, asc, eq, inArray } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { centsToDecimal, decimalUnits } from "#shared/money.ts";
import {
  type AddReport,
  type CreateKitInput,
  EMPTY_CART_KIT,
  KIT_NAME_TAKEN,
  type KitView,
  type UpdateKitInput,
} from "#shared/schemas/buying.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalogue.ts";
import { dealerCartLines, dealerKitLines, dealerKits } from "../../db/schema/dealer-buying.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { FieldError, NotFoundError } from "../../platform/errors.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import type { CartService } from "./cart.service.ts";
import { buyerCompany, heldQuantity } from "./company-cart.ts";

type Deps = {
  db: Db;
  catalogue: Pick<CatalogueService, "dealerPriceSnapshot">;
  cart: Pick<CartService, "addWithReport">;
  now?: () => Date;
};

/**
 * A dealer company's saved kits: a named list of products ("5 kVA home kit") saved from the cart,
 * listed with today's prices, added to the cart again, renamed and deleted. The company's (owners and buyers);
 * another company's kit is 404. A name is unique per company whatever its case: a duplicate is a field error.
 */
export function createKitsService({ db, catalogue, cart, now = () => new Date() }: Deps) {
  async function ownKit(exec: Db | Tx, dealerId: number, id: number) {
    const [kit] = await exec
      .select({ id: dealerKits.id, name: dealerKits.name })
      .from(dealerKits)
      .where(and(eq(dealerKits.id, id), eq(dealerKits.dealerId, dealerId)))
      .limit(1);
    if (!kit) throw new NotFoundError("Kit not found.");
    return kit;
  }

  async function views(actor: Actor, dealerId: number, ids?: number[]): Promise<KitView[]> {
    const kits = await db
      .select({
        id: dealerKits.id,
        name: dealerKits.name,
        createdBy: users.fullName,
        createdAt: dealerKits.createdAt,
        updatedAt: dealerKits.updatedAt,
      })
      .from(dealerKits)
      .leftJoin(users, eq(users.id, dealerKits.createdBy))
      .where(ids ? and(eq(dealerKits.dealerId, dealerId), inArray(dealerKits.id, ids)) : eq(dealerKits.dealerId, dealerId))
      .orderBy(asc(dealerKits.name), asc(dealerKits.id));
    if (kits.length === 0) return [];
    const lines = await db
      .select({
        kitId: dealerKitLines.kitId,
        productId: dealerKitLines.productId,
        name: products.productName,
        sku: products.sku,
        quantity: dealerKitLines.quantity,
      })
      .from(dealerKitLines)
      .innerJoin(products, eq(products.productId, dealerKitLines.productId))
      .where(
        inArray(
          dealerKitLines.kitId,
          kits.map((k) => k.id),
        ),
      )
      .orderBy(asc(dealerKitLines.kitId), asc(products.productName));
    const seesPrices = can.seePrices(actor);
    // Each kit priced on its own quantities (breaks apply per line): one price read per kit.
    const priced = new Map<number, Map<number, string>>();
    if (seesPrices && actor) {
      await Promise.all(
        kits.map(async (k) => {
          const quantities = new Map(lines.filter((l) => l.kitId === k.id).map((l) => [l.productId, l.quantity]));
          const found = await catalogue.dealerPriceSnapshot(actor.companyUserId, quantities);
          priced.set(k.id, new Map(found.map((p) => [p.id, p.priceUsd])));
        }),
      );
    }
    return kits.map((k) => {
      const own = lines.filter((l) => l.kitId === k.id);
      const prices = priced.get(k.id);
      let total: bigint | null = 0n;
      const out = own.map((l) => {
        const unit = prices?.get(l.productId);
        const cents = unit === undefined ? null : decimalUnits(unit, 2);
        total = total === null || cents === null ? null : total + cents * BigInt(l.quantity);
        return {
          product_id: l.productId,
          product_name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          ...(unit ? { unit_price_usd: unit } : {}),
        };
      });
      return {
        id: k.id,
        name: k.name,
        created_by: k.createdBy,
        created_at: k.createdAt.toISOString(),
        updated_at: k.updatedAt.toISOString(),
        lines: out,
        ...(seesPrices && total !== null ? { total_usd: centsToDecimal(total) } : {}),
      };
    });
  }

  async function writeKitLines(tx: Tx, kitId: number, lines: { product_id: number; quantity: number }[]) {
    const merged = new Map<number, number>();
    for (const l of lines) merged.set(l.product_id, (merged.get(l.product_id) ?? 0) + l.quantity);
    const existing = merged.size
      ? await tx
          .select({ id: products.productId })
          .from(products)
          .where(inArray(products.productId, [...merged.keys()]))
      : [];
    const values = existing.map((p) => ({ kitId, productId: p.id, quantity: heldQuantity(merged.get(p.id) ?? 1) }));
    if (values.length === 0) throw new FieldError(EMPTY_CART_KIT, "lines");
    await tx.insert(dealerKitLines).values(values);
  }

  function nameTaken(err: unknown): never {
    if (isUniqueViolation(err)) throw new FieldError(KIT_NAME_TAKEN, "name");
    throw err;
  }

  return {
    async list(actor: Actor): Promise<KitView[]> {
      const { dealerId } = await buyerCompany(db, actor);
      return views(actor, dealerId);
    },

    /** Saves a kit from the given lines, or from the company's cart when none are given. */
    async create(actor: Actor, input: CreateKitInput): Promise<KitView> {
      const { user, dealerId } = await buyerCompany(db, actor);
      const at = now();
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const lines =
            input.lines ??
            (
              await tx
                .select({ product_id: dealerCartLines.productId, quantity: dealerCartLines.quantity })
                .from(dealerCartLines)
                .where(eq(dealerCartLines.dealerId, dealerId))
            ).map((l) => ({ product_id: l.product_id, quantity: l.quantity }));
          if (lines.length === 0) throw new FieldError(EMPTY_CART_KIT, "lines");
          const [kit] = await tx
            .insert(dealerKits)
            .values({ dealerId, name: input.name, createdBy: user.id, createdAt: at, updatedAt: at })
            .returning({ id: dealerKits.id });
          if (!kit) throw new Error("kit insert returned nothing");
          await writeKitLines(tx, kit.id, lines);
          return kit.id;
        });
      } catch (err) {
        nameTaken(err);
      }
      const [view] = await views(user, dealerId, [id]);
      return view as KitView;
    },

    /** Renames a kit, and replaces its lines when new ones are given. */
    async update(actor: Actor, id: number, input: UpdateKitInput): Promise<KitView> {
      const { user, dealerId } = await buyerCompany(db, actor);
      await ownKit(db, dealerId, id);
      try {
        await db.transaction(async (tx) => {
          await tx.update(dealerKits).set({ name: input.name, updatedAt: now() }).where(eq(dealerKits.id, id));
          if (input.lines) {
            await tx.delete(dealerKitLines).where(eq(dealerKitLines.kitId, id));
            await writeKitLines(tx, id, input.lines);
          }
        });
      } catch (err) {
        nameTaken(err);
      }
      const [view] = await views(user, dealerId, [id]);
      return view as KitView;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const { dealerId } = await buyerCompany(db, actor);
      await ownKit(db, dealerId, id);
      await db.delete(dealerKits).where(eq(dealerKits.id, id));
    },

    /** The kit's lines added to the cart (quantities add up), with what is short or no longer sold. */
    async addToCart(actor: Actor, id: number): Promise<AddReport> {
      const { dealerId } = await buyerCompany(db, actor);
      await ownKit(db, dealerId, id);
      const lines = await db
        .select({ productId: dealerKitLines.productId, name: products.productName, quantity: dealerKitLines.quantity })
        .from(dealerKitLines)
        .innerJoin(products, eq(products.productId, dealerKitLines.productId))
        .where(eq(dealerKitLines.kitId, id));
      return cart.addWithReport(actor, lines);
    },
  };
}

export type KitsService = ReturnType<typeof createKitsService>;
