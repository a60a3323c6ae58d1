import { eq, inArray } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { DEFAULT_PRODUCT_IMAGE } from "#shared/media.ts";
import { centsNumber } from "#shared/money.ts";
import { productKeyLine } from "#shared/product-key-line.ts";
import { toCents } from "#shared/quotation-totals.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { SizingAnswer, SizingRequest } from "#shared/schemas/sizing.ts";
import { DEFAULT_SIZING_SETTINGS, type SizingCategory, type SizingProduct, sizeSystem } from "#shared/sizing.ts";
import { sizingSummary } from "#shared/sizing-summary.ts";
import type { SpecValues } from "#shared/specs.ts";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/catalogue.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { readAvailability } from "../stock/index.ts";

/** The categories a kit is made of. */
const SIZING_CATEGORIES: readonly SizingCategory[] = ["solar-panels", "hybrid-inverters", "energy-storage"];

type CatalogueProduct = SizingProduct & { image: string };

/**
 * The solar calculator: `#shared/sizing.ts` does the arithmetic and the choosing; this reads the
 * catalogue's panels, inverters and batteries (one query, those three categories only, through
 * products_category_idx) and the site's sun hours (`sunHours`, the admin's settings form), and names the products.
 *
 * Public, and it reveals no price: prices only break ties between adequate products ("the cheapest"), as integer
 * cents, and never leave this service. Each line of the kit carries its availability, with quantities
 * for dealers and admins only, so the kit can warn about a line that is short.
 */
export function createSizingService(db: Db, settings: { get(): Promise<Pick<SiteSettings, "sunHours">> }) {
  async function catalogue(): Promise<CatalogueProduct[]> {
    const rows = await db
      .select({
        id: products.productId,
        name: products.productName,
        specs: products.specs,
        price: products.priceUsd,
        images: products.images,
        category: categories.slug,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(categories.slug, [...SIZING_CATEGORIES]));
    return rows.map((r) => {
      const cents = toCents(r.price);
      return {
        id: r.id,
        name: r.name,
        category: r.category as SizingCategory,
        specs: r.specs,
        price: cents === null ? null : centsNumber(cents),
        image: r.images[0] ?? DEFAULT_PRODUCT_IMAGE,
      };
    });
  }

  return {
    /** The loads of `input`, the kit that carries them from the catalogue, the checks and the working. */
    async size(input: SizingRequest, actor: Actor = null): Promise<SizingAnswer> {
      const [list, site] = await Promise.all([catalogue(), settings.get()]);
      const sunHours = input.sun_hours ?? site.sunHours ?? DEFAULT_SIZING_SETTINGS.sun_hours;
      const result = sizeSystem({ appliances: input.appliances, backup_hours: input.backup_hours }, list, { sun_hours: sunHours });
      const byId = new Map(list.map((p) => [p.id, p]));
      const stock = await readAvailability(
        db,
        result.items.map((i) => i.product_id),
        can.seePrices(actor),
      );
      const items = result.items.map((item) => {
        const p = byId.get(item.product_id) as CatalogueProduct;
        return {
          ...item,
          product_name: p.name,
          key_spec: productKeyLine(p.category, p.name, p.specs as SpecValues),
          image: p.image,
          availability: stock.get(item.product_id) ?? { status: "on_order" as const, branches: [] },
        };
      });
      const answer = {
        daily_kwh: result.daily_kwh,
        peak_kw: result.peak_kw,
        surge_kw: result.surge_kw,
        backup_hours: input.backup_hours,
        sun_hours: sunHours,
        items,
        checks: result.checks,
        working: result.working,
      };
      return { ...answer, summary: sizingSummary(input, answer) };
    },
  };
}

export type SizingService = ReturnType<typeof createSizingService>;
