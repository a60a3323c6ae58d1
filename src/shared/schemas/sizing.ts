import { z } from "zod";

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

/** POST /api/sizing (issue 22 §6): the appliances, the hours of backup, and the sun hours when the visitor knows them. */
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
