import { and, eq, inArray, isNull } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { EXPIRING_SOON_DAYS } from "#shared/installer-network.ts";
import { canExpire, type DocumentKind, daysUntil, type ExpiringDocument, expiredSentence } from "#shared/schemas/documents.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { dealerDocuments, dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import type { SettingsService } from "../content/settings.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { documentExpiredNotice, documentExpiryReminder } from "./document-expiry-mail.ts";

type DocumentRow = typeof dealerDocuments.$inferSelect;

/** The job's kind (declared in document-expiry.job.ts): hourly; each reminder and notice goes once, so running often is harmless. */
export const DOCUMENTS_EXPIRY_JOB = "dealers.documents-expiry";

/** A reminder's threshold: 30 days before the last valid day, then 7 (EXPIRY_REMINDER_DAYS). */
const REMINDER_30 = 30;
const REMINDER_7 = 7;

/** Of each kind that can expire, the newest approved document: the one that counts until its renewal is approved. */
export function currentApproved<T extends Pick<DocumentRow, "id" | "kind" | "reviewStatus">>(docs: T[]): T[] {
  const newest = new Map<DocumentKind, T>();
  for (const d of docs) {
    if (d.reviewStatus !== "approved" || !canExpire(d.kind)) continue;
    const seen = newest.get(d.kind);
    if (!seen || d.id > seen.id) newest.set(d.kind, d);
  }
  return [...newest.values()];
}

/** The company's current documents past their last valid day as of `today` (Harare). */
export function expiredDocuments<T extends Pick<DocumentRow, "id" | "kind" | "reviewStatus" | "expiresOn">>(docs: T[], today: string): T[] {
  return currentApproved(docs).filter((d) => d.expiresOn !== null && d.expiresOn < today);
}

export type DocumentExpiryDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  siteUrl: string;
  /** The held company's open lead offers are withdrawn and routed on in the hold's transaction (decision 023). */
  leads: Pick<LeadsService, "withdrawOffersOf" | "mailSite">;
};

/**
 * Documents that expire. `run(now)` is the periodic job: reminders 30 and 7 days before a current
 * approved document's last valid day, each sent once (a late run sends only the most urgent), and from the day after
 * it the company's hold (`dealers.documents_expired_at`: no dealer prices, no checkout, no public profile) with one
 * notice. Approving the renewal lifts the hold (dealers.service reviewDocument).
 */
