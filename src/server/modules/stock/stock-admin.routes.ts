import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  branchSchema,
  branchViewSchema,
  deliveryFeeSchema,
  deliveryFeeViewSchema,
  lowStockViewSchema,
  receiveShipmentSchema,
  STOCK_IMPORT_MAX_CHARS,
  STOCK_MOVEMENT_LABELS,
  shipmentSchema,
  shipmentsQuerySchema,
  shipmentViewSchema,
  stockAdjustmentSchema,
  stockImportResultSchema,
  stockImportSchema,
  stockLevelsQuerySchema,
  stockLevelViewSchema,
  stockMovementsQuerySchema,
  stockMovementViewSchema,
} from "#shared/schemas/stock.ts";
import { access } from "../../platform/auth/access.ts";
import { csvDateTime } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import { csvResponse } from "../../platform/openapi.ts";
import { resourceRoutes } from "../../platform/resources/resource-routes.ts";
import type { Services } from "../../services.ts";
import { branchResource, deliveryFeeResource } from "./stock-resources.ts";

const refused = { 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody };
const reads = { 400: validationBody, 401: messageBody, 403: messageBody };
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number() });

/** The stock back office, every route for admins: branches, delivery fees, stock, shipments, the ledger. */
export async function stockAdminRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { stockAdmin } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: access.staff("stock.adjust") };

  // ───────────── branches and delivery fees (their public lists: stock.routes.ts) ─────────────

  resourceRoutes(app, branchResource, {
    path: "/branches",
    tags: ["stock"],
    permission: "stock.adjust",
    view: branchViewSchema,
    create: { summary: "Add a branch (admin)", body: branchSchema, run: (actor, input) => stockAdmin.createBranch(actor, input) },
    update: {
      summary: "Change a branch (admin); its name is unique",
      body: branchSchema,
      run: (actor, id, input) => stockAdmin.updateBranch(actor, id, input),
    },
    delete: {
      summary: "Delete a branch (admin): 409 when it has stock, movements, orders, quotations or shipments",
      run: (actor, id) => stockAdmin.deleteBranch(actor, id),
    },
  });

  resourceRoutes(app, deliveryFeeResource, {
    path: "/delivery-fees",
    tags: ["stock"],
    // Decision 035: what a buyer pays for delivery is a price.
    permission: "prices.edit",
    view: deliveryFeeViewSchema,
    create: {
      summary: "Add the delivery fee to a city (admin; USD excluding VAT)",
      body: deliveryFeeSchema,
      run: (actor, input) => stockAdmin.createDeliveryFee(actor, input),
    },
    update: {
      summary: "Change a delivery fee (admin); each city once",
      body: deliveryFeeSchema,
      run: (actor, id, input) => stockAdmin.updateDeliveryFee(actor, id, input),
    },
    delete: {
      summary: "Delete a delivery fee (admin); orders keep the fee they were placed with",
      run: (actor, id) => stockAdmin.deleteDeliveryFee(actor, id),
    },
  });

  // ───────────── stock ─────────────

  r.get(
    "/stock",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary:
          "Stock per product and branch, by product name (admin); q searches name and SKU, low=1 keeps those at or below the reorder level",
        querystring: stockLevelsQuerySchema,
        response: { 200: page(stockLevelViewSchema), ...reads },
      },
    },
    async (request) => stockAdmin.levels(request.actor, request.query),
  );

  r.get(
    "/stock/low",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "Products whose available stock over all branches is at or below their reorder level, with what is on its way (admin)",
        response: { 200: z.array(lowStockViewSchema), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => stockAdmin.lowStock(request.actor),
  );

  csvRoute(app, {
    url: "/stock/export.csv",
    access: admin.access,
    schema: {
      tags: ["stock"],
      summary: "Stock per product and branch as CSV, with the list's filters (admin); its sku,branch,count columns import back",
      querystring: stockLevelsQuerySchema.omit({ page: true, pageSize: true }),
      response: { 200: csvResponse("Stock levels as CSV"), ...reads },
    },
    filename: "stock",
    rows: (request) => stockAdmin.levelsForExport(request.actor, request.query),
    columns: [
      { header: "sku", value: (l) => l.sku },
      { header: "branch", value: (l) => l.branch_name },
      { header: "count", value: (l) => l.on_hand },
      { header: "product", value: (l) => l.product_name },
      { header: "reserved", value: (l) => l.reserved },
      { header: "available", value: (l) => l.available },
      { header: "backordered", value: (l) => l.backordered },
      { header: "incoming", value: (l) => l.incoming },
      { header: "reorder_level", value: (l) => l.reorder_level },
    ],
  });

  r.post(
    "/stock/import",
    {
      config: admin,
      bodyLimit: STOCK_IMPORT_MAX_CHARS * 2,
      schema: {
        tags: ["stock"],
        summary: "Import a stock count (admin): JSON { csv } with the columns sku,branch,count",
        description:
          'The CSV text goes in the JSON body\'s `csv` (the admin screen reads the chosen file). The branch is named by its name or city. The whole file is checked first: an unknown SKU or branch, a count that is not a whole number, a line twice or a count below what is reserved answers 400 with one issue per line (`Line 3: …`) and nothing changes. Otherwise every count that differs from on hand becomes one adjustment movement "Stock count (import)", in one transaction; the answer says how many changed.',
        body: stockImportSchema,
        response: { 200: stockImportResultSchema, ...refused },
      },
    },
    async (request) => stockAdmin.importCounts(request.actor, request.body),
  );

  r.post(
    "/stock/adjustments",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "Adjust a product's stock at a branch (+/−) or take a return (+), with the reason (admin); never below what is reserved",
        body: stockAdjustmentSchema,
        response: { 201: stockLevelViewSchema, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await stockAdmin.adjust(request.actor, request.body)),
  );

  r.get(
    "/stock/movements",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "The stock ledger, newest first, filtered by product, branch, kind and days (admin)",
        querystring: stockMovementsQuerySchema,
        response: { 200: page(stockMovementViewSchema), ...reads },
      },
    },
    async (request) => stockAdmin.ledger(request.actor, request.query),
  );

  csvRoute(app, {
    url: "/stock/movements/export.csv",
    access: admin.access,
    schema: {
      tags: ["stock"],
      summary: "The filtered stock ledger as CSV, at most 100,000 rows (admin)",
      querystring: stockMovementsQuerySchema.omit({ page: true, pageSize: true }),
      response: { 200: csvResponse("The stock ledger as CSV"), ...reads },
    },
    filename: "stock-ledger",
    rows: (request) => stockAdmin.ledgerForExport(request.actor, request.query),
    columns: [
      { header: "When", value: (m) => csvDateTime(m.created_At) },
      { header: "Kind", value: (m) => STOCK_MOVEMENT_LABELS[m.kind] },
      { header: "SKU", value: (m) => m.sku },
      { header: "Product", value: (m) => m.product_name },
      { header: "Branch", value: (m) => m.branch_name },
      { header: "On hand change", value: (m) => m.on_hand_change },
      { header: "Reserved change", value: (m) => m.reserved_change },
      { header: "Reason", value: (m) => m.reason },
      { header: "Order", value: (m) => m.order_id },
      { header: "Quotation", value: (m) => m.quotation_id },
      { header: "Shipment", value: (m) => m.shipment_id },
      { header: "By", value: (m) => m.user_name },
    ],
  });

  // ───────────── shipments ─────────────

  r.get(
    "/shipments",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "Incoming shipments, latest expected first, by status (admin; open = expected or partly received)",
        querystring: shipmentsQuerySchema,
        response: { 200: page(shipmentViewSchema), ...reads },
      },
    },
    async (request) => stockAdmin.listShipments(request.actor, request.query),
  );
  r.post(
    "/shipments",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "Record a shipment on its way to a branch, with its lines (admin)",
        body: shipmentSchema,
        response: { 201: shipmentViewSchema, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await stockAdmin.createShipment(request.actor, request.body)),
  );
  r.get(
    "/shipments/:id",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "One shipment with its lines (admin)",
        params: idParamSchema,
        response: { 200: shipmentViewSchema, ...refused },
      },
    },
    async (request) => stockAdmin.shipment(request.actor, request.params.id),
  );
  r.post(
    "/shipments/:id/receive",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "Receive a shipment in full or in part (admin): each quantity a receipt into on hand; more than is expected is refused",
        params: idParamSchema,
        body: receiveShipmentSchema,
        response: { 200: shipmentViewSchema, ...refused },
      },
    },
    async (request) => stockAdmin.receiveShipment(request.actor, request.params.id, request.body),
  );
  r.post(
    "/shipments/:id/cancel",
    {
      config: admin,
      schema: {
        tags: ["stock"],
        summary: "Cancel what is not yet received of a shipment (admin); what was received stays",
        params: idParamSchema,
        response: { 200: shipmentViewSchema, ...refused },
      },
    },
    async (request) => stockAdmin.cancelShipment(request.actor, request.params.id),
  );
}
