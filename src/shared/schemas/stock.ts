import { z } from "zod";
import { shortDay } from "../availability.ts";
import { LINE_QUANTITY_MAX } from "../constants.ts";
import { decimalUnits } from "../money.ts";
import { pageFields } from "./list.ts";

/**
 * Stock per branch: branches, the stock ledger, reservations and backorders, incoming shipments, delivery
 * fees, dispatch with serial numbers, and the availability everyone sees.
 */

export const STOCK_MOVEMENT_KINDS = ["receipt", "adjustment", "reservation", "release", "dispatch", "return"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  receipt: "Receipt",
  adjustment: "Adjustment",
  reservation: "Reservation",
  release: "Release",
  dispatch: "Dispatch",
  return: "Return",
};

export const RESERVATION_STATUSES = ["active", "released", "dispatched"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const SHIPMENT_STATUSES = ["expected", "partial", "received", "cancelled"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  expected: "Expected",
  partial: "Partly received",
  received: "Received",
  cancelled: "Cancelled",
};

/**
 * A product's availability as everyone sees it. `in_stock`: more available than its reorder level; `low_stock`: some,
 * at or below it; `out_of_stock`: none available (`next_arrival` when a shipment is on its way); `on_order`: the
 * product is not kept in stock at any branch and is ordered from the supplier for each order.
 */
export const AVAILABILITY_STATUSES = ["in_stock", "low_stock", "out_of_stock", "on_order"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export const BRANCH_STOCK_STATUSES = ["in_stock", "low_stock", "out_of_stock"] as const;
export type BranchStockStatus = (typeof BRANCH_STOCK_STATUSES)[number];

export const availabilitySchema = z.object({
  status: z.enum(AVAILABILITY_STATUSES),
  branches: z.array(
    z.object({
      branch_id: z.number(),
      name: z.string(),
      status: z.enum(BRANCH_STOCK_STATUSES),
      available: z.number().optional().describe("Units available (on hand − reserved); for dealers and admins only"),
    }),
  ),
  next_arrival: z.string().optional().describe("The expected day (YYYY-MM-DD) of the next shipment, when one is on its way"),
});
export type Availability = z.infer<typeof availabilitySchema>;

// The labels are in ../availability.ts, free of zod, for the cart page's inline script; they are this file's too.
export { availabilityLabel, branchAvailabilityLabel, shortDay, shortLineWarning } from "../availability.ts";

/**
 * The city of the delivery fee table an address names last ("…, Workington, Harare" → "Harare"), or undefined: the
 * checkout's default city, and the server's when a client sends only the address.
 */
export function cityNamedIn(address: string, cities: readonly string[]): string | undefined {
  const words = ` ${address.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  let best: { city: string; at: number } | undefined;
  for (const city of cities) {
    const at = words.lastIndexOf(` ${city.toLowerCase()} `);
    if (at >= 0 && (!best || at > best.at)) best = { city, at };
  }
  return best?.city;
}

/**
 * How well a branch can serve the cart now: the number of lines it cannot supply in full from what it
 * has available. `null` when the quantities are not known (a visitor's availability).
 */
export function branchShortLines(
  branchId: number,
  lines: { productId: number; quantity: number }[],
  stock: ReadonlyMap<number, Availability>,
): number | null {
  let short = 0;
  for (const line of lines) {
    const a = stock.get(line.productId);
    if (!a) continue;
    const here = a.branches.find((b) => b.branch_id === branchId);
    if (here && here.available === undefined) return null;
    if ((here?.available ?? 0) < line.quantity) short += 1;
  }
  return short;
}

/**
 * The branch a delivery is sent from, as the server chooses it (stock.service `chooseBranch`): the one with the most
 * lines in full, then the most units, then the first. Undefined without quantities.
 */
export function servingBranch(
  lines: { productId: number; quantity: number }[],
  stock: ReadonlyMap<number, Availability>,
): { branch_id: number; name: string } | undefined {
  const all = [...stock.values()][0]?.branches ?? [];
  let best: { branch_id: number; name: string; score: number } | undefined;
  for (const b of all) {
    let full = 0;
    let units = 0;
    for (const line of lines) {
      const here = stock.get(line.productId)?.branches.find((x) => x.branch_id === b.branch_id);
      if (here?.available === undefined) return undefined;
      if (here.available >= line.quantity) full += 1;
      units += Math.min(here.available, line.quantity);
    }
    const score = full * 1_000_000 + units;
    if (!best || score > best.score) best = { branch_id: b.branch_id, name: b.name, score };
  }
  return best && { branch_id: best.branch_id, name: best.name };
}

/**
 * What checkout says of a line the serving branch cannot supply in full now: "Only 2 at Bulawayo now: 3 backordered,
 * more expected 12 Dec." Null when it can, or when the quantities are not known.
 */
export function branchLineNote(a: Availability | undefined, branchId: number, quantity: number): string | null {
  if (!a) return null;
  if (a.status === "on_order") return "On order: supplied for your order, allow extra time.";
  const here = a.branches.find((b) => b.branch_id === branchId);
  if (here?.available === undefined || here.available >= quantity) return null;
  const when = a.next_arrival ? `, more expected ${shortDay(a.next_arrival)}` : "";
  const have = here.available > 0 ? `Only ${here.available}` : "None";
  return `${have} at ${here.name} now: ${quantity - here.available} backordered${when}.`;
}

/** "Has everything", "1 line short", "2 lines short". */
export function branchCoverageLabel(short: number): string {
  return short === 0 ? "Has everything" : `${short} line${short === 1 ? "" : "s"} short`;
}

// ---------------------------------------------------------------------------------------------------------------
// Back office inputs

const text = (max: number, what: string) => z.string().trim().max(max, `${what} must be at most ${max} characters.`);
const required = (max: number, what: string) => text(max, what).min(1, `${what} is required.`);
const quantity = (what: string) =>
  z.coerce
    .number({ error: `${what} is required.` })
    .int(`${what} must be a whole number.`)
    .min(1, `${what} must be at least 1.`)
    .max(LINE_QUANTITY_MAX, `${what} must be at most ${LINE_QUANTITY_MAX}.`);
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/branches, PUT /api/branches/{id} */
export const branchSchema = z.object({
  name: required(80, "Name"),
  city: required(80, "City"),
  address: text(300, "Address").default(""),
  phone: text(40, "Phone")
    .refine((v) => v === "" || /^[+()\d\s-]{6,}$/.test(v), "Enter a valid phone number.")
    .default(""),
  opening_hours: text(200, "Opening hours").default(""),
  collection: z.coerce.boolean().default(true),
});
export type BranchInput = z.infer<typeof branchSchema>;

export const branchViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  opening_hours: z.string(),
  collection: z.boolean(),
});
export type BranchView = z.infer<typeof branchViewSchema>;

const feeUsd = z
  .string()
  .trim()
  .refine((v) => decimalUnits(v, 2) !== null, "Enter the fee as a number with at most 2 decimals.")
  .refine((v) => (decimalUnits(v, 2) ?? -1n) >= 0n, "The fee cannot be negative.")
  .refine((v) => (decimalUnits(v, 2) ?? 0n) <= 10_000_000n, "The fee must be at most 100000.");

/** POST /api/delivery-fees, PUT /api/delivery-fees/{id}: the fee to a city, USD excluding VAT. */
export const deliveryFeeSchema = z.object({ city: required(80, "City"), fee_usd: feeUsd });
export type DeliveryFeeInput = z.infer<typeof deliveryFeeSchema>;
export const deliveryFeeViewSchema = z.object({ id: z.number(), city: z.string(), fee_usd: z.string() });
export type DeliveryFeeView = z.infer<typeof deliveryFeeViewSchema>;

/** POST /api/stock/adjustments: a counted or corrected quantity, with the reason (shown in the ledger). */
export const stockAdjustmentSchema = z.object({
  product_id: id("Choose a product."),
  branch_id: id("Choose a branch."),
  kind: z.enum(["adjustment", "return"], { error: "Choose adjustment or return." }).default("adjustment"),
  change: z.coerce
    .number({ error: "Enter the change, for example -2 or 5." })
    .int("The change must be a whole number.")
    .refine((v) => v !== 0, "The change cannot be 0.")
    .refine((v) => Math.abs(v) <= 100_000, "The change must be between -100000 and 100000."),
  reason: required(300, "Reason"),
  order_id: id("Choose an order.").optional(),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

/** POST /api/shipments */
export const shipmentSchema = z.object({
  supplier_reference: required(120, "Supplier reference"),
  branch_id: id("Choose a branch."),
  expected_date: z.iso.date({ error: "Enter the expected date as YYYY-MM-DD." }),
  notes: text(1000, "Notes").default(""),
  lines: z
    .array(z.object({ product_id: id("Choose a product."), quantity: quantity("Quantity") }))
    .min(1, "Add at least one product.")
    .max(200, "A shipment holds at most 200 products."),
});
export type ShipmentInput = z.infer<typeof shipmentSchema>;

/** POST /api/shipments/{id}/receive: what arrived of each line (0 for a line not yet there). */
export const receiveShipmentSchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: id("Choose a product."),
        quantity: z.coerce.number().int("Quantity must be a whole number.").min(0, "Quantity cannot be negative.").max(LINE_QUANTITY_MAX),
      }),
    )
    .min(1, "Say what arrived.")
    .max(200),
  note: text(300, "Note").default(""),
});
export type ReceiveShipmentInput = z.infer<typeof receiveShipmentSchema>;

export const shipmentViewSchema = z.object({
  id: z.number(),
  supplier_reference: z.string(),
  branch_id: z.number(),
  branch_name: z.string(),
  expected_date: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  notes: z.string(),
  created_At: z.string(),
  lines: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      sku: z.string().nullable(),
      quantity: z.number(),
      received: z.number(),
    }),
  ),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

/** The stock of a product at a branch, for the back office. */
export const stockLevelViewSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  sku: z.string().nullable(),
  branch_id: z.number(),
  branch_name: z.string(),
  on_hand: z.number(),
  reserved: z.number(),
  available: z.number(),
  backordered: z.number().describe("Units reservations here still wait for"),
  incoming: z.number().describe("Units of open shipments to this branch not yet received"),
  reorder_level: z.number(),
});
export type StockLevelView = z.infer<typeof stockLevelViewSchema>;

export const stockMovementViewSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  sku: z.string().nullable(),
  branch_id: z.number(),
  branch_name: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  on_hand_change: z.number(),
  reserved_change: z.number(),
  reason: z.string(),
  order_id: z.number().nullable(),
  quotation_id: z.number().nullable(),
  shipment_id: z.number().nullable(),
  user_name: z.string().nullable(),
  created_At: z.string(),
});
export type StockMovementView = z.infer<typeof stockMovementViewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dispatch and serial numbers

export const SERIAL_MAX = 64;
/** A serial number as typed or scanned: letters, digits and - / . _, trimmed; compared without regard to case. */
export const serialSchema = z
  .string()
  .trim()
  .min(3, "A serial number has at least 3 characters.")
  .max(SERIAL_MAX, `A serial number has at most ${SERIAL_MAX} characters.`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9./_-]*$/, "A serial number holds letters, digits and - / . _ only.");

export const DISPATCH_STATUSES = ["dispatched", "ready_for_collection"] as const;

/** POST /api/orders/{id}/dispatch: the order goes out (or waits at the branch) with its serial numbers. */
export const dispatchOrderSchema = z.object({
  status: z.enum(DISPATCH_STATUSES, { error: "Choose dispatched or ready for collection." }),
  reference: required(120, "Waybill or collection reference"),
  note: text(500, "Note").default(""),
  lines: z
    .array(z.object({ product_id: id("Choose a product."), serials: z.array(serialSchema).max(LINE_QUANTITY_MAX) }))
    .max(100)
    .default([]),
});
export type DispatchOrderInput = z.infer<typeof dispatchOrderSchema>;

/** GET /api/serials/{serial}: where a serial number went (admins). */
export const serialViewSchema = z.object({
  serial: z.string(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  sku: z.string().nullable(),
  order_id: z.number(),
  order_reference: z.string(),
  dealer_name: z.string(),
  dealer_company: z.string().nullable(),
  branch_name: z.string().nullable(),
  dispatched_At: z.string(),
});
export type SerialView = z.infer<typeof serialViewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Back office lists: levels, low stock, shipments, the ledger, the counts import

/** An optional filter value of a query string: "" is the same as absent. */
const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .optional()
  .or(z.literal("").transform(() => undefined));
const optionalDay = z.iso
  .date()
  .optional()
  .or(z.literal("").transform(() => undefined));
const flag = z
  .enum(["", "0", "1", "true", "false"])
  .optional()
  .transform((v) => v === "1" || v === "true");

/** GET /api/stock (and its CSV): every product at every branch, or those matching the name/SKU, one branch, only low. */
export const stockLevelsQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  branch: optionalId,
  low: flag,
  ...pageFields({ pageSize: 25, max: 200 }),
});
export type StockLevelsQuery = z.output<typeof stockLevelsQuerySchema>;

/** A product whose stock over every branch is at or below its reorder level (GET /api/stock/low). */
export const lowStockViewSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  sku: z.string().nullable(),
  reorder_level: z.number(),
  on_hand: z.number(),
  reserved: z.number(),
  available: z.number(),
  backordered: z.number(),
  incoming: z.number().describe("Units of open shipments not yet received, all branches"),
  next_arrival: z.string().nullable().describe("The expected day (YYYY-MM-DD) of the next open shipment of the product"),
});
export type LowStockView = z.infer<typeof lowStockViewSchema>;

/** GET /api/shipments */
export const shipmentsQuerySchema = z.object({
  status: z
    .enum(["", "open", ...SHIPMENT_STATUSES])
    .optional()
    .default("")
    .describe("open: expected or partly received"),
  ...pageFields({ pageSize: 25, max: 200 }),
});
export type ShipmentsQuery = z.output<typeof shipmentsQuerySchema>;

/** GET /api/stock/movements (and its CSV): the ledger, newest first. */
export const stockMovementsQuerySchema = z.object({
  product: optionalId,
  branch: optionalId,
  kind: z
    .enum(["", ...STOCK_MOVEMENT_KINDS])
    .optional()
    .default(""),
  from: optionalDay,
  to: optionalDay,
  ...pageFields({ pageSize: 50, max: 200 }),
});
export type StockMovementsQuery = z.output<typeof stockMovementsQuerySchema>;

export const STOCK_IMPORT_MAX_CHARS = 2_000_000;
export const STOCK_IMPORT_MAX_ROWS = 50_000;
/** POST /api/stock/import: a stock count as CSV text with the columns sku,branch,count (the branch by name). */
export const stockImportSchema = z.object({
  csv: z
    .string()
    .max(STOCK_IMPORT_MAX_CHARS, `The file must be at most ${STOCK_IMPORT_MAX_CHARS / 1_000_000} MB.`)
    .refine((v) => v.trim() !== "", "The file is empty."),
});
export type StockImportInput = z.infer<typeof stockImportSchema>;
export const stockImportResultSchema = z.object({
  rows: z.number().describe("Lines read (the header left out)"),
  changed: z.number().describe("Counts that differed from on hand: one adjustment each"),
  message: z.string(),
});
export type StockImportResult = z.infer<typeof stockImportResultSchema>;
