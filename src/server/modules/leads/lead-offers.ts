import { and, desc, eq } from "drizzle-orm";
import { provinceName } from "#shared/provinces.ts";
import { type DealerLead, type DealerLeads, LEAD_OFFER_CLOSED, LEAD_TAKEN } from "#shared/schemas/leads.ts";
import type { Db, Tx } from "../../db/client.ts";
import { quotations } from "../../db/schema/commerce.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "../../db/schema/installer-network.ts";
import { type Actor, requireGoodStanding, requireRole, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { freeSlug } from "../installers/index.ts";
import { type LeadMailSite, leadAcceptedMail } from "./lead-mail.ts";
import { contactOf, give, installerOf, iso, kitOf } from "./lead-queries.ts";
import type { LeadRouting } from "./lead-routing.ts";

/** A dealer company's side: its offers, accepting or declining one, pausing new leads. */
export function createLeadOffers(
  { db, mailer, audit }: { db: Db; mailer: Mailer; audit: AuditService },
  mailSite: () => Promise<LeadMailSite>,
  { route }: Pick<LeadRouting, "route">,
) {
  /** The dealer company of a signed-in owner or buyer (404 when it has none: not a dealer company). */
  async function companyOf(exec: Db | Tx, actor: SignedIn): Promise<typeof dealers.$inferSelect> {
    const [dealer] = await exec.select().from(dealers).where(eq(dealers.userId, actor.companyUserId)).limit(1);
    if (!dealer) throw new NotFoundError();
    return dealer;
  }

  /**
   * The company of an owner or buyer answering an offer, read under a share lock: a suspension or the documents'
   * hold (which lock the row to change it) waits for the answer, or the answer reads their outcome (decision 023).
   */
  async function answeringCompany(tx: Tx, actor: SignedIn): Promise<typeof dealers.$inferSelect> {
    const [dealer] = await tx.select().from(dealers).where(eq(dealers.userId, actor.companyUserId)).for("share");
    if (!dealer) throw new NotFoundError();
    return dealer;
  }

  /** The company's offer of a lead (404 when the lead was never offered to it). */
  async function offerTo(tx: Tx, leadId: number, dealerId: number): Promise<typeof leadOffers.$inferSelect> {
    const [offer] = await tx
      .select()
      .from(leadOffers)
      .where(and(eq(leadOffers.leadId, leadId), eq(leadOffers.dealerId, dealerId)));
    if (!offer) throw new NotFoundError();
    return offer;
  }

  return {
    /** The signed-in dealer company's offers: open ones first (soonest to lapse first), then the rest, newest first. */
    async listForDealer(actor: Actor, now: Date = new Date()): Promise<DealerLeads> {
      const user = requireRole(actor, "dealer");
      const dealer = await companyOf(db, user);
      const rows = await db
        .select({ offer: leadOffers, lead: leads, notes: quotations.notes })
        .from(leadOffers)
        .innerJoin(leads, eq(leads.id, leadOffers.leadId))
        .innerJoin(quotations, eq(quotations.id, leads.quotationId))
        .where(eq(leadOffers.dealerId, dealer.id))
        .orderBy(desc(leadOffers.offeredAt), desc(leadOffers.id))
        .limit(200);
      const [profile] = await db
        .select({ paused: dealerProfiles.leadsPaused })
        .from(dealerProfiles)
        .where(eq(dealerProfiles.dealerId, dealer.id));
      const out: DealerLead[] = [];
      for (const { offer, lead, notes } of rows) {
        // An offer past its time reads as expired before the job has run.
        const status = offer.status === "offered" && offer.expiresAt <= now ? "expired" : offer.status;
        const mine = status === "accepted" && lead.dealerId === dealer.id;
        out.push({
          id: lead.id,
          offer_status: status,
          province: lead.province,
          province_name: provinceName(lead.province),
          source: lead.source,
          notes,
          kit: (await kitOf(db, lead.quotationId)).map((l) => ({ product_name: l.productName, quantity: l.quantity })),
          offered_at: offer.offeredAt.toISOString(),
          expires_at: offer.expiresAt.toISOString(),
          responded_at: iso(offer.respondedAt),
          contact: mine ? await contactOf(db, lead.quotationId) : null,
        });
      }
      const open = out.filter((l) => l.offer_status === "offered").sort((a, b) => a.expires_at.localeCompare(b.expires_at));
      return { leads: [...open, ...out.filter((l) => l.offer_status !== "offered")], paused: profile?.paused ?? false };
    },

    /**
     * The first of the dealers offered a lead to accept it gets it: one conditional update decides the race. A company
     * on hold is refused with its hold's words; and the company is read again, locked, so one suspended or held since
     * the session was read cannot take the customer either (decision 023: the customer is told a verified dealer calls).
     */
    async accept(actor: Actor, leadId: number, now: Date = new Date()): Promise<DealerLead> {
      const user = requireGoodStanding(requireRole(actor, "dealer"));
      const site = await mailSite();
      await db.transaction(async (tx) => {
        const dealer = await answeringCompany(tx, user);
        const offer = await offerTo(tx, leadId, dealer.id);
        if (dealer.regStatus !== "Approved" || dealer.documentsExpiredAt !== null) throw new ConflictError(LEAD_OFFER_CLOSED);
        const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId));
        if (!lead) throw new NotFoundError();
        if (lead.status === "accepted" && lead.dealerId !== dealer.id) throw new ConflictError(LEAD_TAKEN);
        if (offer.status !== "offered" || offer.expiresAt <= now) throw new ConflictError(LEAD_OFFER_CLOSED);
        if (!(await give(tx, lead, dealer.id, now, null))) throw new ConflictError(LEAD_TAKEN);
        await tx.update(leadOffers).set({ status: "accepted", respondedAt: now, respondedBy: user.id }).where(eq(leadOffers.id, offer.id));
        const contact = await contactOf(tx, lead.quotationId);
        await queueMails(mailer, tx, [
          leadAcceptedMail({
            to: contact.email,
            customerName: contact.name,
            quotationId: lead.quotationId,
            installer: await installerOf(tx, dealer.id),
            site,
          }),
        ]);
      });
      const mine = (await this.listForDealer(actor, now)).leads.find((l) => l.id === leadId);
      if (!mine) throw new NotFoundError();
      return mine;
    },

    /** A dealer declines an offer: the lead moves on to the next dealer in the rotation. */
    async decline(actor: Actor, leadId: number, now: Date = new Date()): Promise<void> {
      const user = requireRole(actor, "dealer");
      const site = await mailSite();
      await db.transaction(async (tx) => {
        const dealer = await companyOf(tx, user);
        const offer = await offerTo(tx, leadId, dealer.id);
        if (offer.status !== "offered" || offer.expiresAt <= now) throw new ConflictError(LEAD_OFFER_CLOSED);
        await tx
          .update(leadOffers)
          .set({ status: "declined", respondedAt: now, respondedBy: user.id })
          .where(and(eq(leadOffers.id, offer.id), eq(leadOffers.status, "offered")));
        const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId));
        if (lead) await route(tx, lead, now, site);
      });
    },

    /** "Pause new leads" / "Resume": only `leads_paused` of the company's profile, made (unpublished) if missing. */
    async setPaused(actor: Actor, paused: boolean): Promise<{ paused: boolean }> {
      const user = requireRole(actor, "dealer");
      return db.transaction(async (tx) => {
        const dealer = await companyOf(tx, user);
        const [profile] = await tx.select({ slug: dealerProfiles.slug }).from(dealerProfiles).where(eq(dealerProfiles.dealerId, dealer.id));
        const slug = profile?.slug ?? (await freeSlug(tx, dealer.tradingName ?? dealer.registeredCompany ?? "dealer"));
        await tx
          .insert(dealerProfiles)
          .values({ dealerId: dealer.id, slug, leadsPaused: paused })
          .onConflictDoUpdate({ target: dealerProfiles.dealerId, set: { leadsPaused: paused, updatedAt: new Date() } });
        await audit.record(tx, user, {
          entity: "dealer_profile",
          entityId: dealer.id,
          action: paused ? "leads_paused" : "leads_resumed",
          summary: paused ? "Paused new leads" : "Resumed new leads",
        });
        return { paused };
      });
    },
  };
}
