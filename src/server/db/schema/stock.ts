import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { RESERVATION_STATUSES, SHIPMENT_STATUSES, STOCK_MOVEMENT_KINDS } from "#shared/schemas/stock.ts";
import { users } from "./accounts.ts";
import { branches } from "./branches.ts";
import { products } from "./catalogue.ts";
import { orderLines, orders, quotations } from "./commerce.ts";

/**
 * A product's stock at a branch, kept in step with the ledger in the same transaction (`stock.service.ts`): on hand,
 * and how many of those are reserved for approved quotations and placed orders. Available = on hand − reserved, never
 * negative (the check): what cannot be reserved is a backorder on the reservation, not a negative figure here.
 */
export const stockLevels = pgTable(
  "stock_levels",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id, { onDelete: "restrict" }),
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.branchId] }),
    index("stock_levels_branch_idx").on(t.branchId, t.productId),
    // Availability of a page of products from the index alone.
    index("stock_levels_availability_idx").on(t.productId, t.branchId, t.onHand, t.reserved),
    check("stock_levels_reserved_check", sql`${t.reserved} >= 0`),
    check("stock_levels_available_check", sql`${t.onHand} >= ${t.reserved}`),
  ],
);

/** Every movement of stock, one row each: the quantities of `stock_levels` are these rows added up. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** The change to on hand and to reserved (a reservation: 0 and +n; a dispatch: −n and −n). */
    onHandChange: integer("on_hand_change").notNull().default(0),
    reservedChange: integer("reserved_change").notNull().default(0),
    reason: text("reason").notNull().default(""),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    quotationId: integer("quotation_id").references(() => quotations.id, { onDelete: "set null" }),
    shipmentId: integer("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    /** Who made it; null when the system did (an expiry, an order placed by a dealer is the dealer). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.branchId, t.id),
    index("stock_movements_created_idx").on(t.createdAt, t.id),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_kind_check", sql`${t.kind} in ('receipt', 'adjustment', 'reservation', 'release', 'dispatch', 'return')`),
  ],
);

/**
 * What a quotation or an order holds of a product at a branch: `quantity` reserved there, and
 * `backordered` the rest it still waits for. Active until released (cancelled, rejected, expired, converted) or
 * dispatched. One per source and product.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id, { onDelete: "restrict" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    quotationId: integer("quotation_id").references(() => quotations.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(0),
    backordered: integer("backordered").notNull().default(0),
    status: text("status", { enum: RESERVATION_STATUSES }).notNull().default("active"),
    /** A quotation's reservation holds until the quotation's validity ends. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_reservations_order_key").on(t.orderId, t.productId),
    uniqueIndex("stock_reservations_quotation_key").on(t.quotationId, t.productId),
    index("stock_reservations_waiting_idx")
      .on(t.productId, t.branchId, t.createdAt)
      .where(sql`${t.status} = 'active' and ${t.backordered} > 0`),
    index("stock_reservations_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'active' and ${t.expiresAt} is not null`),
    check("stock_reservations_source_check", sql`(${t.orderId} is null) <> (${t.quotationId} is null)`),
    check("stock_reservations_quantity_check", sql`${t.quantity} >= 0 and ${t.backordered} >= 0`),
  ],
);

/** Goods on their way from a supplier to a branch, received in full or in part. */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    supplierReference: text("supplier_reference").notNull(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id, { onDelete: "restrict" }),
    expectedDate: date("expected_date").notNull(),
    status: text("status", { enum: SHIPMENT_STATUSES }).notNull().default("expected"),
    notes: text("notes").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shipments_open_idx").on(t.status, t.expectedDate)],
);

export const shipmentLines = pgTable(
  "shipment_lines",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    received: integer("received").notNull().default(0),
  },
  (t) => [
    uniqueIndex("shipment_lines_product_key").on(t.shipmentId, t.productId),
    index("shipment_lines_product_idx").on(t.productId),
    check("shipment_lines_quantity_check", sql`${t.quantity} >= 1 and ${t.received} >= 0 and ${t.received} <= ${t.quantity}`),
  ],
);

/** A serial number that went out with an order line: unique across the catalogue, whatever its case. */
export const serials = pgTable(
  "serials",
  {
    id: serial("id").primaryKey(),
    serial: text("serial").notNull(),
    productId: integer("product_id").references(() => products.productId, { onDelete: "set null" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    branchId: integer("branch_id").references(() => branches.id, { onDelete: "set null" }),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("serials_serial_key").on(sql`upper(${t.serial})`), index("serials_order_idx").on(t.orderId, t.orderLineId)],
);
