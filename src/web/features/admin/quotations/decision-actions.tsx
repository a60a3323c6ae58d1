import { QUOTATION_DECISIONS } from "#shared/quotation-status.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { buttonClass } from "#web/components/ui/button.ts";

/** The dialog a decision opens: approving a rejected quotation is reapproving it. */
export type DecisionKind = "approve" | "reapprove" | "reject";

const BUTTONS: Record<DecisionKind, { label: string; className: string; tour: string }> = {
  approve: { label: "Approve", className: buttonClass("primary"), tour: "quotation-approve" },
  reapprove: { label: "Reapprove", className: buttonClass("primary"), tour: "quotation-reapprove" },
  reject: { label: "Reject", className: buttonClass("outline", "text-red-800"), tour: "quotation-reject" },
};

/** The decisions an admin may take on a quotation in its effective status (`QUOTATION_DECISIONS`), in the table's order. */
export function decisionsFor(quotation: QuotationView): DecisionKind[] {
  return (QUOTATION_DECISIONS[quotation.status] ?? []).map((to) =>
    to === "rejected" ? "reject" : quotation.status === "rejected" ? "reapprove" : "approve",
  );
}

/** A quotation's decision buttons (none for an expired one); each opens its dialog once the page's script runs. */
export function decisionActions(
  quotation: QuotationView,
  hydrated: boolean,
  open: (kind: DecisionKind) => (event: React.MouseEvent<HTMLButtonElement>) => void,
): React.ReactNode {
  const kinds = decisionsFor(quotation);
  if (kinds.length === 0) return null;
  return kinds.map((kind) => (
    <button
      key={kind}
      type="button"
      className={BUTTONS[kind].className}
      data-tour={BUTTONS[kind].tour}
      onClick={open(kind)}
      disabled={!hydrated}
    >
      {BUTTONS[kind].label}
      <span className="sr-only"> quotation #{quotation.id}</span>
    </button>
  ));
}
