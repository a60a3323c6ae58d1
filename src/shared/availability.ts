/**
 * What the site says of a product's availability, in words: the labels of `#shared/schemas/stock.ts`'s
 * `availabilitySchema`. Kept apart from the schemas (no zod) so the cart page's inline script can use them and stay
 * small; `#shared/schemas/stock.ts` exports them too.
 */

/** The parts of an availability (`Availability` of #shared/schemas/stock.ts) the labels read. */
export type AvailabilityWords = {
  status: "in_stock" | "low_stock" | "out_of_stock" | "on_order";
  branches: { name: string; status: "in_stock" | "low_stock" | "out_of_stock"; available?: number | undefined }[];
  next_arrival?: string | undefined;
};

/** Made once: `toLocaleDateString` with options builds a formatter on every call (each card's line). */
const SHORT_DAY = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A day as "12 Dec" (the site's short date, in English as the rest of the site). */
export function shortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** "In stock", "Low stock", "Out of stock — expected 12 Dec", "On order". */
export function availabilityLabel(a: Pick<AvailabilityWords, "status" | "next_arrival">): string {
  switch (a.status) {
    case "in_stock":
      return "In stock";
    case "low_stock":
      return "Low stock";
    case "on_order":
      return "On order";
    default:
      return a.next_arrival ? `Out of stock — expected ${shortDay(a.next_arrival)}` : "Out of stock";
  }
}

/** One branch as the product page says it: "Harare: in stock", "Bulawayo: 3 left" (a quantity only when given). */
export function branchAvailabilityLabel(b: AvailabilityWords["branches"][number]): string {
  if (b.status === "out_of_stock") return `${b.name}: out of stock`;
  if (b.available === undefined) return `${b.name}: ${b.status === "low_stock" ? "low stock" : "in stock"}`;
  return b.status === "low_stock" ? `${b.name}: ${b.available} left` : `${b.name}: ${b.available} in stock`;
}

/** What the cart or the kit says of a line it cannot have in full: null when the quantity is there. */
export function shortLineWarning(a: AvailabilityWords, quantity: number): string | null {
  if (a.status === "on_order") return "On order: supplied for your order, allow extra time.";
  const total = a.branches.reduce((sum, b) => sum + (b.available ?? 0), 0);
  const knowsQuantities = a.branches.some((b) => b.available !== undefined);
  if (a.status === "out_of_stock") return availabilityLabel(a);
  if (knowsQuantities && total < quantity) {
    const when = a.next_arrival ? `; more expected ${shortDay(a.next_arrival)}` : "";
    return `Only ${total} available${when}. The rest will be backordered.`;
  }
  if (!knowsQuantities && a.status === "low_stock") return "Low stock: the quantity may not all be available.";
  return null;
}
