import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/audit.ts";
import { brands, featuredProducts, products } from "#server/db/schema/catalogue.ts";
import { quotationProducts } from "#server/db/schema/commerce.ts";
import { createAuditService } from "#server/modules/audit/audit.service.ts";
import { createCatalogueAdminService } from "#server/modules/catalogue/catalogue-admin.service.ts";
import { actorFrom } from "#server/platform/auth/actor.ts";
import { createDiskStorage, type Storage } from "#server/platform/storage/storage.ts";
import type { IncomingPart } from "#server/platform/uploads/image-upload.ts";
import { ONLY_PDF } from "#server/platform/uploads/image-upload.ts";
import { IMAGE_WIDTHS, imageVariantName } from "#shared/media.ts";
import {
  ALREADY_FEATURED,
  BRAND_NAME_TAKEN,
  CATEGORY_REQUIRED,
  CATEGORY_UNKNOWN,
  DATASHEET_REQUIRED,
  HS_CODE_FORMAT,
  HS_CODE_REQUIRED_FOR_VAT,
  IMAGE_MAX_BYTES,
  PRICE_FORMAT,
  PRICE_NEGATIVE,
  PRICE_USD_REQUIRED,
  PRODUCT_DESCRIPTION_REQUIRED,
  PRODUCT_IMAGES_REQUIRED,
  PRODUCT_MAX_IMAGES,
  PRODUCT_NAME_REQUIRED,
  PRODUCT_UNKNOWN,
  SKU_FORMAT,
  SKU_TAKEN,
  TOO_MANY_PRODUCT_IMAGES,
  VAT_CATEGORY_UNKNOWN,
} from "#shared/schemas/catalogue-admin.ts";
import { FILE_TOO_LARGE, ONLY_IMAGES } from "#shared/schemas/documents.ts";
import { SPEC_UNKNOWN } from "#shared/specs.ts";
import { type FormPart, file, multipart } from "../support/multipart.ts";
import { silver } from "../support/prices.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let admin: { authorization: string };
let dealer: { authorization: string };
let user: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  dealer = await t.loginAs("dealer");
  user = await t.loginAs("user");
});
afterAll(() => t?.close());

const db = () => t.database.db;
const publicDir = (folder: string) => path.join(t.dataDir, "uploads", "public", folder);

