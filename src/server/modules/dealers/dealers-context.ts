import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mail, Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";

export type DealersDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: AccountsService;
  /** Back-office decisions are written to the audit log in their transaction. */
  audit: Pick<AuditService, "record">;
  /** The site's address for links in e-mails (SITE_URL, `linkOriginOf`). */
  siteUrl?: string;
  /** The clock of documents' expiry (Harare day). */
  now?: () => Date;
  /** A suspended company's open lead offers are withdrawn and routed on in the suspension's transaction (decision 023). */
  leads: Pick<LeadsService, "withdrawOffersOf" | "mailSite">;
};

/** What the application's and the review's halves of the dealers service share, made once by createDealersService. */
export function createDealersContext({
  db,
  mailer,
  settings,
  audit,
  leads,
  siteUrl = DEFAULT_LINK_ORIGIN,
  now = () => new Date(),
}: DealersDeps) {
  /** What the e-mails name: the site settings and the site's address (read before a transaction: PGlite has one connection). */
  const mailSite = async () => ({ ...(await settings.get()), siteUrl });
  /** Queued in the transaction of the change (decision 007): a committed change always has its mails. */
  async function send(tx: Tx, mails: Mail[]) {
    await queueMails(mailer, tx, mails);
  }
  return { db, audit, leads, now, mailSite, send };
}

export type DealersContext = ReturnType<typeof createDealersContext>;

export async function touch(tx: Tx, dealerId: number) {
  await tx.update(dealers).set({ updatedAt: new Date() }).where(eq(dealers.id, dealerId));
}
