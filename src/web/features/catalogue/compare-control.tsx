import { compareHref } from "#shared/compare.ts";
import { Square, SquareCheck } from "#web/components/ui/icons.tsx";

/**
 * "Compare" on a card or a product page. Sent as a link to the comparison of this product alone, which
 * works with no script (that page offers the category's other products to add); src/web/enhance/compare.ts makes it a
 * toggle button (aria-pressed, its box ticked) that adds the product to the list kept in the browser. Its name stays
 * "Compare …" in both states: a toggle's label does not change, its pressed state says it is chosen.
 */
export function CompareControl({
  productId,
  category,
  productName,
  className = "",
}: {
  productId: number;
  category: string;
  productName: string;
  className?: string;
}) {
  return (
    <a
      href={compareHref([productId])}
      data-compare={JSON.stringify({ id: productId, category })}
      className={`group/compare inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-accent-800 underline-offset-4 hover:underline aria-pressed:bg-accent-50 aria-pressed:text-accent-900 ${className}`}
    >
      <Square aria-hidden="true" className="size-4 group-aria-pressed/compare:hidden" />
      <SquareCheck aria-hidden="true" className="hidden size-4 group-aria-pressed/compare:inline" />
      Compare
      <span className="sr-only"> {productName}</span>
    </a>
  );
}
