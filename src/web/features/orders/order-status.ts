import { ORDER_STATUS_LABELS, type OrderStatus } from "#shared/schemas/orders.ts";

const BADGE = "inline-flex items-center rounded-full border px-3 py-1 text-sm font-semibold";

const TONES: Record<OrderStatus, string> = {
  awaiting_payment: "border-amber-300 bg-amber-50 text-amber-900",
  paid: "border-sky-300 bg-sky-50 text-sky-900",
  processing: "border-indigo-300 bg-indigo-50 text-indigo-900",
  dispatched: "border-violet-300 bg-violet-50 text-violet-900",
  ready_for_collection: "border-violet-300 bg-violet-50 text-violet-900",
  completed: "border-green-300 bg-green-50 text-green-900",
  cancelled: "border-slate-300 bg-slate-100 text-slate-800",
};

/** A status's label and badge classes; an unknown value gets a neutral badge and is shown as it is. */
export function orderStatusBadge(status: string): { label: string; className: string } {
  const known = status in ORDER_STATUS_LABELS ? (status as OrderStatus) : null;
  return known
    ? { label: ORDER_STATUS_LABELS[known], className: `${BADGE} ${TONES[known]}` }
    : { label: status, className: `${BADGE} border-slate-300 bg-white text-slate-800` };
}
