import { ShoppingCart } from "lucide-react";
import { NavLink } from "react-router";
import { cartBadgeText, cartLinkLabel } from "#web/lib/cart/cart-label.ts";
import { useCartCount } from "#web/lib/cart/cart-store.ts";

const BADGE_CLASS =
  "absolute -top-2 -right-2.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-xs leading-5 font-bold text-white before:content-[attr(data-count)]";

/** Cart link with its item-count badge; the count appears once the browser's cart has been read. */
export function CartLink({ className, onNavigate }: { className: (active: boolean) => string; onNavigate?: () => void }) {
  const count = useCartCount();
  const label = cartLinkLabel(count);
  return (
    <NavLink to="/cart" aria-label={label} data-cart-link="" onClick={onNavigate} className={({ isActive }) => className(isActive)}>
      <span className="relative inline-flex">
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count ? (
          // The count is drawn from data-count, not text: the link's name says it ("Cart, 2 items"), and a digit in
          // the text before "Cart" would make the visible label differ from the name (WCAG 2.5.3, axe's
          // label-content-name-mismatch).
          <span aria-hidden="true" data-count={cartBadgeText(count)} className={BADGE_CLASS} />
        ) : count === undefined ? (
          // Until React has read the cart: filled in by the page's loader (lib/cart/cart-count-early.ts).
          <span aria-hidden="true" hidden data-cart-badge-early="" className={BADGE_CLASS} />
        ) : null}
      </span>
      <span className="ml-1.5">Cart</span>
    </NavLink>
  );
}
