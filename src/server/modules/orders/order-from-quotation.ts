import { asc, eq } from "drizzle-orm";
import { decimalUnits, RATE_PLACES, signedCents } from "#shared/money.ts";
import { QUOTATION_NEEDS_REAPPROVAL, signedCharge, unitInOtherCurrencies } from "#shared/quotation-totals.ts";
import { taxTotals, totalsAsText } from "#shared/tax.ts";
import type { Tx } from "../../db/client.ts";
import { orderLines, orderStatusEvents, orders, quotationCharges, quotationProducts, type quotations } from "../../db/schema/commerce.ts";
import { ConflictError } from "../../platform/errors.ts";
import { type LineRequest, release, reserve } from "../stock/index.ts";
import type { StockService } from "../stock/stock.service.ts";

/**
 * An approved quotation becomes an order: at its quoted prices, in its currency, at the exchange rate
 * and VAT rates frozen on approval; its charges become lines of kind delivery, installation or discount (a discount's
 * unit price is negative). In the caller's transaction, with the quotation row locked by it: the quotation's stock
 * hold is released and the order's lines reserved at the same branch (what is not there is backordered), as
 * `placeOrder` does. `orders.quotation_id` is unique, so a quotation never makes two orders.
 */
export type QuotationOrderInput = {
  quotation: typeof quotations.$inferSelect;
  /** Who accepted it (a company's owner or buyer): the order's `placed_by`. */
  placedBy: number;
  at: Date;
  /** The site's secondary currency label, which a USD order's secondary amounts are in. */
  secondaryCurrency: string;
};

type Deps = { stock: Pick<StockService, "chooseBranch"> };

export async function insertOrderFromQuotation(tx: Tx, deps: Deps, input: QuotationOrderInput): Promise<number> {
  const q = input.quotation;
  if (q.userId === null) throw new ConflictError("Only a dealer's quotation becomes an order.");
  // Never an order without its VAT (decision 017): a quotation approved before VAT was frozen is approved again first.
  if (q.vatRate === null) throw new ConflictError(QUOTATION_NEEDS_REAPPROVAL(q.id));
  const [lines, charges] = await Promise.all([
    tx.select().from(quotationProducts).where(eq(quotationProducts.quotationId, q.id)).orderBy(asc(quotationProducts.id)),
    tx.select().from(quotationCharges).where(eq(quotationCharges.quotationId, q.id)).orderBy(asc(quotationCharges.id)),
  ]);
  const rate = q.exchangeRate && decimalUnits(q.exchangeRate, RATE_PLACES) ? q.exchangeRate : null;
  const usdQuote = q.currency === "USD";
  // Each line's unit price in the quotation's currency, in USD and in the secondary currency at the frozen rate.
  const priced = [
    ...lines.map((l) => {
      const unit = l.quotedPrice ?? (usdQuote ? l.priceUsd : null);
      if (unit === null || l.productId === null) {
        throw new ConflictError(`${l.productName} has no quoted price or is no longer sold: please ask us to quote it again.`);
      }
      return {
        kind: "product" as const,
        productId: l.productId,
        name: l.productName,
        quantity: l.quantity,
        unit,
        hsCode: l.hsCode,
        vatCategory: l.vatCategory,
        vatRate: l.vatRate,
      };
    }),
    ...charges.map((c) => ({
      kind: c.kind,
      productId: null,
      name: c.label || c.kind,
      quantity: 1,
      unit: signedCharge(c),
      hsCode: null,
      vatCategory: "standard" as const,
      vatRate: q.vatRate,
    })),
  ].map((l) => {
    // The same conversion as the quotation's own other-currency totals, so the order repeats them to the cent.
    const { usd, secondary } = unitInOtherCurrencies(l.unit, q.currency, rate);
    if (usd === null) throw new ConflictError("The quotation has no exchange rate to price it in USD: please ask us to quote it again.");
    return { ...l, usd, secondary };
  });
  const totalsOf = (unit: (l: (typeof priced)[number]) => string | null) =>
    priced.every((l) => unit(l) !== null)
      ? totalsAsText(
          taxTotals(
            priced.map((l) => ({ unit: unit(l) as string, quantity: l.quantity, vatRate: l.vatRate })),
            q.vatRounding,
          ),
        )
      : { subtotal: null, vat: null, total: null };
  const own = totalsOf((l) => l.unit);
  // No document totals nothing or less (a discount larger than the goods): refused before anything is written.
  if ((signedCents(own.total) ?? 0n) <= 0n) {
    throw new ConflictError(`Quotation #${q.id} totals ${own.total ?? "nothing"}: please ask us to quote it again.`);
  }
  const usd = totalsOf((l) => l.usd);
  const secondary = totalsOf((l) => l.secondary);
  const wanted: LineRequest[] = priced.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }]));
  // The branch that held the quotation's stock; a quotation approved before branches gets the best-stocked one.
  const branchId = q.branchId ?? (await deps.stock.chooseBranch(tx, wanted, { collection: false })).id;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: q.userId,
      placedBy: input.placedBy,
      quotationId: q.id,
      status: "awaiting_payment",
      currency: q.currency,
      vatRate: q.vatRate,
      // The quotation's rounding (decision 031), so the order repeats its approved figures to the cent.
      vatRounding: q.vatRounding,
      subtotalUsd: usd.subtotal,
      vatUsd: usd.vat,
      totalUsd: usd.total as string,
      subtotal: own.subtotal,
      vat: own.vat,
      total: own.total,
      secondaryCurrency: usdQuote ? (rate ? input.secondaryCurrency : null) : q.currency,
      subtotalSecondary: secondary.subtotal,
      vatSecondary: secondary.vat,
      totalSecondary: secondary.total,
      exchangeRate: q.exchangeRate,
      rateDate: q.rateDate,
      fulfilment: "delivery",
      contactName: q.requesterName,
      contactPhone: q.requesterPhone,
      deliveryAddress: q.requesterAddress,
      branchId,
      notes: `From quotation #${q.id}`,
      idempotencyKey: `quotation-${q.id}`,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("order insert returned nothing");
  await tx.insert(orderLines).values(
    priced.map((l) => ({
      orderId: order.id,
      kind: l.kind,
      productId: l.productId,
      productName: l.name,
      quantity: l.quantity,
      unitPriceUsd: l.usd,
      unitPrice: l.unit,
      unitPriceSecondary: l.secondary,
      hsCode: l.hsCode,
      vatCategory: l.vatCategory,
      vatRate: l.vatRate,
    })),
  );
  await tx.insert(orderStatusEvents).values({
    orderId: order.id,
    status: "awaiting_payment",
    changedBy: input.placedBy,
    note: `Quotation #${q.id} accepted`,
    createdAt: input.at,
  });
  // What the quotation held goes to the order, at the same branch; what is not there is backordered.
  await release(tx, { quotationId: q.id }, `Quotation ${q.id} accepted as order ${order.id}`, input.at, input.placedBy);
  await reserve(tx, { orderId: order.id }, branchId, wanted, input.at, { userId: input.placedBy });
  return order.id;
}
