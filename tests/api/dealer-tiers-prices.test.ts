import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { quotationProducts } from "#server/db/schema/commerce.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { dealerTiers } from "#server/db/schema/pricing.ts";
import { DEMO_GOLD_PRICE_PRODUCT } from "#server/seed/demo-pricing.ts";
import { addDays, harareDate } from "#shared/quotation-status.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { silver } from "../support/prices.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Dealer prices end to end on the demo: a visitor's quotation starts from the retail price; a dealer's price follows the
 * tier admins put the company in, at once; a tier's own price of a product replaces its discount with the breaks on
 * top; a dealer without a tier buys at the lowest.
 */

let t: TestApp;
let actors: Actors;
let panel: { id: number; list: string; retail: string };
const tierId = async (name: string) =>
  (await t.database.db.select({ id: dealerTiers.id }).from(dealerTiers).where(eq(dealerTiers.name, name)))[0]?.id as number;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const [row] = await t.database.db
    .select({ id: products.productId, list: products.priceUsd, retail: products.retailPriceUsd })
    .from(products)
    .where(eq(products.productName, DEMO_GOLD_PRICE_PRODUCT));
  if (!row) throw new Error("the demo lacks its flagship panel");
  panel = row;
});
afterAll(() => t?.close());

const productAs = async (who: Parameters<Actors["inject"]>[0]) =>
  (await actors.inject(who, { method: "GET", url: `/api/products/get-product-by-id/${panel.id}` })).json()[0];
const setTier = (userId: number, name: string) =>
  tierId(name).then((id) => actors.inject("admin", { method: "PUT", url: `/api/dealer/tier/${userId}`, payload: { tier_id: id } }));

