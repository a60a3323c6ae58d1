import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { CartSummary } from "#web/features/cart/cart-summary.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/cart";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Cart", { description: "The products in your cart, ready for a quotation or checkout." });
}

export default function Cart() {
  return (
    <PageIntro title="Cart">
      <CartSummary />
    </PageIntro>
  );
}
