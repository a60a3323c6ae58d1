import { Link } from "react-router";
import { CONTAINER } from "#web/components/layout/container.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { CategoryStrip } from "#web/features/catalogue/category-strip.tsx";
import { FeaturedProducts } from "#web/features/catalogue/featured-products.tsx";
import { productCardData } from "#web/features/catalogue/product-card.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/products";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.services;
  const featured = await catalogue.listFeatured();
  const byId = new Map(
    (
      await catalogue.productsByIds(
        context.actor,
        featured.map((f) => f.product_id),
      )
    ).map((p) => [p.product_id, p]),
  );
  const cards = featured.flatMap((f) => {
    const product = byId.get(f.product_id);
    return product ? [{ ...productCardData(product, context.actor !== null), title: f.name, artwork: f.image }] : [];
  });
  return { featured: cards };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Products", {
    description: "Solar panels, hybrid inverters, energy storage, mounting equipment, cabling, accessories and switch gear.",
  });
}

/** /products (spec §2): the category strip, the featured products on the catalogue's cards, and the FAQs. */
export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <div className={`${CONTAINER} py-10 md:py-14`}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Products</h1>
      <p className="mt-3 max-w-prose text-lg text-slate-700">Choose a category to see its products.</p>
      <div className="mt-6">
        <CategoryStrip />
      </div>

      {loaderData.featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mt-12">
          <h2 id="featured-heading" className="text-2xl font-bold text-slate-900">
            Featured Products
          </h2>
          <div className="mt-6">
            <FeaturedProducts featured={loaderData.featured} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="calculator-heading" className="mt-14 rounded-lg border border-slate-200 px-5 py-8 md:px-8">
        <h2 id="calculator-heading" className="text-2xl font-bold text-slate-900">
          Not sure what to choose?
        </h2>
        <p className="mt-2 max-w-prose text-slate-700">
          The solar calculator sizes an inverter, batteries and panels from this catalogue for the appliances you want to run.
        </p>
        <p className="mt-5">
          <Link to="/solar-calculator" className={buttonClass("primary")}>
            Open the solar calculator
          </Link>
        </p>
      </section>

      <section aria-labelledby="faq-heading" className="mt-14 rounded-lg bg-slate-50 px-5 py-8 md:px-8">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <p className="mt-2 max-w-prose text-slate-700">
          Sizing a system, warranties, installation and payment: the answers to the questions we hear most.
        </p>
        <p className="mt-5">
          <Link to="/faqs" className={buttonClass("outline")}>
            Read the FAQs
          </Link>
        </p>
      </section>
    </div>
  );
}
