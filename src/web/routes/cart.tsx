import { CartView } from "#web/features/cart/cart-view.tsx";
import { parseProductIds } from "#web/lib/cart/cart-store.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import { sharedPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/cart";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedPage;

/**
 * The cart lives in the browser, so the page asks this loader again with `?ids=` which of its products are still in
 * the catalogue (the same answer for everyone, so it may be shared too).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.get("ids");
  if (ids === null) return { availability: null };
  const asked = parseProductIds(ids);
  return { availability: { asked, available: await context.services.catalogue.existingProductIds(asked) } };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Cart", { description: "The products in your cart, ready for a quotation or checkout." });
}

/** The cart lives in this browser's storage (spec §3), so the page fills in after hydration. */
export default function Cart() {
  const root = useRootData();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Cart</h1>
      <div className="mt-6">
        <CartView isDealer={root?.user?.role === "dealer"} whatsappNumber={root?.settings.whatsappNumber ?? ""} />
      </div>
    </section>
  );
}
