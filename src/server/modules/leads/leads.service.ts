import { and, asc, desc, eq, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { LEAD_OFFER_HOURS, LEAD_OFFERS_AT_ONCE, type LeadSource, type LeadStatus } from "#shared/installer-network.ts";
import { provinceName } from "#shared/provinces.ts";
import {
  type AdminLead,
  type DealerLead,
  type DealerLeads,
  LEAD_ALREADY_DECIDED,
  LEAD_DEALER_NOT_VERIFIED,
  LEAD_OFFER_CLOSED,
  LEAD_TAKEN,
  type LeadListQuery,
} from "#shared/schemas/leads.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { companyMembers } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "../../db/schema/installer-network.ts";
import { type Actor, requireAdmin, requireGoodStanding, requireRole, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { freeSlug, verifiedDealer } from "../installers/index.ts";
import { type LeadMailSite, leadAcceptedMail, leadAssignedMail, leadOfferedMail, leadUnassignedMail } from "./lead-mail.ts";

const HOUR = 3_600_000;

/** A dealer that may be offered a lead, with when it was last offered one. */
export type Candidate = { dealerId: number; lastOfferedAt: Date | null };

/**
 * The fair rotation: the dealers not yet offered this lead, the one offered a lead longest ago first
 * (never offered: first of all), then by id; at most `slots`.
 */
export function rankCandidates(candidates: readonly Candidate[], alreadyOffered: ReadonlySet<number>, slots: number): Candidate[] {
  if (slots <= 0) return [];
  return candidates
    .filter((c) => !alreadyOffered.has(c.dealerId))
    .sort((a, b) => {
      const at = a.lastOfferedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      const bt = b.lastOfferedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      return at === bt ? a.dealerId - b.dealerId : at - bt;
    })
    .slice(0, slots);
}

type Deps = { db: Db; mailer: Mailer; settings: SettingsService; audit: AuditService; siteUrl?: string };

type LeadRow = typeof leads.$inferSelect;

export function createLeadsService({ db, mailer, settings, audit, siteUrl = DEFAULT_LINK_ORIGIN }: Deps) {
  async function mailSite(): Promise<LeadMailSite> {
    const s = await settings.get();
    return { companyName: s.companyName, salesEmail: s.salesEmail, phone: s.phone, siteUrl };
  }

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

  async function kitOf(exec: Db | Tx, quotationId: number) {
    return exec
      .select({ productName: quotationProducts.productName, quantity: quotationProducts.quantity })
      .from(quotationProducts)
      .where(eq(quotationProducts.quotationId, quotationId))
      .orderBy(asc(quotationProducts.id));
  }

  /** The addresses a dealer company's lead mails go to: its owner and its buyers. */
  async function dealerRecipients(exec: Db | Tx, dealerId: number): Promise<string[]> {
    const owner = await exec
      .select({ email: users.email })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(eq(dealers.id, dealerId));
    const buyers = await exec
      .select({ email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.dealerId, dealerId), eq(companyMembers.role, "buyer")));
    return [...new Set([...owner, ...buyers].map((r) => r.email))];
  }

  /** Verified dealers taking leads in a province: a published, unpaused profile whose home or served provinces hold it. */
  async function eligible(exec: Db | Tx, province: string): Promise<(Candidate & { tradingName: string })[]> {
    return exec
      .select({
        dealerId: dealerProfiles.dealerId,
        lastOfferedAt: dealerProfiles.lastOfferedAt,
        tradingName: sql<string>`coalesce(${dealers.tradingName}, ${dealers.registeredCompany}, '')`,
      })
      .from(dealerProfiles)
      .innerJoin(dealers, eq(dealers.id, dealerProfiles.dealerId))
      .where(
        and(
          verifiedDealer(),
          eq(dealerProfiles.published, true),
          eq(dealerProfiles.leadsPaused, false),
          or(eq(dealerProfiles.province, province), sql`${province} = any(${dealerProfiles.provincesServed})`),
        ),
      );
  }

  /** The still-open leads of offers just closed (withdrawn or expired) move on to their next dealers, oldest first. */
  async function routeOn(tx: Tx, closed: { leadId: number }[], now: Date, site: LeadMailSite): Promise<void> {
    const ids = [...new Set(closed.map((c) => c.leadId))];
    if (ids.length === 0) return;
    const open = await tx
      .select()
      .from(leads)
      .where(and(inArray(leads.id, ids), eq(leads.status, "open")))
      .orderBy(asc(leads.id));
    for (const lead of open) await route(tx, lead, now, site);
  }

  /**
   * Offers the lead to the next dealers in the rotation until LEAD_OFFERS_AT_ONCE offers are open; with no offer open
   * and no dealer left, the lead is unassigned and sales is told. Mails are queued in the caller's transaction.
   */
  async function route(tx: Tx, lead: LeadRow, now: Date, site: LeadMailSite): Promise<void> {
    if (lead.status !== "open") return;
    const offers = await tx
      .select({ dealerId: leadOffers.dealerId, status: leadOffers.status })
      .from(leadOffers)
      .where(eq(leadOffers.leadId, lead.id));
    const open = offers.filter((o) => o.status === "offered").length;
    const candidates = await eligible(tx, lead.province);
    const chosen = rankCandidates(candidates, new Set(offers.map((o) => o.dealerId)), LEAD_OFFERS_AT_ONCE - open);
    const mails: Mail[] = [];
    if (chosen.length > 0) {
      const expiresAt = new Date(now.getTime() + LEAD_OFFER_HOURS * HOUR);
      await tx.insert(leadOffers).values(chosen.map((c) => ({ leadId: lead.id, dealerId: c.dealerId, offeredAt: now, expiresAt })));
      await tx
        .update(dealerProfiles)
        .set({ lastOfferedAt: now })
        .where(
          inArray(
            dealerProfiles.dealerId,
            chosen.map((c) => c.dealerId),
          ),
        );
      const [quotation] = await tx.select({ notes: quotations.notes }).from(quotations).where(eq(quotations.id, lead.quotationId));
      const kit = await kitOf(tx, lead.quotationId);
      for (const c of chosen) {
        const company = candidates.find((x) => x.dealerId === c.dealerId)?.tradingName ?? "";
        for (const to of await dealerRecipients(tx, c.dealerId)) {
          mails.push(
            leadOfferedMail({
              to,
              company,
              provinceName: provinceName(lead.province),
              kit,
              notes: quotation?.notes ?? "",
              hours: LEAD_OFFER_HOURS,
              site,
            }),
          );
        }
      }
    } else if (open === 0) {
      await tx
        .update(leads)
        .set({ status: "unassigned", updatedAt: now })
        .where(and(eq(leads.id, lead.id), eq(leads.status, "open")));
      mails.push(
        leadUnassignedMail({
          leadId: lead.id,
          quotationId: lead.quotationId,
          provinceName: provinceName(lead.province),
          reason: offers.length === 0 ? "none-serve" : "none-accepted",
          site,
        }),
      );
    }
    await queueMails(mailer, tx, mails);
  }

  /** The customer's contact on the quotation. */
  async function contactOf(exec: Db | Tx, quotationId: number) {
    const [q] = await exec
      .select({
        name: quotations.requesterName,
        phone: quotations.requesterPhone,
        email: quotations.requesterEmail,
        address: quotations.requesterAddress,
      })
      .from(quotations)
      .where(eq(quotations.id, quotationId));
    if (!q) throw new NotFoundError();
    return q;
  }

  /** What the customer is told about their installer: the profile's phone and e-mail, else the owner's address. */
  async function installerOf(exec: Db | Tx, dealerId: number) {
    const [row] = await exec
      .select({
        tradingName: sql<string>`coalesce(${dealers.tradingName}, ${dealers.registeredCompany}, '')`,
        phone: dealerProfiles.phone,
        email: dealerProfiles.email,
        slug: dealerProfiles.slug,
        published: dealerProfiles.published,
        ownerEmail: users.email,
      })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .leftJoin(dealerProfiles, eq(dealerProfiles.dealerId, dealers.id))
      .where(eq(dealers.id, dealerId));
    if (!row) throw new NotFoundError();
    return {
      tradingName: row.tradingName,
      phone: row.phone ?? "",
      email: row.email || row.ownerEmail,
      // The profile is linked only when it is public.
      slug: row.published ? row.slug : null,
    };
  }

  /** Gives the lead to the dealer (exactly once: the lead must still be open or unassigned) and withdraws the other offers. */
  async function give(tx: Tx, lead: LeadRow, dealerId: number, now: Date, assignedBy: number | null): Promise<boolean> {
    const [won] = await tx
      .update(leads)
      .set({ status: "accepted", dealerId, acceptedAt: now, assignedBy, updatedAt: now })
      .where(and(eq(leads.id, lead.id), assignedBy === null ? eq(leads.status, "open") : inArray(leads.status, ["open", "unassigned"])))
      .returning({ id: leads.id });
    if (!won) return false;
    await tx
      .update(leadOffers)
      .set({ status: "withdrawn", respondedAt: now })
      .where(and(eq(leadOffers.leadId, lead.id), eq(leadOffers.status, "offered"), ne(leadOffers.dealerId, dealerId)));
    return true;
  }

  function iso(d: Date | null): string | null {
    return d ? d.toISOString() : null;
  }

  return {
    rankCandidates,

    /**
     * A quote request with "I also want a certified installer": the lead is written in the quotation's
     * transaction and offered at once (or unassigned when no verified dealer serves the province). `site` is read by
     * the caller before its transaction.
     */
    async createInTx(tx: Tx, input: { quotationId: number; province: string; source: LeadSource }, now: Date, site: LeadMailSite) {
      const [lead] = await tx
        .insert(leads)
        .values({ quotationId: input.quotationId, province: input.province, source: input.source, createdAt: now, updatedAt: now })
        .returning();
      if (!lead) throw new Error("lead insert returned nothing");
      await route(tx, lead, now, site);
      return lead.id;
    },

    /** What the mails of a lead created inside another service's transaction need (read before that transaction). */
    mailSite,

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

    /**
     * Decision 023: a company no longer verified (suspended, or its documents expired) loses its open offers, in the
     * caller's transaction (the one that changed the company): each is withdrawn and its lead offered to the next
     * dealers in the rotation (this company is no longer eligible), or unassigned for the back office. `site` is read
     * by the caller before its transaction. The number withdrawn.
     */
    async withdrawOffersOf(tx: Tx, dealerId: number, now: Date, site: LeadMailSite): Promise<number> {
      const withdrawn = await tx
        .update(leadOffers)
        .set({ status: "withdrawn", respondedAt: now })
        .where(and(eq(leadOffers.dealerId, dealerId), eq(leadOffers.status, "offered")))
        .returning({ leadId: leadOffers.leadId });
      await routeOn(tx, withdrawn, now, site);
      return withdrawn.length;
    },

    /** The job (every 15 minutes): offers past their 48 hours expire and their leads move on. The number expired. */
    async expireOffers(now: Date): Promise<number> {
      const site = await mailSite();
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(leadOffers)
          .set({ status: "expired", respondedAt: now })
          .where(and(eq(leadOffers.status, "offered"), lte(leadOffers.expiresAt, now)))
          .returning({ leadId: leadOffers.leadId });
        await routeOn(tx, expired, now, site);
        return expired.length;
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

    /** The back office: every lead, newest first, with its offers; and the verified dealers it can be assigned to. */
    async list(actor: Actor, query: LeadListQuery = {}): Promise<{ rows: AdminLead[]; dealers: { id: number; trading_name: string }[] }> {
      requireAdmin(actor);
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
      const admin = requireAdmin(actor);
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

export type LeadsService = ReturnType<typeof createLeadsService>;
