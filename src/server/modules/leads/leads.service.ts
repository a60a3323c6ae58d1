import type { Db } from "../../db/client.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { createLeadAdmin } from "./lead-admin.ts";
import type { LeadMailSite } from "./lead-mail.ts";
import { createLeadOffers } from "./lead-offers.ts";
import { createLeadRouting, rankCandidates } from "./lead-routing.ts";

export { type Candidate, rankCandidates } from "./lead-routing.ts";

type Deps = { db: Db; mailer: Mailer; settings: SettingsService; audit: AuditService; siteUrl?: string };

/**
 * The leads service: the module's public file. Its work is in parts: the rotation that offers a lead to dealers
 * (lead-routing.ts), the dealer company's offers (lead-offers.ts) and the back office's list and assignment
 * (lead-admin.ts), reading the lead's quotation and dealers the same way (lead-queries.ts).
 */
export function createLeadsService({ db, mailer, settings, audit, siteUrl = DEFAULT_LINK_ORIGIN }: Deps) {
  async function mailSite(): Promise<LeadMailSite> {
    const s = await settings.get();
    return { companyName: s.companyName, salesEmail: s.salesEmail, phone: s.phone, siteUrl };
  }

  const routing = createLeadRouting({ db, mailer }, mailSite);
  const offers = createLeadOffers({ db, mailer, audit }, mailSite, routing);
  const admin = createLeadAdmin({ db, mailer, audit }, mailSite);

  return {
    rankCandidates,
    createInTx: routing.createInTx,

    /** What the mails of a lead created inside another service's transaction need (read before that transaction). */
    mailSite,

    listForDealer: offers.listForDealer,
    accept: offers.accept,
    decline: offers.decline,
    withdrawOffersOf: routing.withdrawOffersOf,
    expireOffers: routing.expireOffers,
    setPaused: offers.setPaused,
    list: admin.list,
    assign: admin.assign,
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
