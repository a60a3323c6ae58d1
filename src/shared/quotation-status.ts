/**
 * How a quotation's status reads and looks (spec §2: styles for pending, approved, rejected and expired, a neutral
 * one for any other value), how long an approved quotation holds, and which decisions an admin may take from each
 * status. Pure and free of imports, so the pages, the server's list and the PDF (which refuses an expired quotation)
 * apply the same rules.
 */

/** An approval without a date of its own (from before admins chose one) holds this many days from the quotation's date; new approvals default to it. */
export const QUOTATION_VALIDITY_DAYS = 30;
/** The furthest validity date an admin may give, in days from today. */
export const QUOTATION_VALIDITY_MAX_DAYS = 365;

const DAY_MS = 86_400_000;
/** Africa/Harare keeps UTC+2 all year (no daylight saving), so its calendar days can be worked out without Intl. */
const HARARE_OFFSET_MS = 2 * 3_600_000;

/** What decides whether an approved quotation still holds: the date an admin gave, else the 30-day rule. */
export type QuotationValidity = { createdAt: string | Date; validUntil: string | Date | null };

/** "2026-03-03": the Harare calendar date of a moment. */
export function harareDate(at: string | Date): string {
  return new Date(new Date(at).getTime() + HARARE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar date `days` days after `date` ("2026-03-03", 30 → "2026-04-02"). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last moment of a Harare calendar day ("2026-04-02" → 2026-04-02T21:59:59.999Z). */
export function endOfHarareDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS - 1 - HARARE_OFFSET_MS);
}

/** The validity date an approval form offers first: 30 days from today, in Harare. */
export function defaultValidityDate(now: Date): string {
  return addDays(harareDate(now), QUOTATION_VALIDITY_DAYS);
}

/**
 * The last moment an approved quotation holds: the end of the Harare day an admin chose (`validUntil`), or, for an
 * approval without one, the end of the Harare calendar day `QUOTATION_VALIDITY_DAYS` days after the quotation's
 * date, so "Valid until 2 April 2026" holds for the whole of 2 April.
 */
export function quotationValidUntil({ createdAt, validUntil }: QuotationValidity): Date {
  if (validUntil !== null) return new Date(validUntil);
  return endOfHarareDay(addDays(harareDate(createdAt), QUOTATION_VALIDITY_DAYS));
}

/** The status to show: an approved quotation past its validity is 'expired'; every other value as stored. */
export function effectiveQuotationStatus(status: string, validity: QuotationValidity, now: Date): string {
  const value = status.trim().toLowerCase();
  if (value === "approved" && now.getTime() > quotationValidUntil(validity).getTime()) return "expired";
  return value;
}

/**
 * The decisions an admin may take, by effective status: a pending quotation is approved (with prices) or rejected
 * (with a reason); a rejected one may be approved after all ("reapprove"); an approved one that still holds may be
 * rejected, which withdraws it (a wrong price, say; reapproving then sends the corrected one). An expired quotation
 * is final: the requester asks again. `PUT /api/quotations/{id}` answers 409 to anything else.
 */
export const QUOTATION_DECISIONS: Readonly<Record<string, readonly ("approved" | "rejected")[]>> = {
  pending: ["approved", "rejected"],
  rejected: ["approved"],
  approved: ["rejected"],
  expired: [],
};

/**
 * The decisions on a quotation in its effective status; `vatFrozen` false is an approval from before quotations froze
 * their VAT (decision 017): such a quotation, still approved, may be approved again, which freezes VAT and the rate,
 * and is refused acceptance until then.
 */
export function quotationDecisions(from: string, vatFrozen = true): readonly ("approved" | "rejected")[] {
  const decisions = QUOTATION_DECISIONS[from] ?? [];
  return from === "approved" && !vatFrozen ? ["approved", ...decisions] : decisions;
}

export function canDecideQuotation(from: string, to: string, vatFrozen = true): boolean {
  return quotationDecisions(from, vatFrozen).some((d) => d === to);
}

export type QuotationTone = "pending" | "approved" | "rejected" | "expired" | "neutral";

export type QuotationStatusView = {
  /** The effective status value ('expired' for an approved quotation past its validity). */
  status: string;
  tone: QuotationTone;
  label: string;
  /** Class names of the status badge. */
  badgeClass: string;
  /** Set for an approved (or approved and since expired) quotation: the last moment it holds. */
  validUntil: Date | null;
  /** Prices, validity and the PDF are offered only while the quotation holds. */
  approved: boolean;
};

const BADGE_BASE = "inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset";

const TONES: Record<QuotationTone, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-50 text-amber-900 ring-amber-300" },
  approved: { label: "Approved", className: "bg-green-50 text-green-800 ring-green-300" },
  rejected: { label: "Rejected", className: "bg-red-50 text-red-800 ring-red-300" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800 ring-slate-400" },
  neutral: { label: "", className: "bg-white text-slate-700 ring-slate-300" },
};

function toneOf(status: string): QuotationTone {
  return status === "pending" || status === "approved" || status === "rejected" || status === "expired" ? status : "neutral";
}

/** "Awaiting_review" → "Awaiting review": an unknown status still reads as words. */
function labelOf(status: string): string {
  const words = status.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Unknown";
}

/**
 * `status` may be the stored value or the effective one the API answers: a quotation answered 'expired' that has a
 * validity date was approved once, so it still tells when it lapsed.
 */
export function quotationStatusView(status: string, validity: QuotationValidity, now: Date): QuotationStatusView {
  const effective = effectiveQuotationStatus(status, validity, now);
  const tone = toneOf(effective);
  const stored = status.trim().toLowerCase();
  const wasApproved = stored === "approved" || (stored === "expired" && validity.validUntil !== null);
  return {
    status: effective,
    tone,
    label: tone === "neutral" ? labelOf(effective) : TONES[tone].label,
    badgeClass: `${BADGE_BASE} ${TONES[tone].className}`,
    validUntil: wasApproved ? quotationValidUntil(validity) : null,
    approved: effective === "approved",
  };
}
