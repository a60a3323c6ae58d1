import { z } from "zod";
import { pageFields } from "./list.ts";

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

/** The back office's inbox: GET /api/contact?q=&unread=1&sort=&dir=&page=&pageSize= */
export const CONTACT_SORTS = ["created_At", "fullName", "email"] as const;
export const contactInboxQuerySchema = z.object({
  /** Matched against the name, e-mail address, phone and message. */
  q: z.string().trim().max(100).optional().default(""),
  /** "1": only messages not yet read; "0": only read ones; "" or absent: all. */
  unread: z.enum(["", "0", "1"]).optional().default(""),
  sort: z.enum(CONTACT_SORTS).optional().default("created_At"),
  dir: z.enum(["asc", "desc"]).optional().default("desc"),
  ...pageFields({ pageSize: 25, max: 100 }),
});
export type ContactInboxQuery = z.infer<typeof contactInboxQuerySchema>;

/** A message as the back office reads it. */
export const contactMessageViewSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  requestQuote: z.boolean(),
  readAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
  created_At: z.string(),
});
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;

export const contactInboxSchema = z.object({ rows: z.array(contactMessageViewSchema), count: z.number(), unread: z.number() });
export type ContactInbox = z.infer<typeof contactInboxSchema>;

/** PUT /api/contact/{id}/read: mark a message read or unread. */
export const contactReadSchema = z.object({ read: z.boolean({ error: "Say whether the message is read (true or false)." }) });

export const CONTACT_REPLY_MAX = 10_000;

/** POST /api/contact/{id}/reply: an answer e-mailed to the sender, with the company's address to reply to. */
export const contactReplySchema = z.object({
  subject: z
    .string({ error: "Subject is required." })
    .trim()
    .min(1, "Subject is required.")
    .max(200, "Subject must be at most 200 characters."),
  message: z
    .string({ error: "Write your reply." })
    .trim()
    .min(1, "Write your reply.")
    .max(CONTACT_REPLY_MAX, `The reply must be at most ${CONTACT_REPLY_MAX} characters.`),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const CONTACT_REPLY_SENT = "Your reply has been sent.";
