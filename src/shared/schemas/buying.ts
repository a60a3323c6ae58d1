import { z } from "zod";
import { CART_LINE_MAX } from "../quick-order.ts";
import { availabilitySchema } from "./stock.ts";

/**
 * Dealer buying: the company's cart kept on the server, quick order, reorder and kits. One schema
 * per contract, used by the routes and the pages.
 */

export const KIT_NAME_MAX = 80;
export const CART_LINES_MAX = 200;

/** A line sent to the cart: a product and a quantity (held at CART_LINE_MAX by the service). */
export const cartLineInputSchema = z.object({
  product_id: z.coerce.number({ error: "Choose a product." }).int().positive("Choose a product.").max(2_147_483_647),
  quantity: z.coerce
    .number({ error: "Quantity is required." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1."),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

export const cartLinesInputSchema = z.object({
  lines: z.array(cartLineInputSchema).max(CART_LINES_MAX, `A cart holds at most ${CART_LINES_MAX} products.`),
});

export const cartLineViewSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  sku: z.string().nullable(),
  /** The product's first image's storage key ("" when it has none): what the browser's cart draws. */
  image: z.string(),
  quantity: z.number().int().min(1).max(CART_LINE_MAX),
});
export type CartLineView = z.infer<typeof cartLineViewSchema>;

export const cartViewSchema = z.object({
  lines: z.array(cartLineViewSchema),
  updated_at: z.string().nullable().describe("When a line last changed (ISO 8601); null for an empty cart"),
});
export type CartView = z.infer<typeof cartViewSchema>;

export const quickOrderInputSchema = z.object({
  text: z.string().max(20_000, "The list is too long: at most 200 lines."),
});

const matchedProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  price_usd: z.string().optional().describe("The unit price at this quantity, for those who see prices"),
  availability: availabilitySchema,
});

export const quickOrderLineSchema = z.object({
  line: z.number().int().describe("The line's number in the text (1 for the first)"),
  sku: z.string(),
  quantity: z.number().int().optional(),
  product: matchedProductSchema.optional(),
  error: z.string().optional().describe('Why the line cannot be added: "unknown SKU", "quantity must be at least 1" …'),
  duplicate_of: z.number().int().optional().describe("The earlier line naming the same product: their quantities add up in the cart"),
});
export type QuickOrderMatch = z.infer<typeof quickOrderLineSchema>;

export const quickOrderResultSchema = z.object({
  lines: z.array(quickOrderLineSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;

/** What adding lines to the cart from an old order or a kit found ("saying what changed"). */
export const addReportSchema = z.object({
  cart: cartViewSchema,
  added: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      quantity: z.number(),
      price_then_usd: z.string().optional().describe("The unit price on the order (reorder), for those who see prices"),
      price_now_usd: z.string().optional().describe("Today's unit price at this quantity, for those who see prices"),
    }),
  ),
  unavailable: z.array(z.object({ product_name: z.string(), quantity: z.number() })).describe("Products no longer sold: not added"),
  short: z
    .array(z.object({ product_id: z.number(), product_name: z.string(), quantity: z.number(), available: z.number() }))
    .describe("Products with fewer units available than the quantity added"),
});
export type AddReport = z.infer<typeof addReportSchema>;

export const kitNameSchema = z
  .string({ error: "Give the kit a name." })
  .trim()
  .min(1, "Give the kit a name.")
  .max(KIT_NAME_MAX, `A kit's name is at most ${KIT_NAME_MAX} characters.`);

export const createKitSchema = z.object({
  name: kitNameSchema,
  lines: z.array(cartLineInputSchema).max(CART_LINES_MAX).optional().describe("The kit's lines; the company's cart when left out"),
});
export type CreateKitInput = z.infer<typeof createKitSchema>;

export const updateKitSchema = z.object({
  name: kitNameSchema,
  lines: z.array(cartLineInputSchema).min(1).max(CART_LINES_MAX).optional().describe("New lines; kept when left out"),
});
export type UpdateKitInput = z.infer<typeof updateKitSchema>;

export const kitViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_by: z.string().nullable().describe("Who saved it (full name)"),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      sku: z.string().nullable(),
      quantity: z.number(),
      unit_price_usd: z.string().optional().describe("Today's unit price at this quantity, for those who see prices"),
    }),
  ),
  total_usd: z.string().optional().describe("Today's total of the kit, excluding VAT, for those who see prices"),
});
export type KitView = z.infer<typeof kitViewSchema>;

export const KIT_NAME_TAKEN = "You already have a kit with this name.";
export const EMPTY_CART_KIT = "Your cart is empty: add products before saving it as a kit.";
