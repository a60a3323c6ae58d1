import { PageIntro } from "#web/components/layout/page-intro.tsx";
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

export default function Checkout() {
  return (
    <PageIntro title="Checkout">
      <p>Review the products in your cart and place your dealer order.</p>
    </PageIntro>
  );
}
