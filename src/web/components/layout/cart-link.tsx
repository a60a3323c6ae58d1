import { ShoppingCart } from "#web/components/ui/icons.tsx";
import { cartLinkLabel } from "#web/lib/cart/cart-label.ts";

const BADGE_CLASS =
  "absolute -top-2 -right-2.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-xs leading-5 font-bold text-white before:content-[attr(data-count)]";

/**
 * Cart link with its item-count badge. The cart lives in the browser, so the server sends the badge hidden and the
 * page fills it in (lib/cart/cart-count-early.ts: inline as the page arrives, then on every change). A plain link:
 * the cart page is sent whole (decision 013).
 */
export function CartLink({ className, active }: { className: (active: boolean) => string; active: boolean }) {
  return (
    <a
      href="/cart"
      aria-label={cartLinkLabel(undefined)}
      aria-current={active ? "page" : undefined}
      data-cart-link=""
      className={className(active)}
    >
      <span className="relative inline-flex">
        <ShoppingCart aria-hidden="true" className="size-5" />
        {/* The count is drawn from data-count, not text: the link's name says it ("Cart, 2 items"), and a digit in
            the text before "Cart" would make the visible label differ from the name (WCAG 2.5.3). */}
        <span aria-hidden="true" hidden data-cart-badge="" className={BADGE_CLASS} />
      </span>
      <span className="ml-1.5">Cart</span>
    </a>
  );
}
