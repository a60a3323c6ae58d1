import path from "node:path";
import { eq, max, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, featuredProducts, products } from "#server/db/schema/catalogue.ts";
import { createAuditService } from "#server/modules/audit/audit.service.ts";
import { type CatalogueAdminService, createCatalogueAdminService } from "#server/modules/catalogue/catalogue-admin.service.ts";
import { type Actor, actorFrom } from "#server/platform/auth/actor.ts";
import { createDiskStorage } from "#server/platform/storage/storage.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** The back office's featured products and brands are paged by the service, not the page's loader. */
let t: TestApp;
let service: CatalogueAdminService;
const admin: Actor = actorFrom({ id: 1, roleId: 3, emailVerifiedAt: new Date() }, "test");
const dealer: Actor = actorFrom({ id: 2, roleId: 2, emailVerifiedAt: new Date() }, "test");
const query = { q: "", dir: "asc" as const, page: 1, pageSize: 25 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  service = createCatalogueAdminService({
    db,
    storage: createDiskStorage(path.join(t.dataDir, "uploads")),
    audit: createAuditService(db),
    settings: t.app.services.settings,
  });
  // Two featured products of their own, last in the order, and three brands, one of them with a product.
  const featured = db.select({ id: featuredProducts.productId }).from(featuredProducts);
  const free = await db.select({ id: products.productId }).from(products).where(notInArray(products.productId, featured)).limit(2);
  const [last] = await db.select({ n: max(featuredProducts.sortOrder) }).from(featuredProducts);
  const next = (last?.n ?? 0) + 1;
  await db.insert(featuredProducts).values([
    { productId: free[0]?.id as number, name: "Paging Feature B", sortOrder: next },
    { productId: free[1]?.id as number, name: "paging feature a", sortOrder: next + 1 },
  ]);
  const made = await db
    .insert(brands)
    .values([{ name: "Zeta Paging" }, { name: "alpha paging" }, { name: "Mid Paging" }])
    .returning({ id: brands.id, name: brands.name });
  await db
    .update(products)
    .set({ brandId: made.find((b) => b.name === "Mid Paging")?.id })
    .where(eq(products.productId, free[0]?.id as number));
});
afterAll(() => t?.close());

describe("pageFeatured", () => {
  it("searches card names, keeps the public order with each row's place in it, and sorts by name either way", async () => {
    const all = await service.listFeatured(admin);
    const inOrder = await service.pageFeatured(admin, { ...query, q: "PAGING feature", sort: "position" });
    expect(inOrder.rows.map((f) => [f.name, f.position])).toEqual([
      ["Paging Feature B", all.length - 1],
      ["paging feature a", all.length],
    ]);
    expect(inOrder).toMatchObject({ count: 2, total: all.length });
    const reversed = await service.pageFeatured(admin, { ...query, q: "paging feature", sort: "position", dir: "desc" });
    expect(reversed.rows.map((f) => f.name)).toEqual(["paging feature a", "Paging Feature B"]);
    const byName = await service.pageFeatured(admin, { ...query, q: "paging feature", sort: "name" });
    expect(byName.rows.map((f) => f.name)).toEqual(["paging feature a", "Paging Feature B"]);
  });

  it("answers one page of the whole list, and the product's name is searched too", async () => {
    const all = await service.listFeatured(admin);
    const second = await service.pageFeatured(admin, { ...query, sort: "position", page: 2, pageSize: 1 });
    expect(second.rows.map((f) => f.id)).toEqual([all[1]?.id]);
    expect(second).toMatchObject({ count: all.length, total: all.length });
    const product = all[0]?.product_name as string;
    const found = await service.pageFeatured(admin, { ...query, q: product, sort: "position" });
    expect(found.rows.map((f) => f.product_name)).toContain(product);
  });

  it("is for admins only, and an unknown featured product is not found", async () => {
    await expect(service.pageFeatured(dealer, { ...query, sort: "position" })).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.getFeatured(admin, 999_999)).rejects.toMatchObject({ statusCode: 404, message: "Featured product not found." });
    const [first] = await service.listFeatured(admin);
    expect(await service.getFeatured(admin, first?.id as number)).toEqual(first);
  });
});

describe("pageBrands", () => {
  it("searches names, sorts by name without regard to case or by number of products, and pages", async () => {
    const byName = await service.pageBrands(admin, { ...query, q: "paging", sort: "name" });
    expect(byName.rows.map((b) => b.name)).toEqual(["alpha paging", "Mid Paging", "Zeta Paging"]);
    expect(byName.count).toBe(3);
    const desc = await service.pageBrands(admin, { ...query, q: "paging", sort: "name", dir: "desc", page: 2, pageSize: 2 });
    expect(desc.rows.map((b) => b.name)).toEqual(["alpha paging"]);
    expect(desc.count).toBe(3);
    const byProducts = await service.pageBrands(admin, { ...query, q: "paging", sort: "products", dir: "desc" });
    expect(byProducts.rows[0]).toMatchObject({ name: "Mid Paging", product_count: 1 });
  });

  it("is for admins only, and an unknown brand is not found", async () => {
    await expect(service.pageBrands(dealer, { ...query, sort: "name" })).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.getBrand(admin, 999_999)).rejects.toMatchObject({ statusCode: 404, message: "Brand not found." });
    const [first] = await service.listBrands(admin);
    expect(await service.getBrand(admin, first?.id as number)).toEqual(first);
  });
});

describe("listProducts", () => {
  it("lists only the products without an HS code when asked (saved before a VAT-registered seller needed one)", async () => {
    const db = t.database.db;
    const [one] = await db.select({ id: products.productId }).from(products).orderBy(products.productId).limit(1);
    await db
      .update(products)
      .set({ hsCode: null })
      .where(eq(products.productId, one?.id as number));
    const missing = await service.listProducts(admin, { ...query, category: null, sort: "name", hs_code: "missing" });
    expect(missing.rows.map((p) => [p.product_id, p.hs_code])).toEqual([[one?.id, null]]);
    expect(missing.count).toBe(1);
    const all = await service.listProducts(admin, { ...query, category: null, sort: "name" });
    expect(all.count).toBeGreaterThan(1);
  });
});
