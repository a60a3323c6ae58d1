import { and, eq, isNull, sql } from "drizzle-orm";
import { quotations } from "../../db/schema/commerce.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { release, releaseExpired } from "../stock/index.ts";
import type { QuotationPartDeps } from "./quotation-deps.ts";
import { quotationReminderMail } from "./quotation-mail.ts";
import {
  dealerOwned,
  pricesForReader,
  type QuotationRow,
  type QuotationViews,
  requesterSeesMoney,
  VALID_UNTIL_SQL,
} from "./quotation-views.ts";

/** How many days before a quotation expires its requester is reminded. */
export const REMINDER_DAYS = 3;

/** The periodic jobs (src/server/jobs.ts): lapsed approvals written expired, their requesters reminded before. */
export function createQuotationJobs({ db, mailer, settings, siteUrl }: QuotationPartDeps, { withProducts }: QuotationViews) {
  return {
    /**
     * The reminder (the hourly "quotations.remind" job): each approved quotation that expires within
     * REMINDER_DAYS days and was not reminded yet is mailed once to its requester. Claimed by one UPDATE … RETURNING,
     * so two processes never remind twice. The number reminded.
     */
    async remindExpiring(now: Date = new Date()): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const until = sql`${new Date(now.getTime() + REMINDER_DAYS * 86_400_000).toISOString()}::timestamptz`;
      const company = { ...(await settings.get()), siteUrl };
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(quotations)
          .set({ reminderSentAt: now })
          .where(
            and(
              eq(quotations.status, "approved"),
              isNull(quotations.reminderSentAt),
              sql`${VALID_UNTIL_SQL} >= ${at}`,
              sql`${VALID_UNTIL_SQL} <= ${until}`,
            ),
          )
          .returning();
        if (rows.length === 0) return 0;
        const views = await withProducts(rows, tx, now);
        const mails = [];
        for (const [i, view] of views.entries()) {
          const row = rows[i] as QuotationRow;
          const dealer = await dealerOwned(tx, row);
          // Its total only when the requester may see it (the money rule).
          const seen = (await requesterSeesMoney(tx, row)) ? view : pricesForReader(null, view, false);
          mails.push(quotationReminderMail(seen, company, dealer ? `${siteUrl}/dealer/quotations` : null));
        }
        await queueMails(mailer, tx, mails);
        return rows.length;
      });
    },

    /**
     * Writes 'expired' on approved quotations past their validity (the periodic "quotations.expire" job, decision 007).
     * Reads already show them expired (decision 006); this keeps the stored status in step for reports and exports.
     * No actor, no audit entry and no e-mail: nothing was decided, the date passed. The number of rows changed.
     */
    async expireLapsed(now: Date = new Date()): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(quotations)
          .set({ status: "expired", updatedAt: now })
          .where(and(eq(quotations.status, "approved"), sql`${VALID_UNTIL_SQL} < ${at}`))
          .returning({ id: quotations.id });
        // What they held goes back to stock.
        for (const { id } of rows) await release(tx, { quotationId: id }, `Quotation ${id} expired`, now);
        await releaseExpired(tx, now);
        return rows.length;
      });
    },
  };
}
