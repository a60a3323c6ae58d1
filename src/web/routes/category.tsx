import { findCategory } from "#shared/categories.ts";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { CategoryStrip } from "#web/features/catalogue/category-strip.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/category";

export function meta({ matches, params }: Route.MetaArgs) {
  const category = findCategory(params.categoryId);
  const name = category?.name ?? "Products";
  return pageMeta(matches, name, { description: `${name}: browse the range, compare products and request a quote.` });
}

export default function Category({ params }: Route.ComponentProps) {
  const category = findCategory(params.categoryId);
  return (
    <PageIntro title={category?.name ?? "Products"}>
      {category ? <p>Browse our {category.name.toLowerCase()} range.</p> : <p>No products found for this category.</p>}
      <CategoryStrip />
    </PageIntro>
  );
}
