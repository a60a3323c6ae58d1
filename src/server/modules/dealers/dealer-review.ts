import { and, count, desc, eq, isNull, or, type SQL } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { defaultTaxClearanceExpiry } from "#shared/installer-network.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import {
  type Completion,
  DEALER_ADMIN_TRANSITIONS,
  type DealerApplicationDetail,
  type DealerList,
  type DealerListQuery,
  type DocumentReview,
  type DuplicateDealer,
  duplicateRegNumberRefusal,
  NOT_STARTED,
  REASON_REQUIRED,
  SECTIONS_ONLY_WHEN_REJECTING,
  type StatusChange,
} from "#shared/schemas/dealers.ts";
import { canExpire, type DealerDocumentView, EXPIRY_IN_PAST, EXPIRY_NOT_FOR_KIND } from "#shared/schemas/documents.ts";
import type { Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { paged } from "../../db/paging.ts";
import { users } from "../../db/schema/accounts.ts";
import { dealerDocuments, dealerStatusHistory, dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireStaff, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { listTiers } from "../pricing/index.ts";
import { completionOf, type DocumentRow, duplicatesOf, partsOf, toApplication } from "./application-read.ts";
import type { ApplicationService } from "./dealer-application.ts";
import { documentRejected, statusChanged } from "./dealer-mail.ts";
import { type DealersContext, touch } from "./dealers-context.ts";
import { expiredDocuments } from "./document-expiry.ts";
import { dealerPricesRestored } from "./document-expiry-mail.ts";
import { currentDocuments, documentView } from "./document-view.ts";

// The back office's half of the dealers service (dealers.service.ts is its public face): verifying each document,
// approving, rejecting, suspending and reinstating applications, and the admin's list of them.

/**
 * Who may move an application where (admins; the dealer's own resubmission is refreshApplication's):
 * Pending → Approved or Rejected; Approved → Suspended; Suspended → Approved (reinstated).
 */
const ADMIN_TRANSITIONS = DEALER_ADMIN_TRANSITIONS;

const missingSections = (c: Completion) =>
  [!c.company && "Company Details", !c.documents && "Required Documents", !c.installations && "Dealer Installations"].filter(
    Boolean,
  ) as string[];

/** The back office's side of the dealer programme: the review of documents and applications, and their list. */
export function createReviewService(
  { db, audit, leads, now, mailSite, send }: DealersContext,
  { application }: Pick<ApplicationService, "application">,
) {
  /**
   * An approved renewal lifts the company's hold when none of its current documents has expired any
   * more, in the review's transaction: the owner is told "Your dealer prices are restored", the audit log records it.
   */
  async function liftHoldIfRenewed(
    tx: Tx,
    admin: SignedIn,
    dealerId: number,
    renewed: { kind: DocumentRow["kind"]; expiresOn: string | null },
    today: string,
    site: Awaited<ReturnType<typeof mailSite>>,
  ) {
    const [found] = await tx
      .select({ dealer: dealers, owner: users })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(eq(dealers.id, dealerId))
      .for("update");
    if (!found?.dealer.documentsExpiredAt) return;
    const docs = await tx.select().from(dealerDocuments).where(eq(dealerDocuments.dealerId, dealerId));
    if (expiredDocuments(docs, today).length > 0) return;
    const { dealer, owner } = found;
    const company = dealer.tradingName ?? dealer.registeredCompany ?? owner.fullName;
    await tx.update(dealers).set({ documentsExpiredAt: null, updatedAt: now() }).where(eq(dealers.id, dealerId));
    await audit.record(tx, admin, {
      entity: "dealer",
      entityId: dealer.userId,
      action: "documents-restored",
      summary: `${company}: renewed ${renewed.kind.replaceAll("_", " ")} approved; dealer prices and checkout restored`,
      before: { documents_expired_at: dealer.documentsExpiredAt?.toISOString() ?? null },
      after: { documents_expired_at: null },
    });
    await send(tx, [dealerPricesRestored({ site, owner, company, kind: renewed.kind, expiresOn: renewed.expiresOn })]);
  }

  return {
    /**
     * Spec §7 PUT /dealer/status/{id} (the user id): an admin moves an application along its lifecycle
     * (ADMIN_TRANSITIONS). Approving needs a complete application whose every document is approved and makes the
     * account a dealer (role_id 2); rejecting or suspending needs a reason and makes it a user again (role_id 1).
     * Sessions see the new role on their next request (the actor is read from the users row every time).
     */
    async changeStatus(actor: Actor, userId: number, input: StatusChange): Promise<DealerApplicationDetail> {
      const admin = requireStaff(actor, "dealers.verify");
      if (admin.id === userId) throw new ForbiddenError("You cannot change the status of your own dealer application.");
      const to = input.status;
      if ((to === "Rejected" || to === "Suspended") && !input.reason) throw new FieldError(REASON_REQUIRED, "reason");
      const sections = input.sections ?? [];
      if (sections.length && to !== "Rejected") throw new FieldError(SECTIONS_ONLY_WHEN_REJECTING, "sections");
      const [site, leadSite] = await Promise.all([mailSite(), leads.mailSite()]);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(dealers).where(eq(dealers.userId, userId)).for("update");
        if (!row) throw new NotFoundError("No dealer application for this user.");
        const from = row.regStatus;
        if (from === null) throw new ConflictError("This application has not been submitted yet.");
        if (from === to) throw new ConflictError(`The application is already ${to}.`);
        if (!ADMIN_TRANSITIONS[from].includes(to)) {
          throw new ConflictError(
            from === "Rejected"
              ? "A rejected application comes back only when the dealer submits it again."
              : `The status cannot change from ${from} to ${to}.`,
          );
        }
        const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
        if (!user) throw new NotFoundError("No dealer application for this user.");
        let duplicates: DuplicateDealer[] = [];
        if (to === "Approved") {
          duplicates = (await duplicatesOf(tx, row)).filter((d) => d.matches.includes("company_reg_number"));
          if (duplicates.length && !input.confirmDuplicate) {
            throw new ConflictError(
              duplicateRegNumberRefusal(duplicates.map((d) => `${d.registered_company ?? d.trading_name ?? "a dealer"} (user #${d.id})`)),
            );
          }
          const { docs, installs } = await partsOf(tx, [row.id]);
          const current = currentDocuments(docs.get(row.id) ?? []);
          const missing = missingSections(completionOf(row, current, installs.get(row.id)?.length ?? 0));
          if (missing.length) throw new ConflictError(`The application is not complete: ${missing.join(", ")}.`);
          const open = current.filter((d) => d.reviewStatus !== "approved");
          if (open.length) {
            const pending = open.filter((d) => d.reviewStatus === "pending").length;
            const rejected = open.length - pending;
            throw new ConflictError(
              `Every document must be approved first (${[pending && `${pending} pending`, rejected && `${rejected} rejected`].filter(Boolean).join(", ")}).`,
            );
          }
        }
        const now = new Date();
        await tx.update(dealers).set({ regStatus: to, updatedAt: now }).where(eq(dealers.id, row.id));
        // Back-office roles are never changed by a dealer decision.
        const roleId =
          to === "Approved" && user.roleId === ROLE_IDS.user
            ? ROLE_IDS.dealer
            : to !== "Approved" && user.roleId === ROLE_IDS.dealer
              ? ROLE_IDS.user
              : user.roleId;
        if (roleId !== user.roleId) await tx.update(users).set({ roleId, updatedAt: now }).where(eq(users.id, user.id));
        // Decision 023: the whole company is on hold from its people's next request (their sessions read its status);
        // its open lead offers go to verified dealers now, so no customer is told this company will call.
        if (to !== "Approved") await leads.withdrawOffersOf(tx, row.id, now, leadSite);
        await tx.insert(dealerStatusHistory).values({
          dealerId: row.id,
          fromStatus: from,
          toStatus: to,
          reason: input.reason,
          sections,
          changedBy: admin.id,
          createdAt: now,
        });
        await audit.record(tx, admin, {
          entity: "dealer",
          entityId: row.userId,
          action: "status",
          summary: `${row.registeredCompany ?? user.fullName}: ${from} → ${to}${input.reason ? ` (${input.reason})` : ""}`,
          before: { reg_status: from, role_id: user.roleId },
          after: {
            reg_status: to,
            role_id: roleId,
            reason: input.reason,
            ...(sections.length ? { sections } : {}),
            ...(duplicates.length ? { confirmed_duplicate_of: duplicates.map((d) => d.id) } : {}),
          },
        });
        await send(tx, [statusChanged({ site, applicant: user, company: row, from, to, reason: input.reason, sections })]);
      });
      return application(actor, userId);
    },

    /**
     * PUT /api/dealer/documents/{documentId}/review: an admin approves or rejects one document (a reason is needed
     * to reject), recording who and when. A rejected document leaves the documents section incomplete until a new
     * one is uploaded; the dealer is told by e-mail.
     */
    async reviewDocument(actor: Actor, documentId: number, input: DocumentReview): Promise<DealerDocumentView> {
      const admin = requireStaff(actor, "dealers.verify");
      if (input.status === "rejected" && !input.reason) throw new FieldError(REASON_REQUIRED, "reason");
      const today = harareDate(now());
      if (input.status === "approved" && input.expires_on && input.expires_on < today) throw new FieldError(EXPIRY_IN_PAST, "expires_on");
      const site = await mailSite();
      const reviewed = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ doc: dealerDocuments, userId: dealers.userId })
          .from(dealerDocuments)
          .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
          .where(eq(dealerDocuments.id, documentId))
          .for("update");
        if (!found) throw new NotFoundError("Document not found.");
        if (found.userId === admin.id) throw new ForbiddenError("You cannot review the documents of your own dealer application.");
        const approving = input.status === "approved";
        const kind = found.doc.kind;
        if (approving && input.expires_on && !canExpire(kind)) throw new FieldError(EXPIRY_NOT_FOR_KIND, "expires_on");
        // An approved document's last valid day (a tax clearance: 31 December of this year by default).
        const expiresOn = approving
          ? (input.expires_on ?? (kind === "tax_clearance" ? defaultTaxClearanceExpiry(today) : found.doc.expiresOn))
          : found.doc.expiresOn;
        const licenceClass = kind === "zera_licence" ? (input.licence_class ?? found.doc.licenceClass) : null;
        const expiryChanged = expiresOn !== found.doc.expiresOn;
        const [doc] = await tx
          .update(dealerDocuments)
          .set({
            reviewStatus: input.status,
            reviewReason: input.reason,
            reviewedBy: admin.id,
            reviewedAt: now(),
            expiresOn,
            licenceClass,
            // A new expiry date has its own reminders.
            ...(expiryChanged ? { reminder30SentAt: null, reminder7SentAt: null, expiredNoticeSentAt: null } : {}),
          })
          .where(eq(dealerDocuments.id, documentId))
          .returning();
        if (approving) await liftHoldIfRenewed(tx, admin, found.doc.dealerId, { kind, expiresOn }, today, site);
        await touch(tx, found.doc.dealerId);
        await audit.record(tx, admin, {
          entity: "dealer-document",
          entityId: documentId,
          action: input.status === "approved" ? "approve" : "reject",
          summary: `${found.doc.kind.replaceAll("_", " ")} of dealer application ${found.doc.dealerId}${input.reason ? `: ${input.reason}` : ""}`,
          before: {
            review_status: found.doc.reviewStatus,
            review_reason: found.doc.reviewReason,
            ...(canExpire(kind) ? { expires_on: found.doc.expiresOn } : {}),
          },
          after: {
            review_status: input.status,
            review_reason: input.reason,
            ...(canExpire(kind) ? { expires_on: expiresOn } : {}),
            ...(kind === "zera_licence" ? { licence_class: licenceClass } : {}),
          },
        });
        if (input.status === "rejected" && input.reason) {
          const [user] = await tx.select().from(users).where(eq(users.id, found.userId)).limit(1);
          if (user) {
            await send(tx, [
              documentRejected({ site, applicant: user, kind: found.doc.kind, originalName: found.doc.originalName, reason: input.reason }),
            ]);
          }
        }
        return { doc: doc as DocumentRow, userId: found.userId };
      });
      return documentView(reviewed.doc);
    },

    /**
     * Spec §7 GET /dealer/?reg_status=&page_number=&page_size= and the admin list's search (§2: name, e-mail,
     * trading name or username). Newest applications first.
     */
    async list(actor: Actor, query: DealerListQuery): Promise<DealerList> {
      requireStaff(actor, "dealers.read");
      const conditions: SQL[] = [];
      if (query.reg_status === NOT_STARTED) conditions.push(isNull(dealers.regStatus));
      else if (query.reg_status) conditions.push(eq(dealers.regStatus, query.reg_status));
      if (query.search) {
        const search = query.search;
        conditions.push(
          or(
            containsText(users.fullName, search),
            containsText(users.email, search),
            containsText(users.username, search),
            containsText(dealers.tradingName, search),
            containsText(dealers.registeredCompany, search),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const { limit, offset, envelope } = paged({ page: query.page_number, pageSize: query.page_size });
      const [rows, [total]] = await Promise.all([
        db
          .select({ dealer: dealers, user: users })
          .from(dealers)
          .innerJoin(users, eq(users.id, dealers.userId))
          .where(where)
          .orderBy(desc(dealers.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(dealers).innerJoin(users, eq(users.id, dealers.userId)).where(where),
      ]);
      const [{ docs, installs, rejections }, tiers] = await Promise.all([
        partsOf(
          db,
          rows.map((r) => r.dealer.id),
        ),
        listTiers(db),
      ]);
      // A dealer's own tier, else the lowest (as tierOfUser reads it for one).
      const tierOf = (tierId: number | null) => tiers.find((t) => t.id === tierId) ?? tiers[0] ?? null;
      return envelope(
        rows.map((r) =>
          toApplication(
            r.user,
            r.dealer,
            docs.get(r.dealer.id) ?? [],
            installs.get(r.dealer.id) ?? [],
            rejections.get(r.dealer.id) ?? null,
            tierOf(r.dealer.tierId),
          ),
        ),
        total,
      );
    },
  };
}
