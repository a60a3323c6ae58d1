import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { LeadStatus } from "#shared/installer-network.ts";
import { provinceName } from "#shared/provinces.ts";
import { type AdminLead, LEAD_ALREADY_DECIDED, LEAD_DEALER_NOT_VERIFIED, type LeadListQuery } from "#shared/schemas/leads.ts";
import type { Db } from "../../db/client.ts";
import { quotations } from "../../db/schema/commerce.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { leadOffers, leads } from "../../db/schema/installer-network.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { verifiedDealer } from "../installers/index.ts";
import { type LeadMailSite, leadAcceptedMail, leadAssignedMail } from "./lead-mail.ts";
import { contactOf, dealerRecipients, give, installerOf, iso, kitOf } from "./lead-queries.ts";

/** The back office's side: every lead with its offers, and giving one to a verified dealer by hand. */
export function createLeadAdmin(
  { db, mailer, audit }: { db: Db; mailer: Mailer; audit: AuditService },
  mailSite: () => Promise<LeadMailSite>,
) {
  return {
    /** The back office: every lead, newest first, with its offers; and the verified dealers it can be assigned to. */
    async list(actor: Actor, query: LeadListQuery = {}): Promise<{ rows: AdminLead[]; dealers: { id: number; trading_name: string }[] }> {
      requireStaff(actor, "leads.assign");
      const tradingName = sql<string>`coalesce(${dealers.tradingName}, ${dealers.registeredCompany}, '')`;
      const rows = await db
        .select({ lead: leads, customerName: quotations.requesterName, dealerName: tradingName })
        .from(leads)
        .innerJoin(quotations, eq(quotations.id, leads.quotationId))
        .leftJoin(dealers, eq(dealers.id, leads.dealerId))
        .where(query.status ? eq(leads.status, query.status) : undefined)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(500);
      const ids = rows.map((r) => r.lead.id);
      const offers =
        ids.length === 0
          ? []
          : await db
              .select({ offer: leadOffers, tradingName })
              .from(leadOffers)
              .innerJoin(dealers, eq(dealers.id, leadOffers.dealerId))
              .where(inArray(leadOffers.leadId, ids))
              .orderBy(asc(leadOffers.offeredAt), asc(leadOffers.id));
      const options = await db
        .select({ id: dealers.id, trading_name: tradingName })
        .from(dealers)
        .where(and(verifiedDealer(), isNotNull(dealers.userId)))
        .orderBy(asc(tradingName));
      return {
        rows: rows.map(({ lead, customerName, dealerName }) => ({
          id: lead.id,
          status: lead.status as LeadStatus,
          province: lead.province,
          province_name: provinceName(lead.province),
          source: lead.source,
          quotation_id: lead.quotationId,
          customer_name: customerName,
          created_at: lead.createdAt.toISOString(),
          dealer: lead.dealerId === null ? null : { id: lead.dealerId, trading_name: dealerName },
          accepted_at: iso(lead.acceptedAt),
          assigned: lead.assignedBy !== null,
          offers: offers
            .filter((o) => o.offer.leadId === lead.id)
            .map(({ offer, tradingName: name }) => ({
              dealer_id: offer.dealerId,
              trading_name: name,
              status: offer.status,
              offered_at: offer.offeredAt.toISOString(),
              expires_at: offer.expiresAt.toISOString(),
              responded_at: iso(offer.respondedAt),
            })),
        })),
        dealers: options,
      };
    },

    /** The back office gives a lead to a verified dealer by hand: as if it accepted it (customer and dealer told), audited. */
    async assign(actor: Actor, leadId: number, dealerId: number, now: Date = new Date()): Promise<void> {
      const admin = requireStaff(actor, "leads.assign");
      const site = await mailSite();
      await db.transaction(async (tx) => {
        const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId));
        if (!lead) throw new NotFoundError();
        const [dealer] = await tx
          .select({ id: dealers.id })
          .from(dealers)
          .where(and(eq(dealers.id, dealerId), verifiedDealer()));
        if (!dealer) throw new FieldError(LEAD_DEALER_NOT_VERIFIED, "dealer_id");
        if (!(await give(tx, lead, dealerId, now, admin.id))) throw new ConflictError(LEAD_ALREADY_DECIDED);
        await tx
          .insert(leadOffers)
          .values({ leadId, dealerId, status: "accepted", offeredAt: now, expiresAt: now, respondedAt: now, respondedBy: admin.id })
          .onConflictDoUpdate({
            target: [leadOffers.leadId, leadOffers.dealerId],
            set: { status: "accepted", respondedAt: now, respondedBy: admin.id },
          });
        const contact = await contactOf(tx, lead.quotationId);
        const installer = await installerOf(tx, dealerId);
        const kit = await kitOf(tx, lead.quotationId);
        await queueMails(mailer, tx, [
          leadAcceptedMail({ to: contact.email, customerName: contact.name, quotationId: lead.quotationId, installer, site }),
          ...(await dealerRecipients(tx, dealerId)).map((to) =>
            leadAssignedMail({ to, company: installer.tradingName, provinceName: provinceName(lead.province), kit, site }),
          ),
        ]);
        await audit.record(tx, admin, {
          entity: "lead",
          entityId: leadId,
          action: "assign",
          summary: `Assigned enquiry #${leadId} to ${installer.tradingName}`,
          before: { status: lead.status, dealerId: lead.dealerId },
          after: { status: "accepted", dealerId },
        });
      });
    },
  };
}