export function createDocumentExpiry({ db, mailer, settings, siteUrl, leads }: DocumentExpiryDeps) {
  return {
    async run(now: Date = new Date()): Promise<{ reminders: number; holds: number }> {
      const today = harareDate(now);
      const rows = await db
        .select({ doc: dealerDocuments, dealerId: dealers.id })
        .from(dealerDocuments)
        .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
        .where(and(eq(dealers.regStatus, "Approved"), eq(dealerDocuments.reviewStatus, "approved")));
      const byDealer = new Map<number, DocumentRow[]>();
      for (const r of rows) byDealer.set(r.dealerId, [...(byDealer.get(r.dealerId) ?? []), r.doc]);
      const due = [...byDealer.entries()]
        .map(([dealerId, docs]) => ({
          dealerId,
          docs: currentApproved(docs).filter((d) => d.expiresOn !== null && daysUntil(d.expiresOn, today) <= REMINDER_30),
        }))
        .filter((d) => d.docs.length > 0);
      if (due.length === 0) return { reminders: 0, holds: 0 };

      const site = { ...(await settings.get()), siteUrl };
      const leadSite = await leads.mailSite();
      let reminders = 0;
      let holds = 0;
      for (const { dealerId, docs } of due) {
        await db.transaction(async (tx) => {
          const [found] = await tx
            .select({ dealer: dealers, owner: users })
            .from(dealers)
            .innerJoin(users, eq(users.id, dealers.userId))
            .where(eq(dealers.id, dealerId))
            .for("update");
          if (!found) return;
          const { dealer, owner } = found;
          const company = dealer.tradingName ?? dealer.registeredCompany ?? owner.fullName;
          const mails: Mail[] = [];
          const expired: DocumentRow[] = [];
          for (const doc of docs) {
            const expiresOn = doc.expiresOn as string;
            const days = daysUntil(expiresOn, today);
            if (days < 0) {
              expired.push(doc);
              const [marked] = await tx
                .update(dealerDocuments)
                .set({ expiredNoticeSentAt: now })
                .where(and(eq(dealerDocuments.id, doc.id), isNull(dealerDocuments.expiredNoticeSentAt)))
                .returning({ id: dealerDocuments.id });
              if (marked) mails.push(documentExpiredNotice({ site, owner, company, kind: doc.kind, expiresOn }));
              continue;
            }
            // The most urgent reminder that applies, once; a 7-day reminder also stands for the 30-day one.
            const column = days <= REMINDER_7 ? dealerDocuments.reminder7SentAt : dealerDocuments.reminder30SentAt;
            const set = days <= REMINDER_7 ? { reminder7SentAt: now } : { reminder30SentAt: now };
            const [marked] = await tx
              .update(dealerDocuments)
              .set(set)
              .where(and(eq(dealerDocuments.id, doc.id), isNull(column)))
              .returning({ id: dealerDocuments.id });
            if (!marked) continue;
            reminders += 1;
            mails.push(documentExpiryReminder({ site, owner, company, kind: doc.kind, expiresOn, daysLeft: days }));
          }
          if (expired.length && dealer.documentsExpiredAt === null) {
            holds += 1;
            await tx.update(dealers).set({ documentsExpiredAt: now, updatedAt: now }).where(eq(dealers.id, dealerId));
            // No longer verified: its open lead offers go to verified dealers (decision 023).
            await leads.withdrawOffersOf(tx, dealerId, now, leadSite);
            await tx.insert(auditLog).values({
              actorId: null,
              actorName: "System (document expiry)",
              entity: "dealer",
              entityId: String(dealer.userId),
              action: "documents-expired",
              summary: `${company}: ${expiredSentence(expired.map((d) => ({ kind: d.kind, expiresOn: d.expiresOn as string })))} Dealer prices and checkout suspended.`,
              before: { documents_expired_at: null },
              after: {
                documents_expired_at: now.toISOString(),
                expired: expired.map((d) => ({ id: d.id, kind: d.kind, expires_on: d.expiresOn })),
              },
            });
          }
          if (mails.length) await queueMails(mailer, tx, mails);
        });
      }
      return { reminders, holds };
    },

    /** The company's expired current documents (for the dealer pages' banner). */
    async expiredOf(companyUserId: number, now: Date = new Date()): Promise<{ kind: DocumentKind; expiresOn: string }[]> {
      const docs = await db
        .select({ doc: dealerDocuments })
        .from(dealerDocuments)
        .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
        .where(eq(dealers.userId, companyUserId));
      return expiredDocuments(
        docs.map((d) => d.doc),
        harareDate(now),
      ).map((d) => ({ kind: d.kind, expiresOn: d.expiresOn as string }));
    },

    /** Admins' dashboard: approved (or suspended) dealers' current documents expiring in the next 60 days, expired first. */
    async expiringSoon(actor: Actor, now: Date = new Date()): Promise<ExpiringDocument[]> {
      requireStaff(actor, "dealers.read");
      const today = harareDate(now);
      const rows = await db
        .select({ doc: dealerDocuments, dealer: dealers, owner: users })
        .from(dealerDocuments)
        .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
        .innerJoin(users, eq(users.id, dealers.userId))
        .where(and(inArray(dealers.regStatus, ["Approved", "Suspended"]), eq(dealerDocuments.reviewStatus, "approved")));
      const byDealer = new Map<number, typeof rows>();
      for (const r of rows) byDealer.set(r.dealer.id, [...(byDealer.get(r.dealer.id) ?? []), r]);
      // Renewals waiting for review, of all these dealers in one query.
      const pending = byDealer.size
        ? await db
            .select({ dealerId: dealerDocuments.dealerId, kind: dealerDocuments.kind })
            .from(dealerDocuments)
            .where(and(inArray(dealerDocuments.dealerId, [...byDealer.keys()]), eq(dealerDocuments.reviewStatus, "pending")))
        : [];
      const list: ExpiringDocument[] = [];
      for (const group of byDealer.values()) {
        const first = group[0];
        if (!first) continue;
        const pendingKinds = new Set<DocumentKind>(pending.filter((p) => p.dealerId === first.dealer.id).map((p) => p.kind));
        for (const doc of currentApproved(group.map((g) => g.doc))) {
          if (!doc.expiresOn) continue;
          const days = daysUntil(doc.expiresOn, today);
          if (days > EXPIRING_SOON_DAYS) continue;
          list.push({
            dealer_user_id: first.dealer.userId,
            company: first.dealer.tradingName ?? first.dealer.registeredCompany ?? first.owner.fullName,
            document_id: doc.id,
            kind: doc.kind,
            expires_on: doc.expiresOn,
            days_left: days,
            expired: days < 0,
            renewal_pending: pendingKinds.has(doc.kind),
          });
        }
      }
      return list.sort((a, b) => a.days_left - b.days_left || a.company.localeCompare(b.company));
    },
  };
}

export type DocumentExpiry = ReturnType<typeof createDocumentExpiry>;
