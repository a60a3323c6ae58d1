import {
  type Availability,
  type AvailabilityStatus,
  availabilityLabel,
  branchAvailabilityLabel,
  shortLineWarning,
} from "#shared/schemas/stock.ts";
import { CircleAlert, CircleCheck, CircleX, Clock } from "#web/components/ui/icons.tsx";

/** Each status's colour and icon; the words always say it too (never colour alone). */
const LOOK: Record<AvailabilityStatus, { Icon: typeof CircleCheck; className: string }> = {
  in_stock: { Icon: CircleCheck, className: "text-green-800" },
  low_stock: { Icon: CircleAlert, className: "text-amber-900" },
  out_of_stock: { Icon: CircleX, className: "text-red-800" },
  on_order: { Icon: Clock, className: "text-slate-700" },
};

/**
 * A product's availability in words with its icon: "In stock", "Low stock", "Out of stock — expected
 * 12 Dec", "On order". Server markup (quiet pages); `data-availability` names the status for the tests.
 */
export function AvailabilityStatusLine({
  availability,
  className = "",
  size = "sm",
}: {
  availability: Pick<Availability, "status" | "next_arrival">;
  className?: string;
  /** "card": small on phones' two-column grids, "sm" elsewhere, "base" on the product page. */
  size?: "card" | "sm" | "base";
}) {
  const { Icon, className: tone } = LOOK[availability.status];
  const text = { card: "text-xs sm:text-sm", sm: "text-sm", base: "text-base" }[size];
  const icon = { card: "mt-px size-3.5 sm:mt-0.5 sm:size-4", sm: "mt-0.5 size-4", base: "mt-0.5 size-5" }[size];
  return (
    <p data-availability={availability.status} className={`flex items-start gap-1.5 font-medium ${text} ${tone} ${className}`.trim()}>
      <Icon aria-hidden="true" className={`${icon} shrink-0`} />
      <span>
        <span className="sr-only">Availability: </span>
        {availabilityLabel(availability)}
      </span>
    </p>
  );
}

/**
 * The product page's line per branch: "Harare: in stock · Bulawayo: low stock" for visitors, with quantities for
 * dealers and admins ("Harare: 24 in stock · Bulawayo: 3 left"), as the service sent them.
 */
export function BranchAvailability({ availability }: { availability: Availability }) {
  // Nothing to add to "On order" or to "Out of stock" everywhere.
  if (availability.status === "on_order" || availability.branches.every((b) => b.status === "out_of_stock")) return null;
  return (
    <ul data-branch-availability="" aria-label="Stock per branch" className="flex flex-wrap gap-x-2 text-sm text-slate-700">
      {availability.branches.map((b, i) => (
        <li key={b.branch_id} data-branch-status={b.status}>
          {i > 0 ? (
            <span aria-hidden="true" className="mr-2">
              ·
            </span>
          ) : null}
          {branchAvailabilityLabel(b)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A line of a kit (or an order) that cannot be had in full now (`shortLineWarning`): the status, and the
 * warning when there is one ("Only 3 available; more expected 12 Dec. The rest will be backordered.").
 */
export function LineStock({ availability, quantity }: { availability: Availability; quantity: number }) {
  const warning = shortLineWarning(availability, quantity);
  const status = availabilityLabel(availability);
  return (
    <div data-line-stock="" className="mt-1 space-y-0.5">
      <AvailabilityStatusLine availability={availability} />
      {warning && warning !== status ? (
        <p data-short-line="" className="text-sm text-amber-900">
          {warning}
        </p>
      ) : null}
    </div>
  );
}
