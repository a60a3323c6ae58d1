import { asc, eq } from "drizzle-orm";
import { pageOf, sortRows } from "#shared/list-page.ts";
import { MEDIA_FOLDERS } from "#shared/media.ts";
import {
  type AdminBrandSort,
  type AdminFeatured,
  type AdminFeaturedRow,
  type AdminFeaturedSort,
  type AdminListQuery,
  type Brand,
  brandCreateSchema,
  brandUpdateSchema,
  FORM_FIELD_MAX_BYTES,
  featuredCreateSchema,
  featuredUpdateSchema,
  IMAGE_MAX_BYTES,
  PRODUCT_UNKNOWN,
} from "#shared/schemas/catalogue-admin.ts";
import type { Db, Tx } from "../../db/client.ts";
import { brands, featuredProducts, products } from "../../db/schema/catalogue.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ValidationError } from "../../platform/errors.ts";
import type { Resources } from "../../platform/resources/resource.ts";
import { type FormInput, parseFields, readForm } from "../../platform/uploads/form-input.ts";
import { applySingleImage, planSingleImage } from "../../platform/uploads/image-plan.ts";
import type { UploadRules } from "../../platform/uploads/image-upload.ts";
import { brandColumns, brandResource, featuredColumns, featuredResource, toFeatured } from "./catalogue-resources.ts";

// The featured products' and brands' half of the catalogue's back office (catalogue-admin.service.ts is its public
// face): each with its artwork or logo, the featured ones in their public order.

type Exec = Db | Tx;

/** A featured product's or a brand's form: text fields and at most one image. */
const oneImageForm = (field: string): UploadRules => ({
  maxBytes: IMAGE_MAX_BYTES,
  maxPerField: { [field]: 1 },
  maxFieldBytes: FORM_FIELD_MAX_BYTES,
  messages: { tooMany: () => `Send one ${field} image only.` },
});

