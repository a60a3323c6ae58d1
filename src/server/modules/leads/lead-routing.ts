import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { LEAD_OFFER_HOURS, LEAD_OFFERS_AT_ONCE, type LeadSource } from "#shared/installer-network.ts";
import { provinceName } from "#shared/provinces.ts";
import type { Db, Tx } from "../../db/client.ts";
import { quotations } from "../../db/schema/commerce.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { dealerProfiles, leadOffers, leads } from "../../db/schema/installer-network.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import { verifiedDealer } from "../installers/index.ts";
import { type LeadMailSite, leadOfferedMail, leadUnassignedMail } from "./lead-mail.ts";
import { dealerRecipients, kitOf, type LeadRow } from "./lead-queries.ts";

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

/**
 * The rotation: a new lead offered to its first dealers, and the leads of offers closed (withdrawn, expired) offered
 * on, in the caller's transaction; what is left unassigned is for the back office.
 */
export function createLeadRouting({ db, mailer }: { db: Db; mailer: Mailer }, mailSite: () => Promise<LeadMailSite>) {
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

  return {
    route,

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
  };
}

export type LeadRouting = ReturnType<typeof createLeadRouting>;
