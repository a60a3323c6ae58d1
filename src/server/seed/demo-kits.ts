import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/catalogue.ts";
import { dealerKitLines, dealerKits } from "../db/schema/dealer-buying.ts";
import { dealers } from "../db/schema/dealers.ts";

/**
 * The demo's saved kit: Sunrise Solar's "5 kVA home kit", what an installer orders for a typical
 * Harare home: a 5 kW hybrid inverter, two 5.12 kWh wall batteries, eight 410 W panels on two tile-roof hook kits,
 * with PV cable, MC4 connectors, battery cable, a DC isolator and surge protection.
 */
export const DEMO_KIT_NAME = "5 kVA home kit";
const DEMO_KIT: readonly (readonly [sku: string, quantity: number])[] = [
  ["SV-HYB5K-48", 1],
  ["SV-LFP5K12-W", 2],
  ["SV-410M-PERC", 8],
  ["GM-TILE-4", 2],
  ["HE-PV6-B100", 1],
  ["ZE-MC4-10", 1],
  ["HE-BAT35-1M", 4],
  ["HE-DCISO-32", 1],
  ["HE-SPD-DC1000", 1],
];

export async function seedDemoKits(db: Db, dealerUserId: number): Promise<void> {
  const [company] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, dealerUserId)).limit(1);
  if (!company) return;
  const rows = await db
    .select({ id: products.productId, sku: products.sku })
    .from(products)
    .where(
      inArray(
        products.sku,
        DEMO_KIT.map(([sku]) => sku),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.sku, r.id]));
  const lines = DEMO_KIT.flatMap(([sku, quantity]) => {
    const productId = idOf.get(sku);
    return productId === undefined ? [] : [{ productId, quantity }];
  });
  if (lines.length === 0) return;
  const [kit] = await db
    .insert(dealerKits)
    .values({ dealerId: company.id, name: DEMO_KIT_NAME, createdBy: dealerUserId })
    .returning({ id: dealerKits.id });
  if (!kit) return;
  await db.insert(dealerKitLines).values(lines.map((l) => ({ kitId: kit.id, ...l })));
}
