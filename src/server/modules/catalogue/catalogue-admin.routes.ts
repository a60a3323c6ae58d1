import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  adminFeaturedSchema,
  adminProductSchema,
  brandSchema,
  DATASHEET_MAX_MB,
  IMAGE_MAX_MB,
  PRODUCT_MAX_IMAGES,
  productUpdateSchema,
} from "#shared/schemas/catalogue-admin.ts";
import { access } from "../../platform/auth/access.ts";
import { indexedUploadFailureBody, messageBody } from "../../platform/error-bodies.ts";
import { formInput } from "../../platform/uploads/form-input.ts";
import type { Services } from "../../services.ts";

const refusals = {
  400: indexedUploadFailureBody,
  401: messageBody,
  403: messageBody,
  404: messageBody,
  409: messageBody,
  413: indexedUploadFailureBody,
  415: indexedUploadFailureBody,
};

const FILES_NOTE =
  `Images: JPG or PNG (decided by their content), at most ${IMAGE_MAX_MB} MB each, re-encoded and stored as WebP at 400, 800 and ` +
  `1200 px. Datasheets: one PDF of at most ${DATASHEET_MAX_MB} MB, parsed and saved again. All or nothing: a refused field or ` +
  "file (400 missing or invalid, 413 too large or too many, 415 wrong type) stores nothing.";

