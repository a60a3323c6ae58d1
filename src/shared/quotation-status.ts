/**
 * How a quotation's status reads and looks (spec §2: styles for pending, approved, rejected and expired, a neutral
 * one for any other value), and how long an approved quotation holds. Pure and free of imports, so the page and the
 * server's PDF (which refuses an expired quotation) apply the same rule.
 */

/** An approved quotation holds for this many days, counted from the quotation's date. */
export const QUOTATION_VALIDITY_DAYS = 30;

const DAY_MS = 86_400_000;
/** Africa/Harare keeps UTC+2 all year (no daylight saving), so its calendar days can be worked out without Intl. */
const HARARE_OFFSET_MS = 2 * 3_600_000;

/**
 * The last moment an approved quotation holds: the end of the Harare calendar day `QUOTATION_VALIDITY_DAYS` days
 * after the quotation's date, so "Valid until 2 April 2026" holds for the whole of 2 April.
 */
export function quotationValidUntil(createdAt: string | Date): Date {
  const local = new Date(createdAt).getTime() + HARARE_OFFSET_MS;
  const startOfLocalDay = Math.floor(local / DAY_MS) * DAY_MS;
  return new Date(startOfLocalDay + (QUOTATION_VALIDITY_DAYS + 1) * DAY_MS - 1 - HARARE_OFFSET_MS);
}

/** The status to show: an approved quotation past its validity is 'expired'; every other value as stored. */
export function effectiveQuotationStatus(status: string, createdAt: string | Date, now: Date): string {
  const value = status.trim().toLowerCase();
  if (value === "approved" && now.getTime() > quotationValidUntil(createdAt).getTime()) return "expired";
  return value;
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

export function quotationStatusView(status: string, createdAt: string | Date, now: Date): QuotationStatusView {
  const effective = effectiveQuotationStatus(status, createdAt, now);
  const tone = toneOf(effective);
  const wasApproved = status.trim().toLowerCase() === "approved";
  return {
    status: effective,
    tone,
    label: tone === "neutral" ? labelOf(effective) : TONES[tone].label,
    badgeClass: `${BADGE_BASE} ${TONES[tone].className}`,
    validUntil: wasApproved ? quotationValidUntil(createdAt) : null,
    approved: effective === "approved",
  };
}
