import { ProductCard, type ProductCardData } from "./product-card.tsx";

/**
 * Featured products (spec §2 /products), each on the catalogue's product card with its own artwork when it has one.
 * No star rating: the spec's static five stars read as reviews nobody wrote (decision 014).
 */
export function FeaturedProducts({ featured }: { featured: ProductCardData[] }) {
  if (featured.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {featured.map((card, i) => (
        <li key={card.id}>
          <ProductCard product={card} eager={i === 0} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