const png = (color = "#de7a37", width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (color = "#2a6fb0") =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
async function pdf(title = "Datasheet"): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

/** The files in a public media folder (none when it does not exist yet). */
async function filesIn(folder: string): Promise<string[]> {
  if (!existsSync(publicDir(folder))) return [];
  return (await readdir(publicDir(folder))).sort();
}
async function productCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(products);
  return row?.n ?? 0;
}
/** The newest audit entry about one record. */
async function lastAudit(entity: string, entityId: number | string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const FIELDS = {
  product_name: "Test Hybrid Inverter 8kW",
  product_description: "An 8 kW hybrid inverter for homes and small shops.",
  product_benefits: "Runs the whole house\nQuiet",
  product_warranty: "5 years",
  category: "7",
  price_usd: "1450.00",
  price_zwl: "38425.50",
  // The demo seller is VAT-registered: its products need one (decision 016).
  hs_code: "85044000",
};

async function productParts(fields: Record<string, string> = FIELDS, images?: FormPart[], datasheet?: FormPart | null) {
  const parts: FormPart[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
  parts.push(...(images ?? [file("images", "front.png", await png()), file("images", "side.jpg", await jpeg(), "image/jpeg")]));
  if (datasheet !== null) parts.push(datasheet ?? file("datasheet", "datasheet.pdf", await pdf(), "application/pdf"));
  return parts;
}

async function addProduct(headers: Record<string, string>, parts: FormPart[]) {
  const body = multipart(parts);
  return t.inject({ method: "POST", url: "/api/products/add-product", headers: { ...headers, ...body.headers }, payload: body.payload });
}

/** A product made through the API, as the back office reads it. */
async function newProduct(fields: Partial<typeof FIELDS> = {}) {
  const res = await addProduct(admin, await productParts({ ...FIELDS, ...fields }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { product_id: number; images: string; datasheet: string; product_name: string };
}

/** Runs `body` while the seller has no VAT number (the site settings), then puts the settings back. */
async function asSellerWithoutVat(body: () => Promise<void>) {
  const current = (await t.inject({ method: "GET", url: "/api/settings/all", headers: admin })).json();
  const put = (payload: object) => t.inject({ method: "PUT", url: "/api/settings", headers: admin, payload });
  expect((await put({ ...current, vatNumber: "" })).statusCode).toBe(200);
  try {
    await body();
  } finally {
    expect((await put(current)).statusCode).toBe(200);
  }
}

const readProduct = (id: number, headers: Record<string, string> = {}) =>
  t.inject({ method: "GET", url: `/api/products/get-product-by-id/${id}`, headers });

/** Every file of a stored public image: its plain name and each width. */
const imageFiles = (name: string) => [name, ...IMAGE_WIDTHS.map((w) => imageVariantName(name, w))];

describe("POST /api/products/add-product", () => {
  it("creates a product with its images and datasheet in one request, readable at once with the spec's field names", async () => {
    const res = await addProduct(admin, await productParts());
    expect(res.statusCode, res.body).toBe(201);
    const { message, product } = res.json();
    expect(message).toBe("Product added.");
    expect(product).toMatchObject({
      product_name: FIELDS.product_name,
      product_description: FIELDS.product_description,
      product_benefits: FIELDS.product_benefits,
      product_warranty: FIELDS.product_warranty,
      category: 7,
      category_slug: "hybrid-inverters",
      price_usd: "1450.00",
      price_zwl: "38425.50",
      brand_id: null,
    });
    // Two images, comma-separated, server-made WebP names; every width is stored.
    const names = product.images.split(",");
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^test-hybrid-inverter-8kw-[0-9a-f]{10}\.webp$/);
      for (const f of imageFiles(name)) expect(existsSync(path.join(publicDir("products"), f)), f).toBe(true);
    }
    const sheet = await readFile(path.join(publicDir("datasheets"), product.datasheet));
    expect(sheet.subarray(0, 5).toString()).toBe("%PDF-");
    // The public file route serves it.
    const download = await t.inject({ method: "GET", url: `/media/datasheets/${product.datasheet}` });
    expect(download.statusCode).toBe(200);

    // Public reads see it at once: by id (prices for dealers only) and in its category.
    const asVisitor = await readProduct(product.product_id);
    expect(asVisitor.json()[0]).toMatchObject({ product_name: FIELDS.product_name, price_usd: null, price_zwl: null });
    const asDealer = await readProduct(product.product_id, dealer);
    // The demo dealer buys at Silver: 5 % off the list price, and off the secondary list price set on purpose.
    expect(asDealer.json()[0]).toMatchObject({ price_usd: silver("1450.00"), price_zwl: silver("38425.50"), images: product.images });
    const category = await t.inject({ method: "GET", url: "/api/products/get-product-by-category/hybrid-inverters?pageSize=100" });
    expect(category.json().rows.map((p: { product_id: number }) => p.product_id)).toContain(product.product_id);

    const entry = await lastAudit("product", product.product_id);
    expect(entry).toMatchObject({ action: "create", before: null });
    expect(entry?.after).toMatchObject({ product_id: product.product_id, product_name: FIELDS.product_name, price_usd: "1450.00" });
  });

  it("takes the secondary price as optional and a JSON-style number as text", async () => {
    const { price_zwl: _omit, ...withoutZwl } = FIELDS;
    const res = await addProduct(admin, await productParts({ ...withoutZwl, price_usd: "99" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product).toMatchObject({ price_usd: "99.00", price_zwl: null });
  });

  it("saves the HS code (typed with dots, stored as digits) and the VAT category; standard and none by default (issue 21 §3)", async () => {
    const res = await addProduct(admin, await productParts({ ...FIELDS, hs_code: "8541.43.00", vat_category: "zero_rated" }));
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json();
    expect(product).toMatchObject({ hs_code: "85414300", vat_category: "zero_rated" });
    const [row] = await db()
      .select({ hs: products.hsCode, vat: products.vatCategory })
      .from(products)
      .where(eq(products.productId, product.product_id));
    expect(row).toEqual({ hs: "85414300", vat: "zero_rated" });
    expect((await lastAudit("product", product.product_id))?.after).toMatchObject({ hs_code: "85414300", vat_category: "zero_rated" });

    const plain = await addProduct(admin, await productParts());
    expect(plain.json().product).toMatchObject({ hs_code: "85044000", vat_category: "standard" });
  });

  it("refuses a VAT-registered seller's product without an HS code (400 on the field); a seller without a VAT number may leave it out", async () => {
    const before = await productCount();
    const { hs_code: _, ...withoutCode } = FIELDS;
    const refused = await addProduct(admin, await productParts(withoutCode));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual({ path: "body.hs_code", message: HS_CODE_REQUIRED_FOR_VAT });
    const blank = await addProduct(admin, await productParts({ ...FIELDS, hs_code: "" }));
    expect(blank.json().issues).toContainEqual({ path: "body.hs_code", message: HS_CODE_REQUIRED_FOR_VAT });
    expect(await productCount()).toBe(before);
    await asSellerWithoutVat(async () => {
      const res = await addProduct(admin, await productParts(withoutCode));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().product.hs_code).toBeNull();
    });
  });

  it("refuses an HS code that is not 8 digits and an unknown VAT category (400), storing nothing", async () => {
    const before = await productCount();
    const short = await addProduct(admin, await productParts({ ...FIELDS, hs_code: "1234" }));
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toContainEqual(expect.objectContaining({ path: "body.hs_code", message: HS_CODE_FORMAT }));
    const vat = await addProduct(admin, await productParts({ ...FIELDS, vat_category: "luxury" }));
    expect(vat.statusCode).toBe(400);
    expect(vat.json().issues).toContainEqual(expect.objectContaining({ path: "body.vat_category", message: VAT_CATEGORY_UNKNOWN }));
    expect(await productCount()).toBe(before);
  });

  it("saves the SKU and the specifications of the product's category (a JSON text field), answered to admins and visitors and audited (issue 22)", async () => {
    const specs = { power_kw: 8, mppt_min_v: 120, mppt_max_v: 500, mppt_count: 2, battery_voltage_v: "48", phase: "single" };
    const res = await addProduct(admin, await productParts({ ...FIELDS, sku: "kp-hyb8k-test", specs: JSON.stringify(specs) }));
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json();
    expect(product).toMatchObject({ sku: "KP-HYB8K-TEST", specs });
    expect((await readProduct(product.product_id)).json()[0]).toMatchObject({ sku: "KP-HYB8K-TEST", specs, price_usd: null });
    expect((await lastAudit("product", product.product_id))?.after).toMatchObject({ sku: "KP-HYB8K-TEST", specs });

    const plain = await addProduct(admin, await productParts());
    expect(plain.json().product).toMatchObject({ sku: null, specs: {} });
  });

  it("refuses a wrong choice, a string for a number and an unknown key on specs.<key>, a taken or malformed SKU (400), storing nothing", async () => {
    await newProduct({ sku: "TAKEN-SKU-1" } as Partial<typeof FIELDS>);
    const before = await productCount();
    const bad = await addProduct(
      admin,
      await productParts({ ...FIELDS, specs: JSON.stringify({ power_kw: "eight", battery_voltage_v: "36", colour: "blue" }) }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["body.specs.power_kw", "body.specs.battery_voltage_v", "body.specs.colour"]));
    expect(bad.json().issues).toContainEqual({ path: "body.specs.colour", message: SPEC_UNKNOWN });
    const notJson = await addProduct(admin, await productParts({ ...FIELDS, specs: "{power_kw: 8" }));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().issues.map((i: { path: string }) => i.path)).toContain("body.specs");
    const taken = await addProduct(admin, await productParts({ ...FIELDS, sku: "taken-sku-1" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues).toContainEqual(expect.objectContaining({ path: "body.sku", message: SKU_TAKEN }));
    const malformed = await addProduct(admin, await productParts({ ...FIELDS, sku: "no spaces please" }));
    expect(malformed.json().issues).toContainEqual(expect.objectContaining({ path: "body.sku", message: SKU_FORMAT }));
    expect(await productCount()).toBe(before);
  });

  it("answers 400 naming every missing field, the images and the datasheet (spec §5)", async () => {
    const before = await productCount();
    const res = await addProduct(admin, [{ name: "product_benefits", data: "Only benefits" }]);
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(res.json().issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({
      "body.product_name": PRODUCT_NAME_REQUIRED,
      "body.product_description": PRODUCT_DESCRIPTION_REQUIRED,
      "body.category": CATEGORY_REQUIRED,
      "body.price_usd": PRICE_USD_REQUIRED,
      "body.images": PRODUCT_IMAGES_REQUIRED,
      "body.datasheet": DATASHEET_REQUIRED,
    });
    expect(await productCount()).toBe(before);
  });

  it.each([
    ["a negative price", { price_usd: "-5" }, "body.price_usd", PRICE_NEGATIVE],
    ["a price with a comma", { price_usd: "12,50" }, "body.price_usd", PRICE_FORMAT],
    ["a price with a currency sign", { price_usd: "$12" }, "body.price_usd", PRICE_FORMAT],
    ["three decimals", { price_zwl: "1.005" }, "body.price_zwl", PRICE_FORMAT],
    ["a blank name", { product_name: "   " }, "body.product_name", PRODUCT_NAME_REQUIRED],
    ["a category that does not exist", { category: "2" }, "body.category", CATEGORY_UNKNOWN],
  ])("refuses %s with 400 on its field and stores nothing", async (_what, change, field, message) => {
    const before = { count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") };
    const res = await addProduct(admin, await productParts({ ...FIELDS, ...change }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path: field, message });
    expect({ count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") }).toEqual(before);
  });

  it("a failed multi-step change leaves nothing half-done: a PDF renamed .png as the second image stores no row and no file", async () => {
    const before = { count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") };
    const images = [file("images", "front.png", await png()), file("images", "back.png", await pdf("not an image"))];
    const res = await addProduct(admin, await productParts(FIELDS, images));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: ONLY_IMAGES,
      issues: [{ path: "body.images", index: 1, file: "back.png", message: ONLY_IMAGES }],
    });
    expect({ count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") }).toEqual(before);
  });

  it("refuses a datasheet that is not a PDF (415), too many images and an image over the limit (413)", async () => {
    const before = { count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") };
    const notPdf = await addProduct(admin, await productParts(FIELDS, undefined, file("datasheet", "sheet.pdf", await png())));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toBe(ONLY_PDF);

    const nine = await Promise.all(
      Array.from({ length: PRODUCT_MAX_IMAGES + 1 }, async (_, i) => file("images", `p${i}.png`, await png())),
    );
    const tooMany = await addProduct(admin, await productParts(FIELDS, nine));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(TOO_MANY_PRODUCT_IMAGES);

    const huge = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES, 1)]);
    const tooLarge = await addProduct(admin, await productParts(FIELDS, [file("images", "huge.png", huge)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(FILE_TOO_LARGE);

    expect({ count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") }).toEqual(before);
  });

  it("is for admins only: 401 for visitors, 403 for users and dealers, and nothing is stored", async () => {
    const before = { count: await productCount(), images: await filesIn("products") };
    expect((await addProduct({}, await productParts())).statusCode).toBe(401);
    expect((await addProduct(user, await productParts())).statusCode).toBe(403);
    expect((await addProduct(dealer, await productParts())).statusCode).toBe(403);
    const superAdmin = await t.loginAs("super");
    const res = await addProduct(superAdmin, await productParts({ ...FIELDS, product_name: "Made by super" }));
    expect(res.statusCode).toBe(201);
    expect(await productCount()).toBe(before.count + 1);
  });

  it("removes the files it stored when the record cannot be written (storage or database failing half-way)", async () => {
    const actor = actorFrom({ id: 1, roleId: 3, emailVerifiedAt: new Date() }, "test");
    const real = createDiskStorage(path.join(t.dataDir, "uploads"));
    const audit = createAuditService(db());
    /** A form the service reads as a multipart body. */
    const form = async (): Promise<AsyncIterable<IncomingPart>> => {
      const parts: IncomingPart[] = [];
      for (const p of await productParts({ ...FIELDS, product_name: "Half Done" })) {
        if (p.filename === undefined) parts.push({ type: "field", fieldname: p.name, value: p.data });
        else {
          const { Readable } = await import("node:stream");
          parts.push({ type: "file", fieldname: p.name, filename: p.filename, file: Readable.from([p.data as Buffer]) });
        }
      }
      return (async function* () {
        yield* parts;
      })();
    };
    const before = { count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") };

    // The storage fails on the datasheet, after both images were written.
    const failingStorage: Storage = {
      ...real,
      put: async (v, key, body) => {
        if (key.startsWith("datasheets/")) throw new Error("disk full");
        return real.put(v, key, body);
      },
    };
    const onBrokenDisk = createCatalogueAdminService({ db: db(), storage: failingStorage, audit, settings: t.app.services.settings });
    const parts1 = await form();
    await expect(onBrokenDisk.createProduct(actor, { kind: "multipart", open: () => parts1 })).rejects.toThrow("disk full");

    // The database refuses the change (its audit entry fails) after every file was written.
    const failingAudit = { ...audit, record: async () => Promise.reject(new Error("audit log unavailable")) };
    const onBrokenDb = createCatalogueAdminService({ db: db(), storage: real, audit: failingAudit, settings: t.app.services.settings });
    const parts2 = await form();
    await expect(onBrokenDb.createProduct(actor, { kind: "multipart", open: () => parts2 })).rejects.toThrow("audit log unavailable");

    expect({ count: await productCount(), images: await filesIn("products"), sheets: await filesIn("datasheets") }).toEqual(before);
  });
});

describe("PUT /api/products/update-product/:id", () => {
  const update = (id: number, payload: unknown, headers: Record<string, string> = admin) =>
    t.inject({ method: "PUT", url: `/api/products/update-product/${id}`, headers, payload: payload as object });

  it("changes the price; a dealer sees the new price at once; the audit entry has before and after", async () => {
    const product = await newProduct();
    const res = await update(product.product_id, { price_usd: "1399.99" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ price_usd: "1399.99", price_zwl: "38425.50", product_name: FIELDS.product_name });
    expect((await readProduct(product.product_id, dealer)).json()[0]).toMatchObject({ price_usd: silver("1399.99") });
    const entry = await lastAudit("product", product.product_id);
    expect(entry).toMatchObject({ action: "update" });
    expect(entry?.before).toMatchObject({ price_usd: "1450.00" });
    expect(entry?.after).toMatchObject({ price_usd: "1399.99" });
  });

  it("keeps the secondary price when it is left out and clears it when sent empty", async () => {
    const product = await newProduct();
    await update(product.product_id, { product_name: "Renamed Inverter" });
    expect((await readProduct(product.product_id, dealer)).json()[0]).toMatchObject({
      product_name: "Renamed Inverter",
      price_zwl: silver("38425.50"),
    });
    const cleared = await update(product.product_id, { price_zwl: "" });
    expect(cleared.json().product.price_zwl).toBeNull();
  });

  it("reorders the images (the first is the main one) and removes the files of an image left out", async () => {
    const product = await newProduct();
    const [first, second] = product.images.split(",") as [string, string];
    const reordered = await update(product.product_id, { images: [second, first] });
    expect(reordered.json().product.images).toBe(`${second},${first}`);
    const removed = await update(product.product_id, { images: second });
    expect(removed.json().product.images).toBe(second);
    for (const f of imageFiles(first)) expect(existsSync(path.join(publicDir("products"), f)), f).toBe(false);
    for (const f of imageFiles(second)) expect(existsSync(path.join(publicDir("products"), f)), f).toBe(true);
  });

  it("refuses an unknown image name, no images at all, a bad price and an unknown category (400), and changes nothing", async () => {
    const product = await newProduct();
    const cases: [unknown, string][] = [
      [{ images: ["someone-elses.webp"] }, "body.images"],
      [{ images: [] }, "body.images"],
      [{ price_usd: "-1" }, "body.price_usd"],
      [{ category: 3 }, "body.category"],
      [{ product_name: "" }, "body.product_name"],
    ];
    for (const [payload, field] of cases) {
      const res = await update(product.product_id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await readProduct(product.product_id, dealer)).json()[0]).toMatchObject({
      images: product.images,
      price_usd: silver("1450.00"),
      category: 7,
    });
  });

  it("sets, normalises and clears the HS code, changes the VAT category, refuses bad ones, and audits both", async () => {
    const product = await newProduct();
    const res = await update(product.product_id, { hs_code: "8541 43 00", vat_category: "exempt" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ hs_code: "85414300", vat_category: "exempt" });
    const entry = await lastAudit("product", product.product_id);
    expect(entry?.before).toMatchObject({ hs_code: "85044000", vat_category: "standard" });
    expect(entry?.after).toMatchObject({ hs_code: "85414300", vat_category: "exempt" });

    for (const [payload, field] of [
      [{ hs_code: "1234" }, "body.hs_code"],
      [{ hs_code: "8541.43.00.1" }, "body.hs_code"],
      [{ vat_category: "reduced" }, "body.vat_category"],
    ] as const) {
      const bad = await update(product.product_id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    const kept = await update(product.product_id, { product_name: "Renamed" });
    expect(kept.json().product).toMatchObject({ hs_code: "85414300", vat_category: "exempt" });
    // A VAT-registered seller's product keeps one (decision 016).
    const refused = await update(product.product_id, { hs_code: "" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: "body.hs_code", message: HS_CODE_REQUIRED_FOR_VAT }]);
    await asSellerWithoutVat(async () => {
      const cleared = await update(product.product_id, { hs_code: "" });
      expect(cleared.json().product.hs_code).toBeNull();
    });
    // A product saved without one before the rule: a change must add it.
    const renamed = await update(product.product_id, { product_name: "Renamed again" });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().issues).toEqual([{ path: "body.hs_code", message: HS_CODE_REQUIRED_FOR_VAT }]);
    const added = await update(product.product_id, { product_name: "Renamed again", hs_code: "85044000" });
    expect(added.json().product).toMatchObject({ product_name: "Renamed again", hs_code: "85044000" });
  });

  it("sets the SKU and specifications (checked against the category), refuses bad ones on their fields and a taken SKU, and audits them", async () => {
    const product = await newProduct();
    const other = await newProduct({ sku: "OTHER-SKU-2" } as Partial<typeof FIELDS>);
    const specs = { power_kw: 8, max_pv_input_w: 10400, phase: "three" };
    const res = await update(product.product_id, { sku: "KP-UPD-8K", specs });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ sku: "KP-UPD-8K", specs });
    const entry = await lastAudit("product", product.product_id);
    expect(entry?.before).toMatchObject({ sku: null, specs: {} });
    expect(entry?.after).toMatchObject({ sku: "KP-UPD-8K", specs });

    for (const [payload, field] of [
      [{ specs: { phase: "two" } }, "body.specs.phase"],
      [{ specs: { power_kw: "8" } }, "body.specs.power_kw"],
      [{ specs: { capacity_kwh: 5 } }, "body.specs.capacity_kwh"],
      [{ specs: "none" }, "body.specs"],
      [{ sku: "OTHER-SKU-2" }, "body.sku"],
    ] as const) {
      const bad = await update(product.product_id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await update(other.product_id, { sku: "kp-upd-8k" })).json().issues).toContainEqual(
      expect.objectContaining({ path: "body.sku", message: SKU_TAKEN }),
    );
    // Moved to another category, it keeps only the specifications that category has.
    const moved = await update(product.product_id, { category: 6 });
    expect(moved.json().product).toMatchObject({ sku: "KP-UPD-8K", specs: {} });
    const cleared = await update(product.product_id, { sku: "" });
    expect(cleared.json().product.sku).toBeNull();
  });

  it("answers 404 for an unknown id and 403 for a dealer", async () => {
    expect((await update(999_999, { price_usd: "1" })).statusCode).toBe(404);
    const product = await newProduct();
    expect((await update(product.product_id, { price_usd: "1" }, dealer)).statusCode).toBe(403);
    expect((await readProduct(product.product_id, dealer)).json()[0].price_usd).toBe(silver("1450.00"));
  });
});

describe("POST /api/products/upload-product-images/:id and upload-datasheet/:id", () => {
  const upload = async (url: string, parts: FormPart[], headers: Record<string, string> = admin) => {
    const body = multipart(parts);
    return t.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it("adds images after the product's own and refuses more than the limit without storing any", async () => {
    const product = await newProduct();
    const added = await upload(`/api/products/upload-product-images/${product.product_id}`, [
      file("images", "a.png", await png("#111111")),
      file("images", "b.png", await png("#222222")),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const names = added.json().product.images.split(",");
    expect(names).toHaveLength(4);
    expect(names.slice(0, 2).join(",")).toBe(product.images);
    expect((await lastAudit("product", product.product_id))?.summary).toContain("Added 2 images");

    const filesBefore = await filesIn("products");
    const five = await Promise.all(Array.from({ length: 5 }, async (_, i) => file("images", `x${i}.png`, await png())));
    const tooMany = await upload(`/api/products/upload-product-images/${product.product_id}`, five);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toContain(TOO_MANY_PRODUCT_IMAGES);
    expect(await filesIn("products")).toEqual(filesBefore);
    expect((await readProduct(product.product_id)).json()[0].images.split(",")).toHaveLength(4);
  });

  it("with imageOrder places the new images among the product's own and drops those left out, in one change", async () => {
    const product = await newProduct();
    const [first, second] = product.images.split(",") as [string, string];
    const url = `/api/products/upload-product-images/${product.product_id}`;
    const res = await upload(url, [
      file("images", "new-main.png", await png("#123456")),
      { name: "imageOrder", data: JSON.stringify(["new:0", `stored:${second}`]) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().product.images.split(",");
    expect(names).toHaveLength(2);
    expect(names[0]).not.toBe(first);
    expect(names[1]).toBe(second);
    for (const f of imageFiles(first)) expect(existsSync(path.join(publicDir("products"), f)), f).toBe(false);
    expect(existsSync(path.join(publicDir("products"), names[0]))).toBe(true);

    // An order naming a stranger's image, or leaving out a file sent, changes nothing and stores nothing.
    const filesBefore = await filesIn("products");
    for (const order of [["new:0", "stored:not-ours.webp"], [`stored:${second}`], ["new:0", "new:1"]]) {
      const refused = await upload(url, [file("images", "x.png", await png()), { name: "imageOrder", data: JSON.stringify(order) }]);
      expect(refused.statusCode, JSON.stringify(order)).toBe(400);
      expect(refused.json().issues[0].path).toBe("body.imageOrder");
    }
    expect(await filesIn("products")).toEqual(filesBefore);
    expect((await readProduct(product.product_id)).json()[0].images).toBe(names.join(","));
  });

  it("answers 400 without files, 415 for JSON or a PDF as an image, 404 for an unknown product, 403 for a dealer", async () => {
    const product = await newProduct();
    const url = `/api/products/upload-product-images/${product.product_id}`;
    expect((await upload(url, [{ name: "note", data: "no files" }])).statusCode).toBe(400);
    const json = await t.inject({ method: "POST", url, headers: admin, payload: { images: "x" } });
    expect(json.statusCode).toBe(415);
    expect((await upload(url, [file("images", "fake.png", await pdf())])).statusCode).toBe(415);
    expect((await upload("/api/products/upload-product-images/999999", [file("images", "a.png", await png())])).statusCode).toBe(404);
    expect((await upload(url, [file("images", "a.png", await png())], dealer)).statusCode).toBe(403);
    expect((await readProduct(product.product_id)).json()[0].images).toBe(product.images);
  });

  it("replaces the datasheet and removes the old file; a PNG as datasheet is refused and the old one kept", async () => {
    const product = await newProduct();
    const url = `/api/products/upload-datasheet/${product.product_id}`;
    const refused = await upload(url, [file("datasheet", "sheet.pdf", await png())]);
    expect(refused.statusCode).toBe(415);
    expect(existsSync(path.join(publicDir("datasheets"), product.datasheet))).toBe(true);

    const res = await upload(url, [file("datasheet", "v2.pdf", await pdf("Version 2"), "application/pdf")]);
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json().product.datasheet;
    expect(next).not.toBe(product.datasheet);
    expect(existsSync(path.join(publicDir("datasheets"), next))).toBe(true);
    expect(existsSync(path.join(publicDir("datasheets"), product.datasheet))).toBe(false);
    expect((await readProduct(product.product_id)).json()[0].datasheet).toBe(next);
    expect((await lastAudit("product", product.product_id))?.summary).toContain("Replaced the datasheet");

    expect((await upload(url, [])).statusCode).toBe(400);
    expect((await upload("/api/products/upload-datasheet/999999", [file("datasheet", "a.pdf", await pdf())])).statusCode).toBe(404);
    expect((await upload(url, [file("datasheet", "a.pdf", await pdf())], user)).statusCode).toBe(403);
  });
});

describe("DELETE /api/products/delete-product/:id", () => {
  it("deletes the product and its featured entry and files; quotations keep the product's name", async () => {
    const product = await newProduct({ product_name: "Soon Gone Panel" });
    const quote = await t.inject({
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: "Rudo Chikore",
        customer_address: "12 Samora Machel Avenue, Harare",
        customer_email: "rudo@example.com",
        customer_phone: "+263 77 765 4321",
        products: [{ product_id: product.product_id, quantity: 2 }],
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const featuredForm = multipart([{ name: "product_id", data: String(product.product_id) }, file("image", "art.png", await png())]);
    const featured = await t.inject({
      method: "POST",
      url: "/api/featured/add-featured",
      headers: { ...admin, ...featuredForm.headers },
      payload: featuredForm.payload,
    });
    expect(featured.statusCode, featured.body).toBe(201);
    const artwork = featured.json().featured.image;

    expect(
      (await t.inject({ method: "DELETE", url: `/api/products/delete-product/${product.product_id}`, headers: dealer })).statusCode,
    ).toBe(403);
    const res = await t.inject({ method: "DELETE", url: `/api/products/delete-product/${product.product_id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Product deleted." });

    expect((await readProduct(product.product_id)).statusCode).toBe(404);
    const [line] = await db().select().from(quotationProducts).where(eq(quotationProducts.quotationId, quote.json().id));
    expect(line).toMatchObject({ productId: null, productName: "Soon Gone Panel", quantity: 2 });
    expect(await db().select().from(featuredProducts).where(eq(featuredProducts.productId, product.product_id))).toEqual([]);
    for (const name of product.images.split(",")) {
      for (const f of imageFiles(name)) expect(existsSync(path.join(publicDir("products"), f)), f).toBe(false);
    }
    expect(existsSync(path.join(publicDir("datasheets"), product.datasheet))).toBe(false);
    expect(existsSync(path.join(publicDir("featuredProducts"), artwork))).toBe(false);
    expect(await lastAudit("product", product.product_id)).toMatchObject({ action: "delete", after: null });
    expect((await lastAudit("featured", featured.json().featured.id))?.action).toBe("delete");

    const again = await t.inject({ method: "DELETE", url: `/api/products/delete-product/${product.product_id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });
});

describe("featured products", () => {
  const add = async (parts: FormPart[], headers: Record<string, string> = admin) => {
    const body = multipart(parts);
    return t.inject({ method: "POST", url: "/api/featured/add-featured", headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const publicList = async () =>
    (await t.inject({ method: "GET", url: "/api/featured/get-featured" })).json() as { id: number; name: string }[];

  it("adds one last in the order (the product's name by default), refuses a second of the same product (409) and an unknown product (400)", async () => {
    const product = await newProduct({ product_name: "Featured Candidate" });
    const res = await add([{ name: "product_id", data: String(product.product_id) }]);
    expect(res.statusCode, res.body).toBe(201);
    const featured = res.json().featured;
    expect(featured).toMatchObject({ name: "Featured Candidate", image: null, product_id: product.product_id, images: product.images });
    expect((await publicList()).at(-1)?.id).toBe(featured.id);
    expect((await lastAudit("featured", featured.id))?.action).toBe("create");

    const twice = await add([{ name: "product_id", data: String(product.product_id) }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_FEATURED);
    const unknown = await add([{ name: "product_id", data: "999999" }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toContainEqual({ path: "body.product_id", message: PRODUCT_UNKNOWN });
    expect((await add([])).statusCode).toBe(400);
    expect((await add([{ name: "product_id", data: String(product.product_id) }], dealer)).statusCode).toBe(403);
  });

  it("renames, moves, replaces and removes the artwork; deletes; 404 for unknown ids", async () => {
    const product = await newProduct({ product_name: "Featured Mover" });
    const created = (
      await add([
        { name: "product_id", data: String(product.product_id) },
        { name: "name", data: "Mover" },
      ])
    ).json().featured;
    const put = (payload: unknown, headers: Record<string, string> = {}) =>
      t.inject({
        method: "PUT",
        url: `/api/featured/update-featured/${created.id}`,
        headers: { ...admin, ...headers },
        payload: payload as never,
      });

    const moved = await put({ name: "Top Pick", sort_order: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().featured).toMatchObject({ name: "Top Pick", sort_order: 0 });
    expect((await publicList())[0]?.name).toBe("Top Pick");
    const third = await put({ sort_order: 2 });
    expect((await publicList())[2]?.name).toBe("Top Pick");
    expect(third.json().featured.sort_order).toBe(2);

    const withArt = multipart([file("image", "art.png", await png("#00aa00"))]);
    const art = await put(withArt.payload, withArt.headers);
    expect(art.statusCode, art.body).toBe(200);
    const first = art.json().featured.image;
    expect(existsSync(path.join(publicDir("featuredProducts"), first))).toBe(true);
    const withArt2 = multipart([file("image", "art2.jpg", await jpeg(), "image/jpeg")]);
    const second = (await put(withArt2.payload, withArt2.headers)).json().featured.image;
    expect(existsSync(path.join(publicDir("featuredProducts"), first))).toBe(false);
    const removed = await put({ remove_image: true });
    expect(removed.json().featured.image).toBeNull();
    expect(existsSync(path.join(publicDir("featuredProducts"), second))).toBe(false);

    expect((await put({ sort_order: -1 })).statusCode).toBe(400);
    expect((await t.inject({ method: "PUT", url: "/api/featured/update-featured/999999", headers: admin, payload: {} })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: "DELETE", url: `/api/featured/delete-featured/${created.id}`, headers: user })).statusCode).toBe(403);
    const gone = await t.inject({ method: "DELETE", url: `/api/featured/delete-featured/${created.id}`, headers: admin });
    expect(gone.statusCode).toBe(200);
    expect((await publicList()).map((f) => f.id)).not.toContain(created.id);
    expect((await readProduct(product.product_id)).statusCode).toBe(200);
    expect((await t.inject({ method: "DELETE", url: `/api/featured/delete-featured/${created.id}`, headers: admin })).statusCode).toBe(404);
  });
});

describe("brands", () => {
  it("lists, adds (JSON or multipart with a logo), renames, refuses a duplicate name, deletes (its products stay)", async () => {
    const list = await t.inject({ method: "GET", url: "/api/brands", headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
    expect(list.json()[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), product_count: expect.any(Number) });
    expect((await t.inject({ method: "GET", url: "/api/brands", headers: dealer })).statusCode).toBe(403);

    const json = await t.inject({
      method: "POST",
      url: "/api/brands",
      headers: admin,
      payload: { name: "Victoria Falls Power", website: "" },
    });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json().brand).toMatchObject({ name: "Victoria Falls Power", website: null, logo: null, product_count: 0 });
    const duplicate = await t.inject({ method: "POST", url: "/api/brands", headers: admin, payload: { name: "Victoria Falls Power" } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().issues).toContainEqual({ path: "body.name", message: BRAND_NAME_TAKEN });
    const badSite = await t.inject({
      method: "POST",
      url: "/api/brands",
      headers: admin,
      payload: { name: "X", website: "javascript:alert(1)" },
    });
    expect(badSite.statusCode).toBe(400);

    const form = multipart([
      { name: "name", data: "Chimanimani Cables" },
      { name: "website", data: "https://chimanimani.example" },
      file("logo", "logo.png", await png()),
    ]);
    const withLogo = await t.inject({ method: "POST", url: "/api/brands", headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(withLogo.statusCode, withLogo.body).toBe(201);
    const brand = withLogo.json().brand;
    expect(existsSync(path.join(publicDir("brands"), brand.logo))).toBe(true);

    const product = await newProduct({ product_name: "Branded Cable" });
    const linked = await t.inject({
      method: "PUT",
      url: `/api/products/update-product/${product.product_id}`,
      headers: admin,
      payload: { brand_id: brand.id },
    });
    expect(linked.json().product.brand_id).toBe(brand.id);
    const unknownBrand = await t.inject({
      method: "PUT",
      url: `/api/products/update-product/${product.product_id}`,
      headers: admin,
      payload: { brand_id: 999999 },
    });
    expect(unknownBrand.statusCode).toBe(400);

    const renamed = await t.inject({
      method: "PUT",
      url: `/api/brands/${brand.id}`,
      headers: admin,
      payload: { name: "Chimanimani Cabling", remove_logo: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().brand).toMatchObject({ name: "Chimanimani Cabling", logo: null, product_count: 1 });
    expect(existsSync(path.join(publicDir("brands"), brand.logo))).toBe(false);
    const min = (await t.inject({ method: "GET", url: "/api/brands/min" })).json();
    expect(min).toContainEqual({ id: brand.id, name: "Chimanimani Cabling" });
    expect((await lastAudit("brand", brand.id))?.action).toBe("update");

    expect((await t.inject({ method: "PUT", url: "/api/brands/999999", headers: admin, payload: {} })).statusCode).toBe(404);
    const deleted = await t.inject({ method: "DELETE", url: `/api/brands/${brand.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect(await db().select().from(brands).where(eq(brands.id, brand.id))).toEqual([]);
    expect((await readProduct(product.product_id)).statusCode).toBe(200);
    const [row] = await db().select({ brandId: products.brandId }).from(products).where(eq(products.productId, product.product_id));
    expect(row?.brandId).toBeNull();
    expect((await lastAudit("brand", brand.id))?.action).toBe("delete");
    expect((await t.inject({ method: "DELETE", url: `/api/brands/${brand.id}`, headers: admin })).statusCode).toBe(404);
  });
});

describe("the API reference", () => {
  it("documents the catalogue admin routes", async () => {
    const res = await t.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      "/api/products/add-product",
      "/api/products/update-product/{id}",
      "/api/products/upload-product-images/{id}",
      "/api/products/upload-datasheet/{id}",
      "/api/featured/add-featured",
      "/api/featured/update-featured/{id}",
      "/api/featured/delete-featured/{id}",
      "/api/brands",
      "/api/brands/{id}",
    ]) {
      expect(paths).toContain(p);
    }
  });
});