/** The back office's featured products and brands, written through the resources catalogue-admin.service.ts makes once. */
export function createFeaturedAndBrandsAdmin({ db, resources }: { db: Db; resources: Resources }) {
  const { rowOf, create, update, remove } = resources;
  // Featured products

  async function featuredInOrder(): Promise<AdminFeatured[]> {
    const rows = await db.select(featuredColumns).from(featuredProducts).orderBy(asc(featuredProducts.sortOrder), asc(featuredProducts.id));
    return rows.map(toFeatured);
  }

  /** Puts a featured product at a position (0 first) and numbers them all again in their order. */
  async function moveFeatured(tx: Tx, id: number, position: number): Promise<void> {
    const rows = await tx
      .select({ id: featuredProducts.id, sortOrder: featuredProducts.sortOrder })
      .from(featuredProducts)
      .orderBy(asc(featuredProducts.sortOrder), asc(featuredProducts.id))
      .for("update");
    const order = rows.filter((r) => r.id !== id);
    order.splice(Math.min(position, order.length), 0, { id, sortOrder: -1 });
    for (const [index, row] of order.entries()) {
      const was = rows.find((r) => r.id === row.id)?.sortOrder;
      if (was !== index) await tx.update(featuredProducts).set({ sortOrder: index }).where(eq(featuredProducts.id, row.id));
    }
  }

  async function productName(exec: Exec, id: number): Promise<string> {
    const [row] = await exec.select({ name: products.productName }).from(products).where(eq(products.productId, id));
    if (!row) throw new ValidationError([{ path: "body.product_id", message: PRODUCT_UNKNOWN }]);
    return row.name;
  }

  // Brands

  const brandsInOrder = (): Promise<Brand[]> => db.select(brandColumns).from(brands).orderBy(asc(brands.sortOrder), asc(brands.id));

  return {
    // Featured products

    async listFeatured(actor: Actor): Promise<AdminFeatured[]> {
      requireStaff(actor, "catalogue.edit");
      return featuredInOrder();
    },

    /**
     * One page of the featured products for the back office: searched by card or product name, in the public order
     * (`position`) or by name; each row carries its place in the public order, `total` counts them all.
     */
    async pageFeatured(
      actor: Actor,
      query: AdminListQuery<AdminFeaturedSort>,
    ): Promise<{ rows: AdminFeaturedRow[]; count: number; total: number }> {
      requireStaff(actor, "catalogue.edit");
      const all = (await featuredInOrder()).map((f, index) => ({ ...f, position: index + 1 }));
      const sorted =
        query.sort === "name" ? sortRows(all, (f) => f.name.toLowerCase(), query.dir) : query.dir === "desc" ? [...all].reverse() : all;
      return { ...pageOf(sorted, query, (f) => `${f.name} ${f.product_name}`), total: all.length };
    },

    async getFeatured(actor: Actor, id: number): Promise<AdminFeatured> {
      requireStaff(actor, "catalogue.edit");
      return toFeatured(await rowOf(db, featuredResource, id));
    },

    /** Features a product (once), last in the order, with its own artwork when an `image` is sent. */
    async createFeatured(actor: Actor, input: FormInput): Promise<AdminFeatured> {
      const me = requireStaff(actor, "catalogue.edit");
      const form = await readForm(input, oneImageForm("image"));
      const fields = parseFields(featuredCreateSchema, form.fields);
      const image = form.images.find((i) => i.field === "image");
      const name = fields.name || (await productName(db, fields.product_id));

      return create(me, featuredResource, {
        store: async (put) => (image ? put.image(MEDIA_FOLDERS.featured, image, name) : null),
        values: async (artwork, tx) => {
          await productName(tx, fields.product_id);
          return { productId: fields.product_id, name, image: artwork };
        },
      });
    },

    /** Changes a featured product's name, product, position or artwork (a new `image`, or `remove_image`). */
    async updateFeatured(actor: Actor, id: number, input: FormInput): Promise<AdminFeatured> {
      const me = requireStaff(actor, "catalogue.edit");
      const exists = await rowOf(db, featuredResource, id);
      const form = await readForm(input, oneImageForm("image"));
      const fields = parseFields(featuredUpdateSchema, form.fields);
      const image = form.images.find((i) => i.field === "image");
      const plan = planSingleImage({ current: exists.image, fields: form.fields, field: "image", newCount: form.images.length });

      return update(me, featuredResource, id, {
        store: async (put) => (image ? put.image(MEDIA_FOLDERS.featured, image, fields.name || "featured") : null),
        set: async (row, artwork, tx) => {
          const set: Partial<typeof featuredProducts.$inferInsert> = {};
          if (fields.product_id !== undefined) {
            const productTitle = await productName(tx, fields.product_id);
            set.productId = fields.product_id;
            // A new product without a new name takes the product's name.
            if (fields.name === undefined && fields.product_id !== row.product_id) set.name = productTitle;
          }
          if (fields.name !== undefined) set.name = fields.name || (await productName(tx, fields.product_id ?? row.product_id));
          if (plan !== "keep") set.image = applySingleImage(plan, row.image, artwork);
          if (fields.sort_order !== undefined) await moveFeatured(tx, id, fields.sort_order);
          return set;
        },
      });
    },

    async deleteFeatured(actor: Actor, id: number): Promise<void> {
      await remove(requireStaff(actor, "catalogue.edit"), featuredResource, id);
    },

    // Brands

    async listBrands(actor: Actor): Promise<Brand[]> {
      requireStaff(actor, "catalogue.edit");
      return brandsInOrder();
    },

    /** One page of the brands for the back office: searched by name, sorted by name or number of products. */
    async pageBrands(actor: Actor, query: AdminListQuery<AdminBrandSort>): Promise<{ rows: Brand[]; count: number }> {
      requireStaff(actor, "catalogue.edit");
      const all = await brandsInOrder();
      const sorted = sortRows(all, (b) => (query.sort === "products" ? b.product_count : b.name.toLowerCase()), query.dir);
      return pageOf(sorted, query, (b) => b.name);
    },

    async getBrand(actor: Actor, id: number): Promise<Brand> {
      requireStaff(actor, "catalogue.edit");
      return rowOf(db, brandResource, id);
    },

    async createBrand(actor: Actor, input: FormInput): Promise<Brand> {
      const me = requireStaff(actor, "catalogue.edit");
      const form = await readForm(input, oneImageForm("logo"));
      const fields = parseFields(brandCreateSchema, form.fields);
      const logo = form.images.find((i) => i.field === "logo");
      return create(me, brandResource, {
        store: async (put) => (logo ? put.image(MEDIA_FOLDERS.brands, logo, fields.name) : null),
        values: (logoName) => ({ name: fields.name, website: fields.website ?? null, logo: logoName }),
      });
    },

    async updateBrand(actor: Actor, id: number, input: FormInput): Promise<Brand> {
      const me = requireStaff(actor, "catalogue.edit");
      const exists = await rowOf(db, brandResource, id);
      const form = await readForm(input, oneImageForm("logo"));
      const fields = parseFields(brandUpdateSchema, form.fields);
      const logo = form.images.find((i) => i.field === "logo");
      const plan = planSingleImage({ current: exists.logo, fields: form.fields, field: "logo", newCount: form.images.length });
      return update(me, brandResource, id, {
        store: async (put) => (logo ? put.image(MEDIA_FOLDERS.brands, logo, fields.name ?? "brand") : null),
        set: (row, logoName) => ({
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.website !== undefined ? { website: fields.website } : {}),
          ...(plan !== "keep" ? { logo: applySingleImage(plan, row.logo, logoName) } : {}),
        }),
      });
    },

    /** Deletes a brand; its products stay, without a brand. */
    async deleteBrand(actor: Actor, id: number): Promise<void> {
      await remove(requireStaff(actor, "catalogue.edit"), brandResource, id);
    },
  };
}