/** The back office's catalogue (admins): products with their images and datasheets, featured products, brands. */
export async function catalogueAdminRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { catalogueAdmin } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamSchema;

  // Products

  r.post(
    "/products/add-product",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["products"],
        summary: "Add a product with its images and datasheet (admin, multipart)",
        description:
          "Fields (spec §3 names): product_name, product_description, category, price_usd (required); product_benefits, " +
          "product_warranty, price_zwl, brand_id, hs_code (the 8-digit HS tariff code; dots and spaces are dropped) and " +
          "vat_category (standard, zero_rated or exempt; standard when left out), sku (unique, kept upper-case; 400 on sku when " +
          "another product has it), serialised (true/false: a serial number per unit at dispatch), reorder_level (a whole number, 0 for none) and specs (a JSON object { key: value } of the category's specifications, checked against " +
          `them: 400 on specs.<key>), all optional. Files: images (1 to ${PRODUCT_MAX_IMAGES}, the first is the main ` +
          `image) and datasheet (one PDF), both required. ${FILES_NOTE}`,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ message: z.string(), product: adminProductSchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const product = await catalogueAdmin.createProduct(request.actor, formInput(request));
      return reply.code(201).send({ message: "Product added.", product });
    },
  );

  r.put(
    "/products/update-product/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["products"],
        summary: "Change a product's fields and the order of its images (admin, JSON)",
        description:
          "Any of the fields; those left out stay as they are (price_zwl null or empty clears it). `images` lists the " +
          "product's image names in their new order (a list, or comma-separated text); the first is the main image and a " +
          "name left out is removed. `sku` is unique (400 on sku when taken; empty clears it); `specs` replaces the " +
          "specifications, checked against the product's category (400 on specs.<key>); a product moved to another category " +
          "without specs keeps those the new one has.",
        params,
        body: productUpdateSchema,
        response: { 200: z.object({ message: z.string(), product: adminProductSchema }), ...refusals },
      },
    },
    async (request) => ({
      message: "Product updated.",
      product: await catalogueAdmin.updateProduct(request.actor, request.params.id, request.body),
    }),
  );

  r.post(
    "/products/upload-product-images/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["products"],
        summary: "Add images to a product (admin, multipart field images)",
        description:
          `Added after the product's own images, up to ${PRODUCT_MAX_IMAGES} in all. With a text field imageOrder (a JSON list of ` +
          '"stored:<name>" and "new:<n>", the n-th file sent, in display order) the images are kept, dropped and reordered in the ' +
          `same change. ${FILES_NOTE}`,
        consumes: ["multipart/form-data"],
        params,
        response: { 200: z.object({ message: z.string(), product: adminProductSchema }), ...refusals },
      },
    },
    async (request) => {
      const { id } = params.parse(request.params);
      return { message: "Images added.", product: await catalogueAdmin.addProductImages(request.actor, id, formInput(request)) };
    },
  );

  r.post(
    "/products/upload-datasheet/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["products"],
        summary: "Replace a product's datasheet (admin, multipart field datasheet)",
        description: FILES_NOTE,
        consumes: ["multipart/form-data"],
        params,
        response: { 200: z.object({ message: z.string(), product: adminProductSchema }), ...refusals },
      },
    },
    async (request) => {
      const { id } = params.parse(request.params);
      return { message: "Datasheet replaced.", product: await catalogueAdmin.replaceDatasheet(request.actor, id, formInput(request)) };
    },
  );

  r.delete(
    "/products/delete-product/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["products"],
        summary: "Delete a product and its files (admin); quotations and orders keep its name",
        params,
        response: { 200: messageBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => {
      await catalogueAdmin.deleteProduct(request.actor, request.params.id);
      return { message: "Product deleted." };
    },
  );

  // Featured products

  r.post(
    "/featured/add-featured",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["featured"],
        summary: "Feature a product (admin, multipart)",
        description: `Fields: product_id (required), name (the product's name when empty). File: image, its own artwork (optional). ${FILES_NOTE}`,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ message: z.string(), featured: adminFeaturedSchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const featured = await catalogueAdmin.createFeatured(request.actor, formInput(request));
      return reply.code(201).send({ message: "Featured product added.", featured });
    },
  );

  r.put(
    "/featured/update-featured/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["featured"],
        summary: "Change a featured product (admin, JSON, or multipart with a new image)",
        description: `Any of: product_id, name, sort_order (its new position, 0 first), remove_image; a new image (multipart). ${FILES_NOTE}`,
        consumes: ["application/json", "multipart/form-data"],
        params,
        response: { 200: z.object({ message: z.string(), featured: adminFeaturedSchema }), ...refusals },
      },
    },
    async (request) => {
      const { id } = params.parse(request.params);
      return { message: "Featured product updated.", featured: await catalogueAdmin.updateFeatured(request.actor, id, formInput(request)) };
    },
  );

  r.delete(
    "/featured/delete-featured/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["featured"],
        summary: "Stop featuring a product (admin); the product stays",
        params,
        response: { 200: messageBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => {
      await catalogueAdmin.deleteFeatured(request.actor, request.params.id);
      return { message: "Featured product removed." };
    },
  );

  // Brands

  r.get(
    "/brands",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["brands"],
        summary: "Every brand with its logo, website and number of products (admin)",
        response: { 200: z.array(brandSchema), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => catalogueAdmin.listBrands(request.actor),
  );

  r.post(
    "/brands",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["brands"],
        summary: "Add a brand (admin, multipart with an optional logo, or JSON)",
        description: `Fields: name (required, unique), website (optional, http or https). File: logo (optional). ${FILES_NOTE}`,
        consumes: ["multipart/form-data", "application/json"],
        response: { 201: z.object({ message: z.string(), brand: brandSchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const brand = await catalogueAdmin.createBrand(request.actor, formInput(request));
      return reply.code(201).send({ message: "Brand added.", brand });
    },
  );

  r.put(
    "/brands/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["brands"],
        summary: "Change a brand (admin, JSON, or multipart with a new logo)",
        description: `Any of: name, website, remove_logo; a new logo (multipart). ${FILES_NOTE}`,
        consumes: ["application/json", "multipart/form-data"],
        params,
        response: { 200: z.object({ message: z.string(), brand: brandSchema }), ...refusals },
      },
    },
    async (request) => {
      const { id } = params.parse(request.params);
      return { message: "Brand updated.", brand: await catalogueAdmin.updateBrand(request.actor, id, formInput(request)) };
    },
  );

  r.delete(
    "/brands/:id",
    {
      config: { access: access.staff("catalogue.edit") },
      schema: {
        tags: ["brands"],
        summary: "Delete a brand (admin); its products stay, without a brand",
        params,
        response: { 200: messageBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => {
      await catalogueAdmin.deleteBrand(request.actor, request.params.id);
      return { message: "Brand deleted." };
    },
  );
}
