import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { MEDIA_FOLDERS } from "#shared/media.ts";
import {
  type AdminProduct,
  type AdminProductQuery,
  BRAND_UNKNOWN,
  CATEGORY_UNKNOWN,
  DATASHEET_MAX_BYTES,
  DATASHEET_REQUIRED,
  FORM_FIELD_MAX_BYTES,
  HS_CODE_REQUIRED_FOR_VAT,
  IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_REQUIRED,
  PRODUCT_MAX_IMAGES,
  type ProductUpdate,
  productFieldsSchema,
  TOO_MANY_PRODUCT_IMAGES,
} from "#shared/schemas/catalogue-admin.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { type SpecValues, specDefsFor, specsSchemaFor } from "#shared/specs.ts";
import { sellerIsVatRegistered } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { isForeignKeyViolation } from "../../db/errors.ts";
import { paged } from "../../db/paging.ts";
import { brands, categories, featuredProducts, products } from "../../db/schema/catalogue.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ValidationError } from "../../platform/errors.ts";
import type { Resources } from "../../platform/resources/resource.ts";
import { type FormInput, fieldIssues, readForm } from "../../platform/uploads/form-input.ts";
import { planImages, resolvePlan } from "../../platform/uploads/image-plan.ts";
import { UploadError, type UploadRules } from "../../platform/uploads/image-upload.ts";
import { publicImages } from "../../platform/uploads/stored-files.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { featuredColumns, productColumns, productResource, toAdminProduct, toFeatured } from "./catalogue-resources.ts";

// The products' half of the catalogue's back office (catalogue-admin.service.ts is its public face): their list,
// fields, specifications, images and datasheet.

type Exec = Db | Tx;

const NO_IMAGES = "Choose at least one image to upload.";

/** A new product: its fields, up to PRODUCT_MAX_IMAGES images and one datasheet, in one request. */
const PRODUCT_FORM: UploadRules = {
  maxBytes: IMAGE_MAX_BYTES,
  maxPerField: { images: PRODUCT_MAX_IMAGES },
  pdfFields: { datasheet: 1 },
  maxPdfBytes: DATASHEET_MAX_BYTES,
  maxFieldBytes: FORM_FIELD_MAX_BYTES,
  messages: { tooMany: (field) => (field === "images" ? TOO_MANY_PRODUCT_IMAGES : "Send one datasheet PDF only.") },
};

/** More images for a product: the files and, optionally, their place among its own (`imageOrder`). */
const IMAGES_FORM: UploadRules = {
  maxBytes: IMAGE_MAX_BYTES,
  maxPerField: { images: PRODUCT_MAX_IMAGES },
  maxFieldBytes: 4_000,
  messages: { tooMany: () => TOO_MANY_PRODUCT_IMAGES },
};

/** Too many images for a product, saying how many the change would leave. */
const tooManyImages = (count: number) => `${TOO_MANY_PRODUCT_IMAGES} This one would have ${count}: remove some first.`;

const DATASHEET_FORM: UploadRules = {
  maxBytes: IMAGE_MAX_BYTES,
  maxPerField: {},
  pdfFields: { datasheet: 1 },
  maxPdfBytes: DATASHEET_MAX_BYTES,
  messages: { tooMany: () => "Send one datasheet PDF only." },
};

