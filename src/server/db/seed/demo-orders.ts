import { asc, eq } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { centsToDecimal, convertCents, decimalUnits } from "#shared/money.ts";
import type { CategorySlug } from "#shared/schemas/catalogue.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import type { VatCategory } from "#shared/tax.ts";
import { createTaxDocumentsService } from "../../modules/money/tax-documents.service.ts";
import { figures, priceOrder } from "../../modules/orders/order-pricing.ts";
import { dispatchOrderStock, reserve } from "../../modules/stock/stock-ledger.ts";
import type { Db } from "../client.ts";
import { orderLines, orderStatusEvents, orders, sales } from "../schema/commerce.ts";
import { serials } from "../schema/stock.ts";
import { DEMO_ZWG_RATES } from "./demo-rates.ts";

/**
 * The demo's HS tariff codes (8 digits, Zimbabwe's customs tariff on the HS 2022 headings): photovoltaic modules
 * 8541.43, static converters 8504.40, lithium-ion accumulators 8507.60 (lead-acid 8507.20, set per product),
 * aluminium structures 7610.90, insulated conductors up to 1 000 V 8544.49, connectors 8536.69, circuit breakers 8536.20.
 */
export const DEMO_HS_CODES: Record<CategorySlug, string> = {
  "solar-panels": "85414300",
  "hybrid-inverters": "85044090",
  "energy-storage": "85076000",
  "mounting-equipment": "76109000",
  cabling: "85444900",
  accessories: "85366900",
  "switch-gear": "85362000",
};

const DAY = 86_400_000;

type DemoProduct = {
  id: number;
  name: string;
  categoryId: number;
  priceUsd: string;
  priceZwl: string | null;
  hsCode: string | null;
  vatCategory: VatCategory;
};

/** The demo rate in force on a day (the history is sorted oldest first). */
function demoRateOn(day: string) {
  return [...DEMO_ZWG_RATES].reverse().find((r) => r.effective_date <= day) ?? null;
}

/**
 * The demo dealer's orders, priced as the orders service prices them (VAT and the ZWG rate of their day, frozen):
 * one paid with its tax invoice, one awaiting payment, and one paid then cancelled with its invoice and credit note.
 * The documents are issued by the tax documents service (no e-mails: nobody placed these orders).
 */
