import { z } from "zod";

export const NOTES_MAX = 2000;

/** One product line of a quote request (spec §3). */
export const quoteProductSchema = z.object({
  product_id: z.coerce.number({ error: "Choose a product." }).int().positive("Choose a product."),
  quantity: z.coerce
    .number({ error: "Quantity is required." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(10_000, "Quantity must be at most 10000."),
  name: z.string().trim().max(200).optional(),
});

/** POST /api/quotations: the spec's quote request payload (§3). Field messages are the form's too. */
export const quoteRequestSchema = z.object({
  userId: z.coerce.number().int().positive().nullish(),
  customer_name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(120),
  customer_address: z.string({ error: "Address is required." }).trim().min(1, "Address is required.").max(300),
  customer_email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .pipe(z.email("Enter a valid email address.").max(254)),
  customer_phone: z
    .string({ error: "Phone is required." })
    .trim()
    .min(1, "Phone is required.")
    .max(40)
    .regex(/^[+()\d\s-]{6,}$/, "Enter a valid phone number."),
  notes: z.string().trim().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`).default(""),
  products: z.array(quoteProductSchema).min(1, "Add at least one product.").max(50),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export const QUOTE_SUCCESS = "Your quote request has been submitted successfully!";
export const QUOTE_FAILURE = "Failed to submit quote. Please try again.";
