import { can } from "#shared/can.ts";
import { ADMIN_PRODUCT_SORTS } from "#shared/schemas/catalogue-admin.ts";
import { orNotFound } from "../../../lib/service-errors.ts";
import type { WebContext } from "../../../load-context.ts";
import { listOf, listOrForm, positiveId } from "./catalogue-admin-shared.ts";

const PRODUCT_LIST = { sorts: ADMIN_PRODUCT_SORTS, defaultSort: "date", defaultDir: "desc", filters: ["category", "hs_code"] } as const;

/**
 * The products tab's data: the categories and brands its list and form choose from, and one page of the list
 * (searched, filtered by category, sorted) or the product the form `?product=new` / `?product=<id>` opens (with the
 * tiers and its price rules when editing).
 */
export async function productsTab(context: WebContext, url: URL) {
  const { catalogue, catalogueAdmin: admin } = context.services;
  const [categories, brands, opened] = await Promise.all([
    catalogue.listCategories(),
    catalogue.listBrandsMin(),
    listOrForm(url, "product", {
      list: () =>
        listOf(url, PRODUCT_LIST, (q) =>
          admin.listProducts(context.actor, {
            ...q,
            category: positiveId(q.filters.category ?? null),
            hs_code: q.filters.hs_code === "missing" ? "missing" : null,
          }),
        ),
      form: async (target) => {
        if (target === "new") return { editing: null, pricing: null };
        // The product's quantity breaks and tier prices, edited below its form: `prices.edit` (decision 035).
        if (!can.do(context.user, "prices.edit"))
          return { editing: await orNotFound(admin.getProduct(context.actor, target)), pricing: null };
        const [editing, tiers, rules] = await Promise.all([
          orNotFound(admin.getProduct(context.actor, target)),
          context.services.pricing.tiers(context.actor),
          context.services.pricing.priceRules(context.actor, target),
        ]);
        return { editing, pricing: { tiers, rules } };
      },
    }),
  ]);
  return { categories, brands, ...opened };
}
