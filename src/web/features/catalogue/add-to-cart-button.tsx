import { buttonClass } from "#web/components/ui/button.ts";
import { ShoppingCart } from "#web/components/ui/icons.tsx";

/**
 * Adds the product to this browser's cart (spec §4) and says so (spec §8): src/web/enhance/cart.ts answers the click
 * with the cart store's rules; a click before that script runs is held and replayed (lib/hydration-loader.ts).
 */
export function AddToCartButton({
  productId,
  productName,
  image,
  className = "",
  namesProduct = false,
}: {
  productId: number;
  productName: string;
  image: string;
  className?: string;
  /** In a grid of cards, where every button would otherwise be called the same: its name says which product. */
  namesProduct?: boolean;
}) {
  return (
    <button
      type="button"
      className={buttonClass("primary", className)}
      data-add-to-cart={JSON.stringify({ productId, productName, image })}
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      Add to Cart
      {namesProduct ? <span className="sr-only"> {productName}</span> : null}
    </button>
  );
}
