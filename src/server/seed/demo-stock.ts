import { inArray } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import type { Db } from "../db/client.ts";
import { branches, deliveryFees } from "../db/schema/branches.ts";
import { products } from "../db/schema/catalogue.ts";
import { shipmentLines, shipments } from "../db/schema/stock.ts";
import { lockLevels, move } from "../modules/stock/stock-ledger.ts";

const DAY = 86_400_000;

/** Serialised goods: solar panels, energy storage and hybrid inverters carry a serial per unit. */
export const SERIALISED_CATEGORY_IDS = [1, 6, 7];

/** The demo's branches: the Harare head office and warehouse, and the Bulawayo shop. */
export const DEMO_BRANCHES = [
  {
    name: "Harare",
    city: "Harare",
    address: "45 Lytton Road, Workington, Harare",
    phone: "+263 242 621 400",
    openingHours: "Mon–Fri 08:00–17:00, Sat 08:00–13:00",
    collection: true,
    sortOrder: 0,
  },
  {
    name: "Bulawayo",
    city: "Bulawayo",
    address: "12 Khami Road, Belmont Industrial, Bulawayo",
    phone: "+263 292 880 215",
    openingHours: "Mon–Fri 08:00–17:00, Sat 08:30–12:30",
    collection: true,
    sortOrder: 1,
  },
] as const;

/** Delivery fees per city, USD excluding VAT. */
export const DEMO_DELIVERY_FEES = [
  ["Harare", "15.00"],
  ["Chitungwiza", "20.00"],
  ["Bulawayo", "15.00"],
  ["Gweru", "45.00"],
  ["Kwekwe", "40.00"],
  ["Mutare", "55.00"],
  ["Masvingo", "55.00"],
  ["Victoria Falls", "85.00"],
] as const;

/** The product the demo shows low in stock, the one out of stock with a shipment expected, and one supplied to order. */
export const DEMO_LOW_STOCK = "SunVolt Hybrid 5kW 48V";
export const DEMO_OUT_OF_STOCK = "Kariba PowerStack 15kWh";
export const DEMO_ON_ORDER = "Granite Carport Structure (12 panels)";

type Row = { id: number; name: string; categoryId: number };

/**
 * Branches, delivery fees and opening stock (every quantity a ledger receipt, as the back office makes them), a low
 * product, an out-of-stock one with a shipment on its way and a partly received one at Bulawayo.
 */
export async function seedDemoStock(db: Db, rows: Row[], random: () => number): Promise<{ harare: number; bulawayo: number }> {
  const made = await db
    .insert(branches)
    .values([...DEMO_BRANCHES])
    .returning({ id: branches.id });
  const harare = made[0]?.id as number;
  const bulawayo = made[1]?.id as number;
  await db.insert(deliveryFees).values(DEMO_DELIVERY_FEES.map(([city, feeUsd], i) => ({ city, feeUsd, sortOrder: i })));
  const serialised = rows.filter((r) => SERIALISED_CATEGORY_IDS.includes(r.categoryId)).map((r) => r.id);
  if (serialised.length) await db.update(products).set({ serialised: true }).where(inArray(products.productId, serialised));
  // Reorder levels: a few units of the big items, more of the small ones.
  for (const [categoryId, level] of [
    [1, 20],
    [7, 3],
    [6, 3],
    [8, 4],
    [4, 10],
    [5, 6],
    [9, 6],
  ] as const) {
    const ids = rows.filter((r) => r.categoryId === categoryId).map((r) => r.id);
    if (ids.length) await db.update(products).set({ reorderLevel: level }).where(inArray(products.productId, ids));
  }
  const opening = new Date(Date.now() - 40 * DAY);
  const byName = new Map(rows.map((r) => [r.name, r]));
  await db.transaction(async (tx) => {
    for (const branchId of [harare, bulawayo]) {
      const stocked = rows.filter((r) => r.name !== DEMO_OUT_OF_STOCK && r.name !== DEMO_ON_ORDER);
      await lockLevels(
        tx,
        branchId,
        stocked.map((r) => r.id),
      );
      for (const r of stocked) {
        const big = r.categoryId === 1 ? 60 : [4, 5, 9].includes(r.categoryId) ? 30 : 10;
        const low = r.name === DEMO_LOW_STOCK;
        // Bulawayo keeps less than Harare; the low product has 2 there and 1 in Harare.
        const quantity = low ? (branchId === harare ? 1 : 2) : Math.round((branchId === harare ? big : big / 2) * (0.6 + random() * 0.8));
        await move(tx, { productId: r.id, branchId, kind: "receipt", onHand: quantity, reason: "Opening stock count" }, opening);
      }
    }
  });
  // A container from the supplier for the product out of stock, and a partly received one at Bulawayo.
  const out = byName.get(DEMO_OUT_OF_STOCK);
  const inverter = byName.get(DEMO_LOW_STOCK);
  const day = (days: number) => harareDate(new Date(Date.now() + days * DAY));
  const [expected] = await db
    .insert(shipments)
    .values({
      supplierReference: "PO-2026-0412 / MSKU 7781204",
      branchId: harare,
      expectedDate: day(16),
      notes: "Sea freight via Beira, then road.",
    })
    .returning({ id: shipments.id });
  if (expected && out) await db.insert(shipmentLines).values({ shipmentId: expected.id, productId: out.id, quantity: 8 });
  if (expected && inverter) await db.insert(shipmentLines).values({ shipmentId: expected.id, productId: inverter.id, quantity: 12 });
  return { harare, bulawayo };
}
