import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Product } from "#shared/schemas/catalogue.ts";
import type { Route } from "./+types/compare";
import Compare, { loader } from "./compare.tsx";

const product = (id: number, category_slug: string, specs: Product["specs"], price: string | null = null) =>
  ({
    product_id: id,
    product_name: `Product ${id}`,
    category_slug,
    category_name: category_slug === "solar-panels" ? "Solar Panels" : "Hybrid Inverters",
    brand_name: "SunVolt",
    sku: `SKU-${id}`,
    specs,
    images: "",
    price_usd: price,
    price_zwl: null,
    secondary_currency: "ZWG",
    availability: { status: "in_stock", branches: [] },
  }) as unknown as Product;

const CATALOGUE = [
  product(1, "solar-panels", { power_w: 410, cell_type: "mono PERC" }),
  product(2, "solar-panels", { power_w: 450, cell_type: "mono PERC" }),
  product(3, "solar-panels", { power_w: 330 }),
  product(9, "hybrid-inverters", { power_kw: 5 }),
];

async function load(query: string, actor: unknown = null) {
  const asked: number[][] = [];
  const catalogue = {
    productsByIds: async (_actor: unknown, ids: number[]) => {
      asked.push(ids);
      return CATALOGUE.filter((p) => ids.includes(p.product_id));
    },
    productsByCategory: async () => ({ rows: CATALOGUE.filter((p) => p.category_slug === "solar-panels"), count: 3 }),
  };
  const data = await loader({
    request: new Request(`http://site/compare${query}`),
    context: { actor, services: { catalogue } },
  } as unknown as Route.LoaderArgs);
  return { data, asked, html: renderToStaticMarkup(<Compare {...({ loaderData: data } as unknown as Route.ComponentProps)} />) };
}

describe("/compare's loader and page", () => {
  it("reads at most four ids, keeps the first product's category, names what is left out", async () => {
    const { data, asked } = await load("?ids=2,9,404,1,3,5");
    expect(asked[0]).toEqual([2, 9, 404, 1]);
    expect(data.ids).toEqual([2, 1]);
    expect(data.category?.slug).toBe("solar-panels");
    expect(data.otherCategory).toEqual([{ id: 9, name: "Product 9", category: "Hybrid Inverters" }]);
    expect(data.missing).toBe(1);
    expect(data.extra).toBe(2);
    // The category's other products can be added.
    expect(data.others.map((o) => o.id)).toEqual([3]);
  });

  it("draws a table with column and row headers, a caption, the differing rows marked in words, Remove links", async () => {
    const { html } = await load("?ids=1,2");
    expect(html).toContain('<caption id="compare-caption" class="sr-only">Solar Panels compared</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<tr data-differs=""[^>]*><th scope="row"[^>]*>Maximum power<span[^>]*><span class="sr-only">, <\/span>Differs/);
    expect(html).toMatch(/<tr><th scope="row"[^>]*>Cell type<\/th>/);
    expect(html).toContain('href="/compare?ids=2"');
    expect(html).toContain('Remove<span class="sr-only"> Product 1 from the comparison</span>');
    expect(html).toContain('href="/compare?ids=1,2&amp;diff=1"');
    // A visitor sees no price, only the cue.
    expect(html).toContain("Dealer price after sign-in");
    expect(html).not.toContain("USD");
  });

  it("shows only the differing rows with diff=1, and an empty page for no ids", async () => {
    const { html } = await load("?ids=1,2&diff=1");
    expect(html).toContain("Maximum power");
    expect(html).not.toContain("Cell type");
    const empty = await load("");
    expect(empty.asked).toEqual([]);
    expect(empty.html).toContain("There is nothing to compare yet.");
    expect(empty.html).toContain('href="/category/solar-panels"');
    expect(empty.html).not.toContain("data-compare-page");
  });
});
