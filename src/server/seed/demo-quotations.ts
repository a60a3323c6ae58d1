import { and, asc, eq, isNotNull } from "drizzle-orm";
import { centsToDecimal, discountedCents, signedCents } from "#shared/money.ts";
import { addDays, endOfHarareDay, harareDate } from "#shared/quotation-status.ts";
import { lineVatRate } from "#shared/tax.ts";
import type { Db } from "../db/client.ts";
import { branches } from "../db/schema/branches.ts";
import { products } from "../db/schema/catalogue.ts";
import { quotationCharges, quotationProducts, quotations } from "../db/schema/commerce.ts";
import { taxRates } from "../db/schema/money.ts";
import { release, reserve } from "../modules/stock/stock-ledger.ts";

/** The standard VAT rate the demo's quotation is frozen at (the newest of the seeded rates). */
async function standardRate(db: Db): Promise<string> {
  const rows = await db.select({ rate: taxRates.rate, from: taxRates.validFrom }).from(taxRates);
  const today = harareDate(new Date());
  return rows.filter((r) => r.from <= today).sort((a, b) => (a.from < b.from ? 1 : -1))[0]?.rate ?? "15.50";
}

/**
 * The accepted quotations' demo: the demo dealer's approved quotation of three products and a delivery charge, valid three
 * weeks, waiting for "Accept and place order" on /dealer/quotations. Its lines are held at the Harare branch until it
 * expires, as an admin's approval holds them. The quoted prices are 3 % under the dealer's list price.
 */
export async function seedDemoAcceptableQuotation(db: Db, dealerUserId: number, adminUserId: number): Promise<void> {
  const chosen = await db
    .select()
    .from(products)
    .where(and(isNotNull(products.priceUsd), eq(products.vatCategory, "standard")))
    .orderBy(asc(products.productId))
    .limit(12);
  const lines = [chosen[1], chosen[4], chosen[7]].filter((p): p is NonNullable<typeof p> => p !== undefined);
  if (lines.length < 3) return;
  const [branch] = await db.select().from(branches).orderBy(asc(branches.id)).limit(1);
  const vat = await standardRate(db);
  const now = new Date();
  const validUntil = endOfHarareDay(addDays(harareDate(now), 21));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quotations)
      .values({
        userId: dealerUserId,
        placedBy: dealerUserId,
        status: "approved",
        requesterName: "Farai Dealer",
        requesterAddress: "14 Kwame Nkrumah Avenue, Harare",
        requesterPhone: "+263771000199",
        requesterEmail: "dealer@solar-demo.example",
        notes: "5 kVA home kit for a client in Mutare, delivered to site.",
        currency: "USD",
        validUntil,
        vatRate: vat,
        branchId: branch?.id ?? null,
        decidedBy: adminUserId,
        decidedAt: now,
        createdAt: new Date(now.getTime() - 2 * 86_400_000),
        updatedAt: now,
      })
      .returning({ id: quotations.id });
    const id = row?.id as number;
    await tx.insert(quotationProducts).values(
      lines.map((p, i) => {
        const quoted = discountedCents(signedCents(p.priceUsd) ?? 0n, ["3"]);
        return {
          quotationId: id,
          productId: p.productId,
          productName: p.productName,
          quantity: [1, 2, 4][i] ?? 1,
          priceUsd: p.priceUsd,
          quotedPrice: centsToDecimal(quoted),
          hsCode: p.hsCode,
          vatCategory: p.vatCategory,
          vatRate: lineVatRate(p.vatCategory, vat),
        };
      }),
    );
    await tx.insert(quotationCharges).values({ quotationId: id, kind: "delivery", label: "Delivery to Mutare", amount: "85.00" });
    if (branch) {
      await release(tx, { quotationId: id }, "Demo", now);
      await reserve(
        tx,
        { quotationId: id },
        branch.id,
        lines.map((p, i) => ({ productId: p.productId, quantity: [1, 2, 4][i] ?? 1 })),
        now,
        { userId: adminUserId, expiresAt: validUntil },
      );
    }
  });
}
