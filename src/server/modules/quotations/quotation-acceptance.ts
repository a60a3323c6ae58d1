import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { effectiveQuotationStatus } from "#shared/quotation-status.ts";
import { QUOTATION_NEEDS_REAPPROVAL } from "#shared/quotation-totals.ts";
import type { AcceptQuotationInput, QuotationView } from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { quotations } from "../../db/schema/commerce.ts";
import { type Actor, requireGoodStanding, requireVerified } from "../../platform/auth/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { QuotationPartDeps } from "./quotation-deps.ts";
import { quotationAcceptedToCompanyMail, quotationAcceptedToRequesterMail } from "./quotation-mail.ts";
import { dealerOwned, pricesForReader, type QuotationRow, type QuotationViews, requesterSeesMoney } from "./quotation-views.ts";

/** The private link's token as stored: its SHA-256 (hex). */
export function accessTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The visitor's page for accepting an approved quotation through the private link. */
export function acceptPath(id: number, token: string): string {
  return `/quotations/${id}/accept?token=${encodeURIComponent(token)}`;
}

function tokenMatches(row: QuotationRow, token: string | undefined): boolean {
  if (!token || !row.accessTokenHash) return false;
  const given = Buffer.from(accessTokenHash(token), "hex");
  const stored = Buffer.from(row.accessTokenHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The customer's side of an approved quotation: its private link's page, and accepting it (a dealer's becomes an order). */
export function createQuotationAcceptance({ db, mailer, settings, siteUrl, orders }: QuotationPartDeps, { withProducts }: QuotationViews) {
  /** `accept`'s transaction: the quotation locked, who may accept it, the order or the sales mail. */
  async function acceptIn(
    actor: Actor,
    id: number,
    input: AcceptQuotationInput,
    company: SiteSettings,
  ): Promise<{ order_id: number | null }> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(quotations).where(eq(quotations.id, id)).for("update");
      if (!row) throw new NotFoundError("Quotation not found.");
      // The company's quotation becomes an order: not for its people who may not order (a technician) to accept.
      if (actor && can.enterDealerArea(actor) && !can.placeOrders(actor) && row.userId === actor.companyUserId) {
        throw new ForbiddenError("Technicians cannot accept quotations or place orders.");
      }
      const asCompany = actor !== null && can.placeOrders(actor) && row.userId !== null && row.userId === actor.companyUserId;
      const asOwner = !asCompany && actor !== null && row.userId !== null && row.userId === actor.id;
      if (!asCompany && !asOwner && !tokenMatches(row, input.token)) throw new NotFoundError("Quotation not found.");
      if (row.status === "accepted") return { order_id: row.orderId };
      const now = new Date();
      const status = effectiveQuotationStatus(row.status, { createdAt: row.createdAt, validUntil: row.validUntil }, now);
      if (status === "expired") {
        throw new ConflictError(`Quotation #${id} has expired and can no longer be accepted. Please ask us for a new quotation.`);
      }
      if (status !== "approved") throw new ConflictError(`Quotation #${id} is ${status}: only an approved quotation can be accepted.`);
      // Accepting re-prices nothing the approval froze, and nothing without its VAT is accepted (decision 017).
      if (row.vatRate === null) throw new ConflictError(QUOTATION_NEEDS_REAPPROVAL(id));
      let orderId: number | null = null;
      if (asCompany || (await dealerOwned(tx, row))) {
        // A dealer company's quotation becomes an order, placed by a signed-in owner or buyer only.
        if (!asCompany) throw new ConflictError("Sign in to the dealer area to accept this quotation: it becomes an order there.");
        const buyer = requireVerified(actor);
        if (!orders) throw new Error("quotations: the orders service is not wired");
        orderId = await orders.placeFromQuotation(tx, { quotation: row, placedBy: buyer.id, at: now }, company);
      }
      await tx
        .update(quotations)
        .set({ status: "accepted", acceptedAt: now, acceptedBy: actor?.id ?? null, orderId, updatedAt: now })
        .where(eq(quotations.id, id));
      if (orderId === null) {
        const [view] = (await withProducts([{ ...row, status: "accepted", acceptedAt: now }], tx, now)) as [QuotationView];
        const site = { ...company, siteUrl };
        await queueMails(mailer, tx, [quotationAcceptedToCompanyMail(view, site), quotationAcceptedToRequesterMail(view, site)]);
      }
      return { order_id: orderId };
    });
  }

  return {
    /**
     * POST /api/quotations/{id}/accept: the requester accepts an approved quotation before it expires.
     * A dealer company's owner or buyer (the quotation is the company's: `user_id` is `actor.companyUserId`) places an
     * order at the quoted prices (`orders.placeFromQuotation`); anyone else accepts as the owning account or through
     * the private link's token, and sales is told (no order). Idempotent: accepting again answers the same order, and
     * two acceptances at once make one (the row is locked, and `orders.quotation_id` is unique). 409 when it is
     * expired or not approved; a technician 403; anyone else 404, so an id says nothing about whether it exists.
     */
    async accept(actor: Actor, id: number, input: AcceptQuotationInput = {}): Promise<{ order_id: number | null }> {
      // Decision 023: a company on hold (suspended, or its documents expired) places no order, from a quotation either.
      if (actor?.hold) requireGoodStanding(actor);
      const company = await settings.get();
      try {
        return await acceptIn(actor, id, input, company);
      } catch (err) {
        // Two acceptances at once on separate connections: the other one placed the order.
        if (isUniqueViolation(err)) {
          const [row] = await db.select({ orderId: quotations.orderId }).from(quotations).where(eq(quotations.id, id));
          if (row?.orderId) return { order_id: row.orderId };
        }
        throw err;
      }
    },

    /**
     * The private link's page: the approved quotation its token opens, as its requester sees it. A token
     * that does not match is 404, whatever the id.
     */
    async viewByToken(id: number, token: string): Promise<{ quotation: QuotationView; prices: boolean }> {
      const [row] = await db.select().from(quotations).where(eq(quotations.id, id)).limit(1);
      if (!row || !tokenMatches(row, token)) throw new NotFoundError("Quotation not found.");
      const [view] = (await withProducts([row])) as [QuotationView];
      // The link stands for the quotation's requester: no amounts for a technician's own request (the money rule).
      const prices = await requesterSeesMoney(db, row);
      return { quotation: pricesForReader(null, view, prices), prices };
    },
  };
}