describe("retail and dealer prices (issue 24 §1)", () => {
  it("the demo's retail prices are above the dealer list on every product", async () => {
    const rows = await t.database.db.select({ list: products.priceUsd, retail: products.retailPriceUsd }).from(products);
    for (const r of rows) expect(Number(r.retail)).toBeGreaterThan(Number(r.list));
  });

  it("a visitor's quotation is made at the retail price, and an approval without prices quotes it", async () => {
    const made = await t.inject({
      method: "POST",
      url: "/api/quotations",
      remoteAddress: "10.24.0.1",
      payload: {
        customer_name: "Rutendo Retail",
        customer_address: "3 Enterprise Road, Harare",
        customer_email: "rutendo.retail@example.com",
        customer_phone: "+263 77 000 2424",
        notes: "",
        products: [{ product_id: panel.id, quantity: 12 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const [line] = await t.database.db.select().from(quotationProducts).where(eq(quotationProducts.quotationId, id));
    expect(line?.priceUsd).toBe(panel.retail);

    const approved = await actors.inject("admin", {
      method: "PUT",
      url: `/api/quotations/${id}`,
      payload: { status: "approved", currency: "USD", validUntil: addDays(harareDate(new Date()), 14) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().products[0]).toMatchObject({ price: panel.retail, quoted_price: panel.retail });
  });

  it("a dealer's own quotation is made at their price for the quantity", async () => {
    const made = await actors.inject("dealer", {
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: "Farai Dealer",
        customer_address: "45 Lytton Road, Harare",
        customer_email: actors.identity.dealer.email,
        customer_phone: "+263 77 123 4567",
        notes: "",
        products: [{ product_id: panel.id, quantity: 40 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [line] = await t.database.db.select().from(quotationProducts).where(eq(quotationProducts.quotationId, made.json().id));
    // Silver (5 %) and the pallet break (40+: 6 %), rounded once: 118.00 × 0.95 × 0.94 = 105.374.
    expect(line?.priceUsd).toBe(silver(panel.list, "6.00"));
    expect(line?.priceUsd).toBe("105.37");
  });
});

describe("tiers, a tier's own price and breaks (issue 24 §2)", () => {
  it("the Silver dealer sees their price for one, the break table from 1 and their tier; the admin the list and retail", async () => {
    const dealer = await productAs("dealer");
    expect(dealer).toMatchObject({ price_usd: "112.10", tier: { name: "Silver", discount_percent: "5.00" }, retail_price_usd: null });
    expect(dealer.price_breaks.map((b: { min_quantity: number; price_usd: string }) => [b.min_quantity, b.price_usd])).toEqual([
      [1, "112.10"],
      [10, "108.74"],
      [40, "105.37"],
    ]);
    const admin = await productAs("admin");
    expect(admin).toMatchObject({ price_usd: panel.list, retail_price_usd: panel.retail, tier: null });
    expect(admin.price_breaks[0]).toMatchObject({ min_quantity: 1, price_usd: panel.list });
  });

  it("follows the tier an admin puts the company in at once, with a tier's own price replacing its discount", async () => {
    const other = actors.identity.otherDealer.id;
    try {
      expect((await setTier(other, "Gold")).statusCode).toBe(200);
      // Gold's own price of the flagship panel (103.84), with the breaks on top: 10+ 3 %, 40+ 6 %.
      const gold = await productAs("otherDealer");
      expect(gold).toMatchObject({ price_usd: "103.84", tier: { name: "Gold" } });
      expect(gold.price_breaks.map((b: { price_usd: string }) => b.price_usd)).toEqual(["103.84", "100.72", "97.61"]);
      const preview = await actors.inject("otherDealer", { method: "GET", url: `/api/orders/preview?lines=${panel.id}x40` });
      expect(preview.json().lines[0]).toMatchObject({ quantity: 40, unit_price_usd: "97.61" });

      expect((await setTier(other, "Bronze")).statusCode).toBe(200);
      expect((await productAs("otherDealer")).price_usd).toBe(panel.list);
    } finally {
      await setTier(other, "Silver");
    }
  });

  it("a dealer in no tier buys at the lowest, and a tier dealers are in cannot be deleted", async () => {
    const [lowest] = await t.database.db.select().from(dealerTiers).orderBy(asc(dealerTiers.sortOrder), asc(dealerTiers.id)).limit(1);
    expect(lowest?.name).toBe("Bronze");
    // The other dealer without a tier of its own: whichever tier is first in the admins' order is theirs.
    const other = actors.identity.otherDealer.id;
    await t.database.db.update(dealers).set({ tierId: null }).where(eq(dealers.userId, other));
    const silverFirst = await tierId("Silver");
    const move = (direction: "up" | "down") =>
      actors.inject("admin", { method: "POST", url: `/api/dealer-tiers/${silverFirst}/move`, payload: { direction } });
    try {
      expect((await productAs("otherDealer")).tier?.name).toBe("Bronze");
      expect((await productAs("otherDealer")).price_usd).toBe(panel.list);
      expect((await move("up")).statusCode).toBe(200);
      expect((await productAs("otherDealer")).tier?.name).toBe("Silver");
      expect((await productAs("otherDealer")).price_usd).toBe("112.10");
    } finally {
      await move("down");
      await setTier(other, "Silver");
    }
    expect((await productAs("otherDealer")).tier?.name).toBe("Silver");
    const silverId = await tierId("Silver");
    const refused = await actors.inject("admin", { method: "DELETE", url: `/api/dealer-tiers/${silverId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Dealers buy at this tier: move them to another tier first.");
  });

  it("prices each order line at the quantity on it: 1, 10 and 40 panels", async () => {
    for (const [quantity, unit] of [
      [1, "112.10"],
      [10, "108.74"],
      [40, "105.37"],
    ] as const) {
      const preview = await actors.inject("dealer", { method: "GET", url: `/api/orders/preview?lines=${panel.id}x${quantity}` });
      expect(preview.json().lines[0], `${quantity} panels`).toMatchObject({ quantity, unit_price_usd: unit });
    }
  });
});
