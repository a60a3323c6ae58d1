import { Link } from "react-router";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/product";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Product", {
    description: "Product details, benefits, warranty and datasheet; add it to your cart or request a quote.",
  });
}

export default function Product() {
  return (
    <PageIntro title="Product">
      <p>
        <Link to="/products" className="font-medium text-accent-700 underline hover:text-accent-800">
          Browse all products
        </Link>
      </p>
    </PageIntro>
  );
}
