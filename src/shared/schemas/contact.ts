import { z } from "zod";

export const CONTACT_NOTES_MAX = 5000;

/** The contact page's 'Get in Touch' form and POST /api/contact (spec §2; the spec's form had no rules, DESIGN.md §6). */
export const contactSchema = z.object({
  fullName: z
    .string({ error: "Full name is required." })
    .trim()
    .min(1, "Full name is required.")
    .max(120, "Full name must be at most 120 characters."),
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .pipe(z.email("Enter a valid email address.").max(254, "Enter a valid email address.")),
  phone: z.string().trim().max(40, "Phone must be at most 40 characters.").default(""),
  notes: z.string().trim().max(CONTACT_NOTES_MAX, `Notes must be at most ${CONTACT_NOTES_MAX} characters.`).default(""),
  requestQuote: z.boolean().default(false),
});
export type ContactMessage = z.infer<typeof contactSchema>;
export type ContactMessageInput = z.input<typeof contactSchema>;

export const CONTACT_SUCCESS = "Thank you! Your message has been sent. We will get back to you soon.";
export const CONTACT_FAILURE = "Sorry, your message could not be sent. Please try again, or call or e-mail us.";
