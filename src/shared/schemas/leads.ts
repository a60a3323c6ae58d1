import { z } from "zod";
import { LEAD_OFFER_STATUSES, LEAD_SOURCES, LEAD_STATUSES } from "../installer-network.ts";

/**
 * Enquiries for a certified installer ("leads") as the dealer area and the back office read them. A
 * dealer sees the customer's contact only once their offer is accepted (`contact` null before).
 */

export const LEAD_TAKEN = "Another installer has already taken this enquiry.";
export const LEAD_OFFER_CLOSED = "This enquiry is no longer open to you.";
export const LEAD_ALREADY_DECIDED = "This enquiry has already been given to an installer.";
export const LEAD_DEALER_NOT_VERIFIED = "Choose a verified dealer.";

export const leadContactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
});
export type LeadContact = z.infer<typeof leadContactSchema>;

export const leadKitLineSchema = z.object({ product_name: z.string(), quantity: z.number() });

/** One offer of a lead to the signed-in dealer's company (GET /api/dealer/leads). */
export const dealerLeadSchema = z.object({
  id: z.number().describe("The lead's id (POST /api/dealer/leads/{id}/accept, …/decline)"),
  offer_status: z.enum(LEAD_OFFER_STATUSES),
  province: z.string().describe("The province's slug"),
  province_name: z.string(),
  source: z.enum(LEAD_SOURCES),
  notes: z.string(),
  kit: z.array(leadKitLineSchema).describe("The quotation's lines: product names and quantities"),
  offered_at: z.string(),
  expires_at: z.string().describe("The offer lapses then if not accepted"),
  responded_at: z.string().nullable(),
  contact: leadContactSchema.nullable().describe("The customer's contact: only once this company's offer is accepted"),
});
export type DealerLead = z.infer<typeof dealerLeadSchema>;

export const dealerLeadsSchema = z.object({
  leads: z.array(dealerLeadSchema).describe("Open offers first (soonest to lapse first), then the others, newest first"),
  paused: z.boolean().describe("The company has paused new leads"),
});
export type DealerLeads = z.infer<typeof dealerLeadsSchema>;

export const leadsPauseSchema = z.object({ paused: z.boolean() });

/** One offer in a lead's history (the back office). */
export const leadOfferViewSchema = z.object({
  dealer_id: z.number(),
  trading_name: z.string(),
  status: z.enum(LEAD_OFFER_STATUSES),
  offered_at: z.string(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
});

/** A lead as the back office reads it (GET /api/leads). */
export const adminLeadSchema = z.object({
  id: z.number(),
  status: z.enum(LEAD_STATUSES),
  province: z.string(),
  province_name: z.string(),
  source: z.enum(LEAD_SOURCES),
  quotation_id: z.number(),
  customer_name: z.string(),
  created_at: z.string(),
  dealer: z.object({ id: z.number(), trading_name: z.string() }).nullable().describe("Who accepted it or was assigned it"),
  accepted_at: z.string().nullable(),
  assigned: z.boolean().describe("Assigned by hand in the back office"),
  offers: z.array(leadOfferViewSchema),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;

export const leadListQuerySchema = z.object({ status: z.enum(LEAD_STATUSES).optional() });
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const assignLeadSchema = z.object({
  dealer_id: z.coerce.number({ error: LEAD_DEALER_NOT_VERIFIED }).int().positive(LEAD_DEALER_NOT_VERIFIED),
});

/** A verified dealer the back office can assign a lead to. */
export const leadDealerOptionSchema = z.object({ id: z.number(), trading_name: z.string() });
