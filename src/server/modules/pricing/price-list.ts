import { asc, eq } from "drizzle-orm";
import { harareDate } from "#shared/date-range.ts";
import { breaksText, type PriceList, type PriceListRow } from "#shared/schemas/pricing.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { availabilityLabel } from "#shared/schemas/stock.ts";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/catalogue.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireGoodStanding, requireStaff, requireUser, staffOf } from "../../platform/auth/actor.ts";
import { type CsvColumn, toCsv } from "../../platform/csv.ts";
import { ForbiddenError } from "../../platform/errors.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import { readAvailability } from "../stock/index.ts";
import { priceBreaksOf, readPriceRules, tierOfUser, unitPrices } from "./price-book.ts";
import { priceListPdf } from "./price-list-pdf.ts";

export const PRICE_LIST_FOR_DEALERS =
  "The price list is for approved dealers. Apply to become a dealer from the dealer area, or sign in with your dealer account.";

/**
 * A dealer's price list: every priced product with the dealer's own unit price for one, its break table,
 * its availability and its secondary price at the day's rate, dated. Prices come from the price book (one read for all
 * products), so the list says what the catalogue, the cart and the order charge. Admins get it at the dealer list price.
 */
export function createPriceListService({
  db,
  catalogue,
  settings,
  now = () => new Date(),
}: {
  db: Db;
  catalogue: Pick<CatalogueService, "secondaryPricing">;
  settings: { get(): Promise<SiteSettings> };
  now?: () => Date;
}) {
  async function priceList(actor: Actor): Promise<PriceList> {
    const user = requireUser(actor);
    const isAdmin = staffOf(user) !== null;
    if (user.role !== "dealer" && !isAdmin) throw new ForbiddenError(PRICE_LIST_FOR_DEALERS);
    // Decision 035: the back office's view of the price list is the prices' permission.
    if (isAdmin) requireStaff(user, "prices.edit");
    requireGoodStanding(user);
    const [rows, pricing, tier, company] = await Promise.all([
      db
        .select({
          id: products.productId,
          sku: products.sku,
          name: products.productName,
          priceUsd: products.priceUsd,
          priceZwl: products.priceZwl,
          categoryId: categories.id,
          categoryName: categories.name,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(asc(categories.sortOrder), asc(categories.id), asc(products.productName), asc(products.productId)),
      catalogue.secondaryPricing(true),
      isAdmin ? null : tierOfUser(db, user.companyUserId),
      isAdmin
        ? null
        : db
            .select({ trading: dealers.tradingName, registered: dealers.registeredCompany })
            .from(dealers)
            .where(eq(dealers.userId, user.companyUserId))
            .limit(1)
            .then(([d]) => d ?? null),
    ]);
    const ids = rows.map((r) => r.id);
    const [book, stock] = await Promise.all([
      readPriceRules(
        db,
        tier,
        rows.map((r) => ({ productId: r.id, priceUsd: r.priceUsd, priceZwl: r.priceZwl })),
        pricing.rate?.rate ?? null,
      ),
      readAvailability(db, ids, false),
    ]);
    const listed: PriceListRow[] = [];
    for (const r of rows) {
      const price = book.get(r.id);
      if (!price) continue;
      const unit = unitPrices(price, 1);
      const availability = stock.get(r.id) ?? { status: "on_order" as const, branches: [] };
      listed.push({
        product_id: r.id,
        sku: r.sku,
        product_name: r.name,
        category_id: r.categoryId,
        category_name: r.categoryName,
        price_usd: unit.usd,
        price_zwl: unit.secondary,
        price_breaks: priceBreaksOf(price),
        availability_status: availability.status,
        availability: availabilityLabel(availability),
        next_arrival: availability.next_arrival ?? null,
      });
    }
    return {
      date: harareDate(now()),
      dealer_name: company ? company.trading?.trim() || company.registered?.trim() || null : null,
      tier: isAdmin ? null : tier,
      secondary_currency: pricing.currency,
      exchange_rate: pricing.rate?.rate ?? null,
      rate_date: pricing.rate?.effective_date ?? null,
      rows: listed,
    };
  }

  return {
    priceList,

    /** The list as CSV (`price-list-<date>.csv`): one header row, then a row per product. */
    async csv(actor: Actor): Promise<{ fileName: string; body: string }> {
      const list = await priceList(actor);
      return { fileName: `price-list-${list.date}.csv`, body: toCsv(list.rows, priceListColumns(list)) };
    },

    /** The list as an A4 PDF (`price-list-<date>.pdf`) with the company's header. */
    async pdf(actor: Actor): Promise<{ fileName: string; body: Uint8Array }> {
      const list = await priceList(actor);
      return { fileName: `price-list-${list.date}.pdf`, body: await priceListPdf(list, await settings.get()) };
    },
  };
}

export type PriceListService = ReturnType<typeof createPriceListService>;

/** The CSV's columns: the secondary currency's only when some product has a price in it (a rate of the day, or an override). */
export function priceListColumns(list: PriceList): CsvColumn<PriceListRow>[] {
  const secondary = list.rows.some((r) => r.price_zwl !== null);
  return [
    { header: "SKU", value: (r) => r.sku },
    { header: "Product", value: (r) => r.product_name },
    { header: "Category", value: (r) => r.category_name },
    { header: "Price USD (1+)", value: (r) => r.price_usd },
    ...(secondary ? [{ header: `Price ${list.secondary_currency} (1+)`, value: (r: PriceListRow) => r.price_zwl }] : []),
    { header: "Breaks", value: (r) => breaksText(r.price_breaks) },
    { header: "Availability", value: (r) => r.availability },
  ];
}
