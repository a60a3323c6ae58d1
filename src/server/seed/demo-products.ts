import { DEFAULT_PRODUCT_IMAGE, MEDIA_FOLDERS } from "#shared/media.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "#shared/schemas/catalogue.ts";
import type { Db } from "../db/client.ts";
import { brands, featuredProducts, products } from "../db/schema/catalogue.ts";
import { pdfDocument } from "./artwork.ts";
import { BRANDS, benefitsOf, PRODUCTS, warrantyOf } from "./demo-catalogue.ts";
import { COMPANY, type DemoFiles, money, slugify } from "./demo-common.ts";
import { DEMO_HS_CODES } from "./demo-orders.ts";
import { demoRetailPrice } from "./demo-pricing.ts";
import { productArt } from "./product-art.ts";

/** The demo catalogue: brands, products (their pictures and datasheets) and the home page's featured products. */
export async function seedDemoProducts(db: Db, { image, pdf }: DemoFiles) {
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map((b, i) => ({ name: b.name, website: b.website, sortOrder: i })))
    .returning({ id: brands.id, name: brands.name });
  const brandId = new Map(brandRows.map((b) => [b.name, b.id]));
  image(MEDIA_FOLDERS.products, DEFAULT_PRODUCT_IMAGE, () => productArt({ name: "Image coming soon", category: "" }, 0));

  const productValues = PRODUCTS.map((p) => {
    const slug = slugify(p.name);
    const categoryName = p.category.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
    const images = Array.from({ length: p.images }, (_, v) =>
      image(MEDIA_FOLDERS.products, `${slug}-${v + 1}.webp`, () => productArt(p, v)),
    );
    const datasheet = `${slug}.pdf`;
    pdf(`${MEDIA_FOLDERS.datasheets}/${datasheet}`, () =>
      pdfDocument({
        title: `${p.name} - Datasheet`,
        subtitle: `${p.brand} · ${categoryName}`,
        intro: p.summary,
        rows: p.specs,
        closing: `Warranty: ${warrantyOf(p)}`,
        company: COMPANY,
      }),
    );
    return {
      productName: p.name,
      productDescription: `${p.summary} Supplied and supported by ${COMPANY}, with installation available from our certified dealers across Zimbabwe.`,
      productBenefits: benefitsOf(p),
      productWarranty: warrantyOf(p),
      datasheet,
      images,
      priceUsd: money(p.priceUsd),
      retailPriceUsd: demoRetailPrice(p.priceUsd, p.category),
      // Null: the ZWG price is the USD price at the rate in force; an override is set on purpose.
      priceZwl: p.zwgOverride ?? null,
      // The tariff heading of each kind of goods: lead-acid and lithium batteries differ.
      hsCode: p.name.includes("Gel") ? "85072000" : DEMO_HS_CODES[p.category as CategorySlug],
      vatCategory: "standard" as const,
      sku: p.sku,
      specs: p.values,
      categoryId: CATEGORY_SLUGS[p.category as CategorySlug],
      brandId: brandId.get(p.brand) ?? null,
    };
  });
  const productRows = await db.insert(products).values(productValues).returning({
    id: products.productId,
    name: products.productName,
    categoryId: products.categoryId,
    priceUsd: products.priceUsd,
    retailPriceUsd: products.retailPriceUsd,
    priceZwl: products.priceZwl,
    hsCode: products.hsCode,
    vatCategory: products.vatCategory,
    images: products.images,
  });

  const featuredPicks = [
    "SunVolt 550W Bifacial",
    "SunVolt Hybrid 5kW 48V",
    "SunVolt LiFePO4 5.12kWh Wall",
    "Kariba PowerStack 15kWh",
    "Granite Ground Mount Frame (8 panels)",
    "PV Combiner Box 4-in-1 Out",
  ];
  await db.insert(featuredProducts).values(
    featuredPicks.map((name, i) => {
      const row = productRows.find((p) => p.name === name);
      if (!row) throw new Error(`featured product ${name} is not in the demo catalogue`);
      const seed = PRODUCTS.find((p) => p.name === name);
      // Half of them have artwork of their own; the others show the product's main image.
      const own =
        i % 2 === 0
          ? image(MEDIA_FOLDERS.featured, `featured-${slugify(name)}.webp`, () => productArt(seed ?? { name, category: "" }, 0, "#fde6d2"))
          : null;
      return { productId: row.id, name, image: own, sortOrder: i };
    }),
  );
  return productRows;
}

export type DemoProductRow = Awaited<ReturnType<typeof seedDemoProducts>>[number];
