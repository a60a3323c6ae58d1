import { ShoppingCart } from "lucide-react";
import { buttonClass } from "#web/components/ui/button.ts";
import { notify } from "#web/components/ui/toaster.tsx";
import { addToCart } from "#web/lib/cart/cart-store.ts";

/** Adds the product to this browser's cart (spec §4) and says so (spec §8). */
export function AddToCartButton({ productId, productName, image }: { productId: number; productName: string; image: string }) {
  return (
    <button
      type="button"
      className={buttonClass("primary")}
      onClick={() => {
        try {
          addToCart({ productId, productName, image });
          notify.success("Product added to cart!");
        } catch {
          notify.error("The cart could not be saved in this browser.");
        }
      }}
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      Add to Cart
    </button>
  );
}
