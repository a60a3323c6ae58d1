import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  addDays,
  type DateRange,
  daysIn,
  endOf,
  harareDate,
  previousRange,
  resolveRange,
  seriesBuckets,
  startOfDay,
} from "#shared/date-range.ts";
import { centsNumber, centsToDecimal, signedCents } from "#shared/money.ts";
import type { ProductSales, Sale, SaleInput, SalesFigures, SalesQuery, Statistics } from "#shared/schemas/sales.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { CountWindows } from "../../db/count-windows.ts";
import { sales } from "../../db/schema/commerce.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { FieldError } from "../../platform/errors.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import { allProductRefs, productIdsInCategory, productRefs } from "../catalogue/index.ts";
import { unreadMessageCounts } from "../contact/index.ts";
import { documentsAwaitingReviewCounts, pendingApplicationCounts } from "../dealers/index.ts";
import { awaitingPaymentCounts } from "../orders/index.ts";
import { quotationStatusCounts } from "../quotations/index.ts";

type Deps = {
  db: Db;
  audit: Pick<AuditService, "record">;
  catalogue: Pick<CatalogueService, "listCategories">;
  /** The clock, so tests can pin "today". */
  now?: () => Date;
};

/** A paid order's lines, as the orders service hands them over when the order is confirmed paid. */
export type PaidOrder = {
  orderId: number;
  paidAt: Date;
  lines: { productId: number | null; quantity: number; unitPriceUsd: string }[];
};

export const UNKNOWN_PRODUCT = "Choose a product from the catalogue.";
export const FUTURE_SALE = "The date of a sale cannot be in the future.";
/** A sale row whose product has since been deleted from the catalogue. */
export const DELETED_PRODUCT = "Product no longer in the catalogue";

/** The Harare calendar day of a sale, in SQL (the session's own time zone plays no part). */
const saleDay = sql<string>`to_char((${sales.soldAt} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`;
const cents = sql<string>`coalesce(sum(${sales.amountUsd} * 100), 0)::bigint::text`;
const quantity = sql<string>`coalesce(sum(${sales.quantity}), 0)::bigint::text`;

/**
 * Sales figures and the dashboard's statistics (spec §7: GET /sales, POST /sales/, GET /sales/products, GET
 * /statistics/). A sale is a row of `sales`: one per line of a dealer order once it is confirmed paid (written by
 * the orders service through `recordPaidOrder`, in its transaction), or one an admin records for a sale made
 * outside the website. Amounts are in USD.
 */
