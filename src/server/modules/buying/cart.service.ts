import { and, eq, inArray, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { parseQuickOrder, QUICK_ORDER_ERRORS, skuKey } from "#shared/quick-order.ts";
import type { AddReport, CartLineInput, CartView, QuickOrderMatch, QuickOrderResult } from "#shared/schemas/buying.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orderLines, orders } from "../../db/schema/commerce.ts";
import { type Actor, requireGoodStanding, requireRole } from "../../platform/auth/actor.ts";
import { NotFoundError } from "../../platform/errors.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import type { StockService } from "../stock/stock.service.ts";
import { buyerCompany, clearLines, readCartView, writeLines } from "./company-cart.ts";

type Deps = {
  db: Db;
  catalogue: Pick<CatalogueService, "dealerPriceSnapshot">;
  stock: Pick<StockService, "availability">;
  now?: () => Date;
};

/** Units available across the branches, when the availability carries quantities (dealers). */
function availableUnits(a: { branches: { available?: number | undefined }[] }): number | null {
  if (!a.branches.some((b) => b.available !== undefined)) return null;
  return a.branches.reduce((sum, b) => sum + (b.available ?? 0), 0);
}

/**
 * The dealer company's cart on the server, quick order and reorder (§2). Owners and buyers (role
 * dealer) only: technicians cannot order, so they have no cart (403). Everything is keyed by the company
 * (`actor.companyUserId`), so a team shares one cart on every device.
 */
export function createCartService({ db, catalogue, stock, now = () => new Date() }: Deps) {
  /** Today's unit prices of products at the given quantities, for an actor who sees prices (else none). */
  async function pricesAt(actor: Actor, quantities: Map<number, number>): Promise<Map<number, string>> {
    if (!actor || !can.seePrices(actor) || quantities.size === 0) return new Map();
    const found = await catalogue.dealerPriceSnapshot(actor.companyUserId, quantities);
    return new Map(found.map((p) => [p.id, p.priceUsd]));
  }

  /** Adds lines and reports today's prices, what is no longer sold, and what is short (reorder, a kit). */
  async function addWithReport(
    actor: Actor,
    wanted: { productId: number | null; name: string; quantity: number; priceThen?: string | null }[],
  ): Promise<AddReport> {
    const { dealerId } = await buyerCompany(db, actor);
    const ids = wanted.flatMap((w) => (w.productId === null ? [] : [w.productId]));
    const existing = ids.length
      ? await db.select({ id: products.productId, name: products.productName }).from(products).where(inArray(products.productId, ids))
      : [];
    const names = new Map(existing.map((p) => [p.id, p.name]));
    const sold = wanted.filter((w) => w.productId !== null && names.has(w.productId));
    const unavailable = wanted.filter((w) => w.productId === null || !names.has(w.productId));
    const quantities = new Map<number, number>();
    for (const w of sold) quantities.set(w.productId as number, (quantities.get(w.productId as number) ?? 0) + w.quantity);
    const lines: CartLineInput[] = [...quantities.entries()].map(([product_id, quantity]) => ({ product_id, quantity }));
    const cart = await db.transaction(async (tx) => {
      await writeLines(tx, dealerId, lines, "add", now());
      return readCartView(tx, dealerId);
    });
    // Short stock is judged on what the cart now holds of each product.
    const inCart = new Map(cart.lines.map((l) => [l.product_id, l.quantity]));
    const [prices, availability] = await Promise.all([pricesAt(actor, quantities), stock.availability(actor, [...quantities.keys()])]);
    const seesPrices = can.seePrices(actor);
    return {
      cart,
      added: sold.map((w) => {
        const id = w.productId as number;
        const now = prices.get(id);
        return {
          product_id: id,
          product_name: names.get(id) ?? w.name,
          quantity: w.quantity,
          ...(seesPrices && w.priceThen ? { price_then_usd: w.priceThen } : {}),
          ...(now ? { price_now_usd: now } : {}),
        };
      }),
      unavailable: unavailable.map((w) => ({ product_name: w.name, quantity: w.quantity })),
      short: [...quantities.keys()].flatMap((id) => {
        const a = availability.get(id);
        const units = a ? availableUnits(a) : null;
        const quantity = inCart.get(id) ?? 0;
        return units !== null && units < quantity
          ? [{ product_id: id, product_name: names.get(id) ?? "", quantity, available: units }]
          : [];
      }),
    };
  }

  return {
    async get(actor: Actor): Promise<CartView> {
      const { dealerId } = await buyerCompany(db, actor);
      return readCartView(db, dealerId);
    },

    /** Replaces the cart's lines (the browser's copy after a change on this device). */
    async replace(actor: Actor, lines: CartLineInput[]): Promise<CartView> {
      const { dealerId } = await buyerCompany(db, actor);
      return db.transaction(async (tx) => {
        await clearLines(tx, dealerId);
        await writeLines(tx, dealerId, lines, "set", now());
        return readCartView(tx, dealerId);
      });
    },

    /** Adds lines: a product already in the cart goes up by the line's quantity. */
    async addLines(actor: Actor, lines: CartLineInput[]): Promise<CartView> {
      const { dealerId } = await buyerCompany(db, actor);
      return db.transaction(async (tx) => {
        await writeLines(tx, dealerId, lines, "add", now());
        return readCartView(tx, dealerId);
      });
    },

    /**
     * The browser's local cart merged in once after sign-in: a product in both keeps the larger quantity (not the
     * sum), so a local copy that already mirrored this cart, or a merge sent twice, never doubles a line.
     */
    async merge(actor: Actor, lines: CartLineInput[]): Promise<CartView> {
      const { dealerId } = await buyerCompany(db, actor);
      return db.transaction(async (tx) => {
        await writeLines(tx, dealerId, lines, "max", now());
        return readCartView(tx, dealerId);
      });
    },

    async clear(actor: Actor): Promise<void> {
      const { dealerId } = await buyerCompany(db, actor);
      await clearLines(db, dealerId);
    },

    /**
     * Quick order: each line of a pasted or uploaded list matched by SKU (any case, spaces and dashes
     * ignored) with the product's name, availability and, for who sees prices, its unit price at that quantity; or
     * the reason it cannot be added. A later line naming the same product says so (`duplicate_of`): their quantities
     * add up in the cart.
     */
    async quickOrder(actor: Actor, text: string): Promise<QuickOrderResult> {
      const user = requireGoodStanding(requireRole(actor, "dealer"));
      const parsed = parseQuickOrder(text);
      const keys = [...new Set(parsed.map((l) => skuKey(l.sku)).filter((k) => k !== ""))];
      const found = keys.length
        ? await db
            .select({
              id: products.productId,
              name: products.productName,
              key: sql<string>`regexp_replace(upper(${products.sku}), '[^A-Z0-9]', '', 'g')`,
            })
            .from(products)
            .where(inArray(sql`regexp_replace(upper(${products.sku}), '[^A-Z0-9]', '', 'g')`, keys))
        : [];
      const byKey = new Map(found.map((p) => [p.key, p]));
      const quantities = new Map<number, number>();
      for (const l of parsed) {
        const p = "quantity" in l ? byKey.get(skuKey(l.sku)) : undefined;
        if (p && "quantity" in l) quantities.set(p.id, (quantities.get(p.id) ?? 0) + l.quantity);
      }
      const [prices, availability] = await Promise.all([pricesAt(user, quantities), stock.availability(user, [...quantities.keys()])]);
      const firstLine = new Map<number, number>();
      const lines = parsed.map((l): QuickOrderMatch => {
        if ("error" in l) return { line: l.line, sku: l.sku, error: l.error };
        const p = byKey.get(skuKey(l.sku));
        const a = p ? availability.get(p.id) : undefined;
        if (!p || !a) return { line: l.line, sku: l.sku, quantity: l.quantity, error: QUICK_ORDER_ERRORS.unknownSku };
        const first = firstLine.get(p.id);
        if (first === undefined) firstLine.set(p.id, l.line);
        const price = prices.get(p.id);
        return {
          line: l.line,
          sku: l.sku,
          quantity: l.quantity,
          product: { id: p.id, name: p.name, ...(price ? { price_usd: price } : {}), availability: a },
          ...(first !== undefined ? { duplicate_of: first } : {}),
        };
      });
      const valid = lines.filter((l) => l.product).length;
      return { lines, valid, invalid: lines.length - valid };
    },

    /** Adds the valid lines of a quick-order text to the cart at once; the matches come back with the cart. */
    async quickOrderToCart(actor: Actor, text: string): Promise<{ result: QuickOrderResult; cart: CartView }> {
      const result = await this.quickOrder(actor, text);
      const lines = result.lines.flatMap((l) => (l.product && l.quantity ? [{ product_id: l.product.id, quantity: l.quantity }] : []));
      const cart = await this.addLines(actor, lines);
      return { result, cart };
    },

    /**
     * "Order again": a past order of the company's lines added to the cart, with what changed since:
     * today's price beside the order's, products no longer sold (left out), and stock short of the quantity. Another
     * company's order: 404.
     */
    async reorder(actor: Actor, orderId: number): Promise<AddReport> {
      const user = requireRole(actor, "dealer");
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, user.companyUserId)))
        .limit(1);
      if (!order) throw new NotFoundError("Order not found.");
      const lines = await db
        .select({
          productId: orderLines.productId,
          name: orderLines.productName,
          quantity: orderLines.quantity,
          price: orderLines.unitPriceUsd,
        })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, "product")))
        .orderBy(orderLines.id);
      return addWithReport(
        user,
        lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, priceThen: l.price })),
      );
    },

    addWithReport,
  };
}

export type CartService = ReturnType<typeof createCartService>;
