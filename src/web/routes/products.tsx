import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { CategoryStrip } from "#web/features/catalogue/category-strip.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/products";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Products", {
    description: "Solar panels, hybrid inverters, energy storage, mounting equipment, cabling, accessories and switch gear.",
  });
}

export default function Products() {
  return (
    <PageIntro title="Products">
      <p>Choose a category to see its products.</p>
      <CategoryStrip />
    </PageIntro>
  );
}
