import { can } from "#shared/can.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { useNonce } from "#web/components/nonce.tsx";
import { CartView } from "#web/features/cart/cart-view.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/cart";

/**
 * Sent without React (decision 013): the cart lives in this browser's storage (spec §3), so the server sends the
 * page's markup and enhance/cart-page.ts draws the cart from storage. The same for every visitor: the server may
 * answer visitors from a short-lived copy. Which products are still sold, and their stock, is asked of GET /api/products/availability.
 */
export const handle = sharedQuietPage;

/**
 * The page's own script, sent inline (src/web/enhance/cart-page.ts; empty in development, where main.ts runs it), and
 * for a dealer company's people the company's contact, which "Request a quote for my cart" starts from (a visitor's
 * page, the shared one, has none).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { script: context.cartPageScript, quoteContact: await context.services.dealers.companyContact(context.actor) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Cart", { description: "The products in your cart, ready for a quotation or checkout." });
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const nonce = useNonce();
  return (
    <section className={`${CONTAINER} py-10 md:py-14`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Cart</h1>
      <div className="mt-6">
        <CartView
          isDealer={can.placeOrders(root?.user)}
          whatsappNumber={root?.settings.whatsappNumber ?? ""}
          secondaryCurrency={root?.settings.secondaryCurrency ?? "ZWG"}
          quoteContact={loaderData.quoteContact}
        />
      </div>
      {/* After the markup it draws from: the cart shows as the page is parsed, before any script file has come. */}
      {loaderData.script ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own bundle of enhance/cart-page.ts, made by the build
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderData.script }} />
      ) : null}
    </section>
  );
}
