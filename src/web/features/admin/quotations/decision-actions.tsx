import { Check, type LucideIcon, RotateCcw, X } from "lucide-react";
import { quotationDecisions } from "#shared/quotation-status.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { RowActionButton, type RowActionTone } from "#web/components/ui/row-actions.tsx";

/** The dialog a decision opens: approving a rejected quotation is reapproving it. */
export type DecisionKind = "approve" | "reapprove" | "reject";

const BUTTONS: Record<DecisionKind, { label: string; tone: RowActionTone; icon: LucideIcon; tour: string }> = {
  approve: { label: "Approve", tone: "primary", icon: Check, tour: "quotation-approve" },
  reapprove: { label: "Reapprove", tone: "primary", icon: RotateCcw, tour: "quotation-reapprove" },
  reject: { label: "Reject", tone: "danger", icon: X, tour: "quotation-reject" },
};

/**
 * The decisions an admin may take on a quotation in its effective status (`quotationDecisions`), in the table's order;
 * an approved quotation without frozen VAT (approved before quotations carried VAT) is reapproved before it is accepted.
 */
export function decisionsFor(quotation: QuotationView): DecisionKind[] {
  const vatFrozen = quotation.status !== "approved" || quotation.vat_rate !== null;
  return quotationDecisions(quotation.status, vatFrozen).map((to) =>
    to === "rejected" ? "reject" : quotation.status === "approved" || quotation.status === "rejected" ? "reapprove" : "approve",
  );
}

/**
 * A quotation's decision buttons (none for an expired one), as the back office's row actions; each opens its dialog
 * once the page's script runs.
 */
export function decisionActions(
  quotation: QuotationView,
  hydrated: boolean,
  open: (kind: DecisionKind) => (event: React.MouseEvent<HTMLButtonElement>) => void,
): React.ReactNode {
  const kinds = decisionsFor(quotation);
  if (kinds.length === 0) return null;
  return kinds.map((kind) => (
    <RowActionButton
      key={kind}
      icon={BUTTONS[kind].icon}
      tone={BUTTONS[kind].tone}
      label={BUTTONS[kind].label}
      name={`quotation #${quotation.id}`}
      data-tour={BUTTONS[kind].tour}
      onClick={open(kind)}
      disabled={!hydrated}
    />
  ));
}
