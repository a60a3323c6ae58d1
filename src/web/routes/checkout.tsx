import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { type Cart, cartCount, useCartView } from "#web/features/cart/cart-store.ts";
import { CartLines, CartStates } from "#web/features/cart/cart-view.tsx";
import { requirePageRole } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/checkout";

/** Checkout is for dealers (spec §6); other users check out through WhatsApp from the cart. */
export function loader({ context, request }: Route.LoaderArgs) {
  requirePageRole(context, request, ["dealer"], "/cart");
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Checkout", { description: "Place a dealer order for the products in your cart.", noIndex: true });
}

function CheckoutContent() {
  const view = useCartView();
  return <CartStates view={view}>{(cart) => <CheckoutLines cart={cart} />}</CartStates>;
}

function CheckoutLines({ cart }: { cart: Cart }) {
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        {cart.items.length} {cart.items.length === 1 ? "product" : "products"}, {cartCount(cart)} in total.
      </p>
      <CartLines cart={cart} />
      <div className="rounded-lg border border-accent-200 bg-accent-50 p-5 text-slate-800">
        <h2 className="text-lg font-bold text-slate-900">Ordering and payment</h2>
        <p className="mt-2">
          Online dealer checkout with payment comes with the dealer programme. Until then no order is placed from this page: request a
          quotation from a product page, or contact our sales team with this list and we will confirm prices and delivery.
        </p>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to="/contact" className={buttonClass("primary")}>
            Contact sales
          </Link>
          <Link to="/cart" className={buttonClass("outline")}>
            Back to cart
          </Link>
        </p>
      </div>
    </div>
  );
}

export default function Checkout() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Checkout</h1>
      <div className="mt-6">
        <CheckoutContent />
      </div>
    </section>
  );
}
