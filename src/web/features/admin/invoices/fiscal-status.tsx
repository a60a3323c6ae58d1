import { FISCAL_STATUS_LABELS, type FiscalStatus } from "#shared/schemas/tax-documents.ts";

const BADGE = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap";

/**
 * A tax document's fiscal status: a badge once FDMS fiscalised it or while it waits for FDMS; muted
 * text when FDMS is off and documents are not fiscalised at all.
 */
export function FiscalStatusBadge({ status }: { status: FiscalStatus }) {
  if (status === "not_required") {
    return (
      <span data-fiscal-status={status} className="text-xs text-slate-600">
        {FISCAL_STATUS_LABELS[status]}
      </span>
    );
  }
  const tone = status === "fiscalised" ? "border-green-300 bg-green-50 text-green-900" : "border-amber-300 bg-amber-50 text-amber-900";
  return (
    <span data-fiscal-status={status} className={`${BADGE} ${tone}`}>
      {FISCAL_STATUS_LABELS[status]}
    </span>
  );
}

/** A document's PDF in the back office. */
export const taxDocumentPdfUrl = (id: number) => `/api/tax-documents/${id}/pdf`;