/** The back office's products, written through the catalogue's resources (made once by catalogue-admin.service.ts). */
export function createProductAdmin({
  db,
  audit,
  resources,
  settings,
}: {
  db: Db;
  audit: AuditService;
  resources: Resources;
  /** The seller's VAT number: a VAT-registered seller's products need an HS code. */
  settings: { get(): Promise<Pick<SiteSettings, "vatNumber">> };
}) {
  const { rowOf, create, update, remove } = resources;

  /**
   * A VAT-registered seller's product has an 8-digit HS code (decision 016 RCPT047: FDMS refuses a receipt line
   * without one); read before any transaction (PGlite has one connection). 400 on `body.hs_code`.
   */
  async function hsCodeNeeded(): Promise<boolean> {
    return sellerIsVatRegistered((await settings.get()).vatNumber);
  }
  const refuseWithoutHsCode = (hsCode: string | null | undefined) => {
    if (!hsCode) throw new ValidationError([{ path: "body.hs_code", message: HS_CODE_REQUIRED_FOR_VAT }]);
  };
  const loadProduct = async (exec: Exec, id: number) => toAdminProduct(await rowOf(exec, productResource, id));

  /** The category and brand a product names must exist; the category's slug when one is named. */
  async function checkRefs(exec: Exec, refs: { category?: number; brand_id?: number | null }): Promise<string | null> {
    const issues: { path: string; message: string }[] = [];
    let slug: string | null = null;
    if (refs.category !== undefined) {
      const [found] = await exec.select({ slug: categories.slug }).from(categories).where(eq(categories.id, refs.category));
      if (!found) issues.push({ path: "body.category", message: CATEGORY_UNKNOWN });
      slug = found?.slug ?? null;
    }
    if (refs.brand_id !== undefined && refs.brand_id !== null) {
      const [found] = await exec.select({ id: brands.id }).from(brands).where(eq(brands.id, refs.brand_id));
      if (!found) issues.push({ path: "body.brand_id", message: BRAND_UNKNOWN });
    }
    if (issues.length > 0) throw new ValidationError(issues);
    return slug;
  }

  /** A product's specifications checked against its category's (#shared/specs.ts): 400 on `body.specs.<key>`. */
  function checkSpecs(slug: string, specs: Record<string, unknown>): SpecValues {
    const parsed = specsSchemaFor(slug).safeParse(specs);
    if (!parsed.success)
      throw new ValidationError(fieldIssues(parsed.error).map((i) => ({ ...i, path: i.path.replace(/^body/, "body.specs") })));
    return parsed.data;
  }

  /** The specifications a product keeps when it moves to another category: those the new one has and accepts. */
  function keptSpecs(slug: string, specs: SpecValues): SpecValues {
    const schema = specsSchemaFor(slug);
    const known = new Set(specDefsFor(slug).map((d) => d.key));
    const kept = Object.entries(specs).filter(([key, value]) => known.has(key) && schema.safeParse({ [key]: value }).success);
    return Object.fromEntries(kept);
  }

  /** Whether a change gives a price (list, retail, secondary currency) other than the stored one. */
  function changesPrice(
    patch: ProductUpdate,
    current: { priceUsd: string; retailPriceUsd: string | null; priceZwl: string | null },
  ): boolean {
    const differs = (given: string | null | undefined, stored: string | null) =>
      given !== undefined && (given === null || stored === null ? given !== stored : Number(given) !== Number(stored));
    return (
      differs(patch.price_usd, current.priceUsd) ||
      differs(patch.retail_price_usd, current.retailPriceUsd) ||
      differs(patch.price_zwl, current.priceZwl)
    );
  }

  /** A category or brand removed between the check and the write (an SKU another product has: the descriptor's `unique`). */
  function refError(err: unknown): never {
    if (isForeignKeyViolation(err)) throw new ValidationError([{ path: "body.category", message: CATEGORY_UNKNOWN }]);
    throw err;
  }

  return {
    /** One page of products for the back office: search by name, a category, sorted by name, USD price or date. */
    async listProducts(actor: Actor, query: AdminProductQuery): Promise<{ rows: AdminProduct[]; count: number }> {
      requireStaff(actor, "catalogue.edit");
      const conditions: SQL[] = [];
      if (query.q) conditions.push(containsText(products.productName, query.q));
      if (query.category !== null) conditions.push(eq(products.categoryId, query.category));
      if (query.hs_code === "missing") conditions.push(isNull(products.hsCode));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const column =
        query.sort === "name" ? sql`lower(${products.productName})` : query.sort === "price" ? products.priceUsd : products.createdAt;
      const order = query.dir === "asc" ? [asc(column), asc(products.productId)] : [desc(column), desc(products.productId)];
      const { limit, offset, envelope } = paged(query);
      const [rows, [total]] = await Promise.all([
        db
          .select(productColumns)
          .from(products)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return envelope(rows.map(toAdminProduct), total);
    },

    async getProduct(actor: Actor, id: number): Promise<AdminProduct> {
      requireStaff(actor, "catalogue.edit");
      return loadProduct(db, id);
    },

    /** Every product's id and name, for the featured product picker. */
    async productChoices(actor: Actor): Promise<{ id: number; name: string }[]> {
      requireStaff(actor, "catalogue.edit");
      return db
        .select({ id: products.productId, name: products.productName })
        .from(products)
        .orderBy(sql`lower(${products.productName})`, asc(products.productId));
    },

    /**
     * A new product with its images and datasheet (spec §5: name, description, category, USD price, images and a
     * datasheet PDF are required). All or nothing: every file is checked before any is stored, and the stored files
     * are removed again when the record cannot be written.
     */
    async createProduct(actor: Actor, input: FormInput): Promise<AdminProduct> {
      // Decision 035: a new product comes with its prices, so it needs prices.edit as well as catalogue.edit.
      const me = requireStaff(requireStaff(actor, "catalogue.edit"), "prices.edit");
      const form = await readForm(input, PRODUCT_FORM);
      const parsed = productFieldsSchema.safeParse(form.fields);
      const issues = parsed.success ? [] : fieldIssues(parsed.error);
      const images = form.images.filter((i) => i.field === "images");
      const datasheet = form.pdfs.find((p) => p.field === "datasheet");
      if (images.length === 0) issues.push({ path: "body.images", message: PRODUCT_IMAGES_REQUIRED });
      if (!datasheet) issues.push({ path: "body.datasheet", message: DATASHEET_REQUIRED });
      if (parsed.success && !parsed.data.hs_code && (await hsCodeNeeded()))
        issues.push({ path: "body.hs_code", message: HS_CODE_REQUIRED_FOR_VAT });
      if (!parsed.success || !datasheet || issues.length > 0) throw new ValidationError(issues);
      const fields = parsed.data;
      const slug = await checkRefs(db, fields);
      const specs = checkSpecs(slug ?? "", fields.specs ?? {});

      return create(me, productResource, {
        store: async (put) => ({
          names: await put.images(MEDIA_FOLDERS.products, images, fields.product_name),
          sheet: await put.file(MEDIA_FOLDERS.datasheets, datasheet.body, fields.product_name, "pdf"),
        }),
        values: ({ names, sheet }) => ({
          productName: fields.product_name,
          productDescription: fields.product_description,
          productBenefits: fields.product_benefits ?? "",
          productWarranty: fields.product_warranty ?? "",
          categoryId: fields.category,
          priceUsd: fields.price_usd,
          // Without its own, the retail price is the list price until an admin sets it.
          retailPriceUsd: fields.retail_price_usd ?? fields.price_usd,
          priceZwl: fields.price_zwl ?? null,
          brandId: fields.brand_id ?? null,
          hsCode: fields.hs_code ?? null,
          vatCategory: fields.vat_category ?? "standard",
          sku: fields.sku ?? null,
          serialised: fields.serialised ?? false,
          reorderLevel: fields.reorder_level ?? 0,
          specs,
          images: names,
          datasheet: sheet,
        }),
      }).catch(refError);
    },

    /**
     * Changes a product's fields (those given) and the order of its images (a name left out is removed, its files
     * deleted once the change is saved).
     */
    async updateProduct(actor: Actor, id: number, patch: ProductUpdate): Promise<AdminProduct> {
      const me = requireStaff(actor, "catalogue.edit");
      const needsHsCode = await hsCodeNeeded();
      return update(me, productResource, id, {
        set: async (current, _, tx) => {
          // Decision 035: the description is catalogue.edit's, a price prices.edit's. A price sent as it stands (the
          // whole form sent back) changes nothing and is let through.
          if (changesPrice(patch, current)) requireStaff(me, "prices.edit");
          // Cleared, or still missing on a product saved before the rule: the change names the code.
          if (needsHsCode) refuseWithoutHsCode(patch.hs_code === undefined ? current.hsCode : patch.hs_code);
          const slug = (await checkRefs(tx, { category: patch.category, brand_id: patch.brand_id })) ?? current.categorySlug;
          if (patch.images) {
            const unknown = patch.images.filter((n) => !current.images.includes(n));
            if (unknown.length > 0) {
              throw new ValidationError([
                { path: "body.images", message: `Not one of this product's images: ${unknown.slice(0, 3).join(", ")}.` },
              ]);
            }
            if (new Set(patch.images).size !== patch.images.length) {
              throw new ValidationError([{ path: "body.images", message: "Name each image once." }]);
            }
          }
          const set: Partial<typeof products.$inferInsert> = { updatedAt: new Date(), images: patch.images ?? current.images };
          if (patch.product_name !== undefined) set.productName = patch.product_name;
          if (patch.product_description !== undefined) set.productDescription = patch.product_description;
          if (patch.product_benefits !== undefined) set.productBenefits = patch.product_benefits;
          if (patch.product_warranty !== undefined) set.productWarranty = patch.product_warranty;
          if (patch.category !== undefined) set.categoryId = patch.category;
          if (patch.price_usd !== undefined) set.priceUsd = patch.price_usd;
          if (patch.retail_price_usd !== undefined) set.retailPriceUsd = patch.retail_price_usd;
          if (patch.price_zwl !== undefined) set.priceZwl = patch.price_zwl;
          if (patch.brand_id !== undefined) set.brandId = patch.brand_id;
          if (patch.hs_code !== undefined) set.hsCode = patch.hs_code;
          if (patch.vat_category !== undefined) set.vatCategory = patch.vat_category;
          if (patch.sku !== undefined) set.sku = patch.sku;
          if (patch.serialised !== undefined) set.serialised = patch.serialised;
          if (patch.reorder_level !== undefined) set.reorderLevel = patch.reorder_level;
          if (patch.specs !== undefined) set.specs = checkSpecs(slug, patch.specs);
          else if (slug !== current.categorySlug) set.specs = keptSpecs(slug, current.specs);
          return set;
        },
      }).catch(refError);
    },

    /**
     * Adds images to a product, after its own; or, with `imageOrder` (the form kit's list: "stored:<name>" or
     * "new:<index among the files sent>" in display order), keeps, drops and reorders its images and places the new
     * ones among them in the same change. At most PRODUCT_MAX_IMAGES in the end. All or nothing.
     */
    async addProductImages(actor: Actor, id: number, input: FormInput): Promise<AdminProduct> {
      const me = requireStaff(actor, "catalogue.edit");
      const current = await rowOf(db, productResource, id);
      const form = await readForm(input, IMAGES_FORM, { filesOnly: true });
      const images = form.images.filter((i) => i.field === "images");
      if (images.length === 0) throw new UploadError(400, NO_IMAGES, "images");
      // Planned before anything is stored, and again on the locked row (another change may have come first).
      const plan = (current: readonly string[]) =>
        planImages({ current, fields: form.fields, newCount: images.length, max: PRODUCT_MAX_IMAGES, tooMany: tooManyImages });
      plan(current.images);

      return update(me, productResource, id, {
        store: (put) => put.images(MEDIA_FOLDERS.products, images, current.productName),
        set: (row, names) => ({ images: resolvePlan(plan(row.images), names), updatedAt: new Date() }),
        summary: (after, before) => {
          const removed = before.images.filter((name) => !after.images.includes(name)).length;
          const dropped = removed > 0 ? `, removed ${removed}` : "";
          return `Added ${images.length} image${images.length === 1 ? "" : "s"}${dropped} to product “${after.productName}”`;
        },
      });
    },

    /** Replaces the product's datasheet; the old file is removed once the new one is saved. */
    async replaceDatasheet(actor: Actor, id: number, input: FormInput): Promise<AdminProduct> {
      const me = requireStaff(actor, "catalogue.edit");
      await rowOf(db, productResource, id);
      const form = await readForm(input, DATASHEET_FORM, { filesOnly: true });
      const pdf = form.pdfs.find((p) => p.field === "datasheet");
      if (!pdf) throw new UploadError(400, DATASHEET_REQUIRED, "datasheet");

      return update(me, productResource, id, {
        store: async (put) => {
          const [row] = await db.select({ name: products.productName }).from(products).where(eq(products.productId, id));
          return put.file(MEDIA_FOLDERS.datasheets, pdf.body, row?.name ?? "datasheet", "pdf");
        },
        set: (_, sheet) => ({ datasheet: sheet, updatedAt: new Date() }),
        summary: (after) => `Replaced the datasheet of product “${after.productName}”`,
      });
    },

    /**
     * Deletes a product, and its featured entry with it. Quotations, orders and sales keep their lines (their
     * product reference becomes empty; the product's name stays on them). Its files go once the record is gone.
     */
    async deleteProduct(actor: Actor, id: number): Promise<void> {
      const me = requireStaff(actor, "catalogue.edit");
      await remove(me, productResource, id, {
        // The database deletes its featured entry with it: said in the audit log, its artwork removed too.
        dependents: async (tx) => {
          const featured = await tx.select(featuredColumns).from(featuredProducts).where(eq(featuredProducts.productId, id));
          for (const f of featured) {
            await audit.record(tx, me, {
              entity: "featured",
              entityId: f.id,
              action: "delete",
              summary: `Removed featured product “${f.name}” with its product`,
              before: toFeatured(f),
            });
          }
          return publicImages(
            MEDIA_FOLDERS.featured,
            featured.map((f) => f.image),
          );
        },
      });
    },
  };
}
