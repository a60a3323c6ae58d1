import { data, Link } from "react-router";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.productId);
  // Not a product address at all: the error screen, with a 404 for crawlers.
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404, statusText: "Not Found" });
  try {
    return { product: await context.services.catalogue.productById(context.actor, id) };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ product: null }, { status: 404 });
    throw err;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.product?.product_name ?? "Product", {
    description: loaderData?.product?.product_description.slice(0, 160) ?? "Product details, benefits, warranty and datasheet.",
  });
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) {
    return (
      <PageIntro title="Product">
        <p>Product not found.</p>
        <p>
          <Link to="/products" className="font-medium text-accent-700 underline hover:text-accent-800">
            Browse all products
          </Link>
        </p>
      </PageIntro>
    );
  }
  return (
    <PageIntro title={product.product_name}>
      <p>{product.product_description}</p>
      <p>
        <Link to={`/category/${product.category_slug}`} className="font-medium text-accent-700 underline hover:text-accent-800">
          More {product.category_name}
        </Link>
      </p>
    </PageIntro>
  );
}
