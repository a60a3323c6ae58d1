import { useRouteLoaderData } from "react-router";
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
  const tone =
    status === "fiscalised"
      ? "border-green-300 bg-green-50 text-green-900"
      : status === "needs_correction"
        ? "border-red-300 bg-red-50 text-red-900"
        : "border-amber-300 bg-amber-50 text-amber-900";
  return (
    <span data-fiscal-status={status} className={`${BADGE} ${tone}`}>
      {FISCAL_STATUS_LABELS[status]}
    </span>
  );
}

/** A document's PDF in the back office. */
export const taxDocumentPdfUrl = (id: number) => `/api/tax-documents/${id}/pdf`;

/** What the admin layout's loader gives every back-office page. */
export type AdminLayoutData = { fiscalOff: boolean };

/**
 * On the money screens while FDMS is off for a VAT-registered seller (decision 016): the documents issued are not
 * fiscal tax invoices, and the reader is told so, and what switches FDMS on.
 */
export function FiscalOffNotice() {
  const layout = useRouteLoaderData("routes/admin/layout") as AdminLayoutData | undefined;
  if (!layout?.fiscalOff) return null;
  return (
    <p
      role="note"
      data-testid="fiscal-off-notice"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <strong>Not fiscalised:</strong> FDMS is off, so the tax invoices and credit notes issued here carry no fiscal verification code and
      are printed "TAX INVOICE (not fiscalised)". For a VAT-registered seller only a fiscalised invoice is a valid tax invoice.{" "}
      <a href="/admin/fiscal" className="font-medium underline">
        How to switch FDMS on
      </a>
    </p>
  );
}
