import { z } from "zod";
import { availabilitySchema } from "./stock.ts";

/** The most appliances one sizing request lists. */
export const MAX_APPLIANCES = 50;

const positive = (what: string, max: number, unit: string) =>
  z
    .number({ error: `Enter the ${what} as a number.` })
    .positive(`The ${what} must be more than zero.`)
    .max(max, `The ${what} can be at most ${max} ${unit}.`);

/** One line of the appliance list; the surge factor is not asked for (the sizing takes it from the name). */
export const sizingApplianceSchema = z.object({
  name: z
    .string({ error: "Name each appliance." })
    .trim()
    .min(1, "Name each appliance.")
    .max(80, "An appliance's name can be at most 80 characters."),
  watts: positive("power of an appliance", 20_000, "W"),
  hours_per_day: positive("hours a day an appliance runs", 24, "hours"),
  quantity: z
    .number({ error: "Enter how many of each appliance as a number." })
    .int("Enter how many of each appliance as a whole number.")
    .min(1, "Each appliance needs a quantity of at least 1.")
    .max(100, "An appliance's quantity can be at most 100."),
});

/** POST /api/sizing: the appliances, the hours of backup, and the sun hours when the visitor knows them. */
export const sizingRequestSchema = z.object({
  appliances: z
    .array(sizingApplianceSchema, { error: "List your appliances." })
    .min(1, "List at least one appliance.")
    .max(MAX_APPLIANCES, `List at most ${MAX_APPLIANCES} appliances.`),
  backup_hours: positive("hours of backup", 72, "hours"),
  sun_hours: z
    .number({ error: "Enter the sun hours as a number." })
    .min(1, "The sun hours must be at least 1 a day.")
    .max(12, "The sun hours can be at most 12 a day.")
    .optional(),
});
export type SizingRequest = z.infer<typeof sizingRequestSchema>;

export const SIZING_ROLES = ["inverter", "battery", "panel"] as const;
export const SIZING_CHECKS = ["inverter", "battery", "panels"] as const;

/** One line of the recommended kit: the catalogue's product, how many, what it is for. */
export const sizingItemSchema = z.object({
  product_id: z.number(),
  quantity: z.number(),
  role: z.enum(SIZING_ROLES),
  product_name: z.string(),
  key_spec: z.string().nullable().describe('The figure it was chosen by, as the product\'s card shows it ("1.5 kW · 12 V")'),
  image: z.string().describe("The product's main image (a file name under /media/products/)"),
  availability: availabilitySchema.describe("Its stock per branch (issue 23 §3): quantities only for dealers and admins"),
});
export type SizingItemView = z.infer<typeof sizingItemSchema>;

/** POST /api/sizing's answer: the loads, the kit from the catalogue, the checks and the working. */
export const sizingResultSchema = z.object({
  daily_kwh: z.number(),
  peak_kw: z.number(),
  surge_kw: z.number(),
  backup_hours: z.number(),
  sun_hours: z.number().describe("The request's, else the site's setting"),
  items: z.array(sizingItemSchema),
  checks: z.array(z.object({ id: z.enum(SIZING_CHECKS), ok: z.boolean(), text: z.string() })),
  working: z.array(z.string()).describe("The arithmetic, in plain words, one step a line"),
  summary: z.string().describe("The sizing in a few lines, as the calculator puts it in a quote request's notes"),
});
export type SizingAnswer = z.infer<typeof sizingResultSchema>;
