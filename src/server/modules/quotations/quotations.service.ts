import type { QuotationStatusValue, QuotationView } from "#shared/schemas/quotations.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import { createQuotationAcceptance } from "./quotation-acceptance.ts";
import { createQuotationDecisions } from "./quotation-decisions.ts";
import type { QuotationsDeps } from "./quotation-deps.ts";
import { createQuotationJobs } from "./quotation-jobs.ts";
import { createQuotationLineEdits } from "./quotation-line-edits.ts";
import { createQuotationRequests } from "./quotation-requests.ts";
import { createQuotationViews } from "./quotation-views.ts";

export { acceptPath, accessTokenHash } from "./quotation-acceptance.ts";
export { REMINDER_DAYS } from "./quotation-jobs.ts";
export { QUOTATION_PRICES_NOT_FOR_TECHNICIANS } from "./quotation-requests.ts";

export type QuotationStatus = QuotationStatusValue;

export type { QuotationView };

/**
 * The quotations service: the module's public file, one object for the routes, loaders, jobs and other services. Its
 * work is in parts along the quotation's life: the request (quotation-requests.ts), the admin's decision and revision
 * (quotation-decisions.ts, quotation-line-edits.ts), the customer's acceptance (quotation-acceptance.ts) and the
 * periodic jobs (quotation-jobs.ts), all reading rows as views the same way (quotation-views.ts).
 */
export function createQuotationsService({ siteUrl = DEFAULT_LINK_ORIGIN, ...deps }: QuotationsDeps) {
  const parts = { ...deps, siteUrl };
  const views = createQuotationViews(parts);
  const requests = createQuotationRequests(parts, views);
  const decisions = createQuotationDecisions(parts, views);
  const lineEdits = createQuotationLineEdits(parts, views);
  const acceptance = createQuotationAcceptance(parts, views);
  const jobs = createQuotationJobs(parts, views);
  return {
    submit: requests.submit,
    listForUser: requests.listForUser,
    list: requests.list,
    summary: requests.summary,
    decide: decisions.decide,
    editLines: lineEdits.editLines,
    accept: acceptance.accept,
    viewByToken: acceptance.viewByToken,
    remindExpiring: jobs.remindExpiring,
    expireLapsed: jobs.expireLapsed,
    approvalContext: decisions.approvalContext,
    pdfFor: requests.pdfFor,
  };
}

export type QuotationsService = ReturnType<typeof createQuotationsService>;
