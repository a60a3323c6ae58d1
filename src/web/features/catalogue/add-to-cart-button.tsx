import { ShoppingCart } from "lucide-react";
import { toast } from "sonner";
import { buttonClass } from "#web/components/ui/button.ts";
import { addToCart } from "#web/features/cart/cart-store.ts";
import { useHydrated } from "./use-hydrated.ts";

/** Adds the product to this browser's cart (spec §4) and says so (spec §8). */
export function AddToCartButton({ productId, productName, image }: { productId: number; productName: string; image: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      className={buttonClass("primary")}
      onClick={() => {
        try {
          addToCart({ productId, productName, image });
          toast.success("Product added to cart!");
        } catch {
          toast.error("The cart could not be saved in this browser.");
        }
      }}
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      Add to Cart
    </button>
  );
}