export async function seedDemoOrders(
  db: Db,
  dealerUserId: number,
  pick: () => DemoProduct,
  /** Issue 23: the branches, and a pick of serialised goods for the order sent with its serial numbers. */
  stock: { harare: number; bulawayo: number; pickSerialised: () => DemoProduct },
): Promise<void> {
  const now = Date.now();
  const taxDocuments = createTaxDocumentsService({
    db,
    mailer: { send: async () => {} },
    settings: { get: async () => DEFAULT_SITE_SETTINGS },
    siteUrl: "",
  });
  const specs = [
    // Oldest first, so the invoice numbers follow the days they were issued.
    { status: "cancelled", daysAgo: 25, reference: "CBZ-ZIPIT-220961" },
    { status: "paid", daysAgo: 10, reference: "FBC-TT-884213" },
    { status: "dispatched", daysAgo: 6, reference: "STANBIC-RTGS-553017" },
    { status: "awaiting_payment", daysAgo: 2, reference: "" },
  ] as const;
  for (const [i, spec] of specs.entries()) {
    const at = new Date(now - spec.daysAgo * DAY);
    const day = harareDate(at);
    const rate = demoRateOn(day);
    const dispatched = spec.status === "dispatched";
    const chosen = dispatched ? [stock.pickSerialised(), stock.pickSerialised()] : [pick(), pick(), pick()];
    const items = [...new Map(chosen.map((p) => [p.id, p])).values()].map((p, j) => ({
      product: {
        ...p,
        priceZwl: p.priceZwl ?? (rate ? centsToDecimal(convertCents(decimalUnits(p.priceUsd, 2) ?? 0n, rate.rate)) : null),
      },
      quantity: 1 + ((i + j) % 3),
    }));
    const vatRate = day >= "2026-01-01" ? "15.50" : "15.00";
    const amounts = priceOrder(items, vatRate);
    const usd = figures(amounts.usd);
    const zwg = figures(amounts.secondary);
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: dealerUserId,
          status: spec.status,
          currency: "USD",
          vatRate,
          subtotalUsd: usd.subtotal,
          vatUsd: usd.vat,
          totalUsd: usd.total as string,
          subtotal: usd.subtotal,
          vat: usd.vat,
          total: usd.total,
          secondaryCurrency: "ZWG",
          subtotalSecondary: zwg.subtotal,
          vatSecondary: zwg.vat,
          totalSecondary: zwg.total,
          exchangeRate: rate?.rate ?? null,
          rateDate: rate?.effective_date ?? null,
          deliveryAddress: "45 Lytton Road, Workington, Harare",
          contactName: "Farai Dealer",
          contactPhone: "+263 77 234 5678",
          paymentReference: spec.reference || null,
          branchId: stock.harare,
          deliveryCity: "Harare",
          dispatchReference: dispatched ? "Swift waybill SWT-4471902" : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: orders.id });
      const orderId = order?.id as number;
      await tx.insert(orderLines).values(
        amounts.lines.map((l) => ({
          orderId,
          productId: l.product.id,
          productName: l.product.name,
          quantity: l.quantity,
          unitPriceUsd: l.unitUsd,
          unitPrice: l.unitUsd,
          unitPriceSecondary: l.unitSecondary,
          hsCode: l.product.hsCode,
          vatCategory: l.product.vatCategory,
          vatRate: l.vatRate,
        })),
      );
      await tx.insert(orderStatusEvents).values({ orderId, status: "awaiting_payment", changedBy: dealerUserId, createdAt: at });
      const wanted = items.map((l) => ({ productId: l.product.id, quantity: l.quantity }));
      // Placed orders hold their goods at the branch, as the orders service reserves them (issue 23 §4).
      if (spec.status !== "cancelled") await reserve(tx, { orderId }, stock.harare, wanted, at, { userId: dealerUserId });
      if (spec.status === "awaiting_payment") return;
      const paidAt = new Date(at.getTime() + DAY / 4);
      await tx
        .insert(orderStatusEvents)
        .values({ orderId, status: "paid", note: `Payment reference: ${spec.reference}`, createdAt: paidAt });
      await taxDocuments.issueInvoice(tx, orderId, DEFAULT_SITE_SETTINGS, paidAt, { mail: false });
      if (dispatched) {
        const sentAt = new Date(paidAt.getTime() + DAY);
        await tx.insert(orderStatusEvents).values({ orderId, status: "processing", createdAt: new Date(paidAt.getTime() + DAY / 2) });
        await dispatchOrderStock(tx, orderId, stock.harare, wanted, sentAt, null);
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
        await tx.insert(serials).values(
          lines.flatMap((line, k) =>
            Array.from({ length: line.quantity }, (_, u) => ({
              serial: `${["SV", "KP", "HE"][k % 3]}${harareDate(sentAt).replaceAll("-", "").slice(2)}-${String(4100 + orderId * 10 + k * 3 + u).padStart(6, "0")}`,
              productId: line.productId,
              orderId,
              orderLineId: line.id,
              branchId: stock.harare,
              createdAt: sentAt,
            })),
          ),
        );
        await tx.insert(orderStatusEvents).values({ orderId, status: "dispatched", note: "Sent with Swift Transport", createdAt: sentAt });
        await tx.update(orders).set({ updatedAt: sentAt }).where(eq(orders.id, orderId));
      }
      if (spec.status === "paid" || dispatched) {
        // A paid order's lines are sales, as the orders service records them when a payment is confirmed.
        await tx.insert(sales).values(
          amounts.lines.map((l, k) => ({
            productId: l.product.id,
            categoryId: l.product.categoryId,
            orderId,
            quantity: l.quantity,
            amountUsd: centsToDecimal(amounts.usd.lines[k]?.net ?? 0n),
            soldAt: paidAt,
          })),
        );
        return;
      }
      const cancelledAt = new Date(paidAt.getTime() + 2 * DAY);
      const reason = "The customer's roof survey failed; the dealer asked to cancel and was refunded.";
      await tx.insert(orderStatusEvents).values({ orderId, status: "cancelled", note: reason, createdAt: cancelledAt });
      await tx.update(orders).set({ updatedAt: cancelledAt }).where(eq(orders.id, orderId));
      await taxDocuments.issueCreditNote(tx, orderId, reason, cancelledAt, { mail: false });
    });
  }
}