export function createSalesService({ db, audit, catalogue, now = () => new Date() }: Deps) {
  function salesWhere(range: DateRange, category: number | undefined): SQL {
    return and(
      gte(sales.soldAt, startOfDay(range.from)),
      lt(sales.soldAt, endOf(range)),
      category === undefined ? undefined : eq(sales.categoryId, category),
    ) as SQL;
  }

  function windowsOf(range: DateRange): CountWindows {
    const before = previousRange(range);
    return {
      period: { start: startOfDay(range.from), end: endOf(range) },
      previous: { start: startOfDay(before.from), end: endOf(before) },
    };
  }

  async function toSale(row: typeof sales.$inferSelect, exec: Db | Tx = db): Promise<Sale> {
    const [ref] = row.productId === null ? [] : await productRefs(exec, [row.productId]);
    return {
      id: row.id,
      product_id: row.productId,
      product_name: ref?.name ?? DELETED_PRODUCT,
      category_id: row.categoryId,
      order_id: row.orderId,
      quantity: row.quantity,
      amount_usd: row.amountUsd,
      sold_At: row.soldAt.toISOString(),
    };
  }

  return {
    /** Totals over the range and the period before it, a series (by day, or by week over long ranges), and per category. */
    async figures(actor: Actor, query: SalesQuery): Promise<SalesFigures> {
      requireStaff(actor, "sales.read");
      const range = resolveRange(query, now());
      const before = previousRange(range);
      const span = { from: before.from, to: range.to };
      const [days, perCategory, names] = await Promise.all([
        db
          .select({ day: saleDay, cents, quantity, count: sql<number>`count(*)::int` })
          .from(sales)
          .where(salesWhere(span, query.category))
          .groupBy(saleDay),
        db
          .select({ categoryId: sales.categoryId, cents, quantity })
          .from(sales)
          .where(salesWhere(range, query.category))
          .groupBy(sales.categoryId),
        catalogue.listCategories(),
      ]);
      const total = { cents: 0, quantity: 0, count: 0 };
      const previous = { cents: 0, quantity: 0, count: 0 };
      const byDay = new Map<string, { cents: number; quantity: number }>();
      for (const d of days) {
        const into = d.day >= range.from ? total : previous;
        into.cents += centsNumber(d.cents);
        into.quantity += Number(d.quantity);
        into.count += Number(d.count);
        byDay.set(d.day, { cents: centsNumber(d.cents), quantity: Number(d.quantity) });
      }
      const buckets = seriesBuckets(range);
      const series = buckets.map((b) => {
        let c = 0;
        let q = 0;
        for (let day = b.start; day <= b.end; day = addDays(day, 1)) {
          const hit = byDay.get(day);
          if (hit) {
            c += hit.cents;
            q += hit.quantity;
          }
        }
        return { start: b.start, end: b.end, amount_usd: centsToDecimal(BigInt(c)), quantity: q };
      });
      const sold = new Map(perCategory.map((c) => [c.categoryId, c]));
      const categories = names
        .filter((c) => query.category === undefined || c.id === query.category)
        .map((c) => {
          const hit = sold.get(c.id);
          return {
            category_id: c.id,
            name: c.name,
            amount_usd: centsToDecimal(BigInt(hit?.cents ?? 0)),
            quantity: Number(hit?.quantity ?? 0),
          };
        });
      return {
        from: range.from,
        to: range.to,
        category: query.category ?? null,
        granularity: daysIn(range) === buckets.length ? "day" : "week",
        total: { amount_usd: centsToDecimal(BigInt(total.cents)), quantity: total.quantity, count: total.count },
        previous: {
          from: before.from,
          to: before.to,
          amount_usd: centsToDecimal(BigInt(previous.cents)),
          quantity: previous.quantity,
          count: previous.count,
        },
        series,
        categories,
      };
    },

    /** The products sold over the range, by amount (largest first), at most `limit`. */
    async productSales(actor: Actor, query: SalesQuery & { limit: number }): Promise<ProductSales> {
      requireStaff(actor, "sales.read");
      const range = resolveRange(query, now());
      const amount = sql<string>`coalesce(sum(${sales.amountUsd} * 100), 0)`;
      const rows = await db
        .select({ productId: sales.productId, categoryId: sql<number | null>`min(${sales.categoryId})`, cents, quantity })
        .from(sales)
        .where(salesWhere(range, query.category))
        .groupBy(sales.productId)
        .orderBy(desc(amount), sales.productId)
        .limit(query.limit);
      const refs = await productRefs(
        db,
        rows.flatMap((r) => (r.productId === null ? [] : [r.productId])),
      );
      const names = new Map(refs.map((r) => [r.id, r]));
      return {
        from: range.from,
        to: range.to,
        category: query.category ?? null,
        rows: rows.map((r) => {
          const ref = r.productId === null ? undefined : names.get(r.productId);
          return {
            product_id: r.productId,
            product_name: ref?.name ?? DELETED_PRODUCT,
            category_id: r.categoryId === null ? (ref?.categoryId ?? null) : Number(r.categoryId),
            quantity: Number(r.quantity),
            amount_usd: centsToDecimal(BigInt(r.cents)),
          };
        }),
      };
    },

    /** A sale made outside the website (at the counter, by phone): recorded by an admin, with an audit entry. */
    async record(actor: Actor, input: SaleInput): Promise<Sale> {
      const admin = requireStaff(actor, "sales.read");
      if (input.date > harareDate(now())) throw new FieldError(FUTURE_SALE, "date");
      return db.transaction(async (tx) => {
        const [product] = await productRefs(tx, [input.product_id]);
        if (!product) throw new FieldError(UNKNOWN_PRODUCT, "product_id");
        const [row] = await tx
          .insert(sales)
          .values({
            productId: product.id,
            categoryId: product.categoryId,
            quantity: input.quantity,
            amountUsd: centsToDecimal(signedCents(input.amount_usd) ?? 0n),
            // Noon in Harare: the sale falls on its day whichever way a reader rounds.
            soldAt: new Date(startOfDay(input.date).getTime() + 12 * 3_600_000),
          })
          .returning();
        if (!row) throw new Error("sale insert returned nothing");
        const sale = await toSale(row, tx);
        await audit.record(tx, admin, {
          entity: "sale",
          entityId: sale.id,
          action: "create",
          summary: `Recorded a sale of ${sale.quantity} × ${sale.product_name} for USD ${sale.amount_usd} on ${input.date}`,
          after: sale,
        });
        return sale;
      });
    },

    /** The products an admin may record a sale of. */
    async productChoices(actor: Actor): Promise<{ id: number; name: string; categoryId: number }[]> {
      requireStaff(actor, "sales.read");
      return allProductRefs(db);
    },

    /**
     * A dealer order confirmed paid becomes sales: one row per line, at the order's USD prices, dated when it was
     * paid, in the product's category at that time. Runs in the caller's transaction; calling it again for the same
     * order replaces its rows, so a repeated confirmation never counts an order twice.
     */
    async recordPaidOrder(tx: Tx, order: PaidOrder): Promise<void> {
      await tx.delete(sales).where(eq(sales.orderId, order.orderId));
      if (order.lines.length === 0) return;
      const refs = await productRefs(
        tx,
        order.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
      );
      const categoryOf = new Map(refs.map((r) => [r.id, r.categoryId]));
      await tx.insert(sales).values(
        order.lines.map((l) => ({
          productId: l.productId,
          categoryId: l.productId === null ? null : (categoryOf.get(l.productId) ?? null),
          orderId: order.orderId,
          quantity: l.quantity,
          amountUsd: centsToDecimal((signedCents(l.unitPriceUsd) ?? 0n) * BigInt(l.quantity)),
          soldAt: order.paidAt,
        })),
      );
    },

    /** A paid order was cancelled (refunded): its sales no longer count. */
    async withdrawOrder(tx: Tx, orderId: number): Promise<void> {
      await tx.delete(sales).where(eq(sales.orderId, orderId));
    },

    /**
     * The dashboard's counts over the range: pending dealer applications and dealer documents awaiting review, quotations by status (an approved one past
     * its validity counts as expired), orders awaiting payment and unread messages; each as all now, and those that
     * came in this period and the previous one. The category keeps the quotations and orders holding its products.
     */
    async statistics(actor: Actor, query: SalesQuery): Promise<Statistics> {
      requireStaff(actor, "sales.read");
      const at = now();
      const range = resolveRange(query, at);
      const before = previousRange(range);
      const windows = windowsOf(range);
      const productIds = query.category === undefined ? undefined : await productIdsInCategory(db, query.category);
      const [pending, documentsToReview, quotations, awaiting, unread] = await Promise.all([
        pendingApplicationCounts(db, windows),
        documentsAwaitingReviewCounts(db, windows),
        quotationStatusCounts(db, { windows, now: at, productIds }),
        awaitingPaymentCounts(db, { windows, productIds }),
        unreadMessageCounts(db, windows),
      ]);
      return {
        from: range.from,
        to: range.to,
        previous: before,
        category: query.category ?? null,
        dealers: { pending, documents_to_review: documentsToReview },
        quotations,
        orders: { awaiting_payment: awaiting },
        messages: { unread },
      };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
