import { Minus, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useFetcher } from "react-router";
import { LINE_QUANTITY_MAX } from "#shared/constants.ts";
import { imageVariantName, mediaUrl } from "#shared/media.ts";
import { WhatsappIcon } from "#web/components/ui/brand-icons.tsx";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import {
  availableItems,
  CART_QUANTITY_LIMIT,
  type Cart,
  type CartItem,
  type CartView as CartViewState,
  cartCount,
  markAvailability,
  productIdsParam,
  readCart,
  removeFromCart,
  setCartQuantity,
  whatsappOrderUrl,
} from "#web/lib/cart/cart-store.ts";
import { useCartView } from "#web/lib/cart/use-cart.ts";

const LOAD_FAILED = "Failed to load cart items.";
const UPDATE_FAILED = "Failed to update quantity.";
const DELETE_FAILED = "Failed to delete product.";

function thumbnail(image: string): string | null {
  return image ? mediaUrl("products", imageVariantName(image, 400)) : null;
}

const NO_LONGER_AVAILABLE = "No longer available";
const NONE_GONE: ReadonlySet<number> = new Set();

/**
 * The cart's products that are no longer in the catalogue: the page asks its loader which of the cart's ids still
 * exist (`/cart?ids=`), again whenever the cart's products change. Empty until it knows.
 */
export function useGoneProducts(cart: Cart | null): ReadonlySet<number> {
  const fetcher = useFetcher<{ availability: { asked: number[]; available: number[] } | null }>();
  const ids = cart ? productIdsParam(cart.items) : "";
  const { load } = fetcher;
  useEffect(() => {
    if (ids) void load(`/cart?ids=${ids}`);
  }, [ids, load]);
  const availability = fetcher.data?.availability;
  // Kept in the stored cart too, so the header's badge on every page leaves those products out.
  useEffect(() => {
    if (!availability) return;
    try {
      markAvailability(availability.asked, availability.available);
    } catch {
      // Storage refused: the page still marks them; only the badge elsewhere keeps counting them.
    }
  }, [availability]);
  return useMemo(() => {
    if (!availability) return NONE_GONE;
    const available = new Set(availability.available);
    return new Set(availability.asked.filter((id) => !available.has(id)));
  }, [availability]);
}

function QuantityControl({ item, onFail }: { item: CartItem; onFail: (message: string) => void }) {
  // What is being typed, until it is a valid quantity.
  const [draft, setDraft] = useState<string | null>(null);
  // A quantity asked for above the order limit was held at the limit: say so beside the line.
  const [limited, setLimited] = useState(false);
  const set = (quantity: number) => {
    setLimited(quantity > LINE_QUANTITY_MAX);
    try {
      setCartQuantity(item.productId, quantity);
      onFail("");
    } catch {
      onFail(UPDATE_FAILED);
    }
  };
  const noteId = `quantity-note-${item.productId}`;
  const inputId = `quantity-${item.productId}`;
  const step =
    "inline-flex size-11 items-center justify-center text-slate-800 hover:bg-slate-100 disabled:text-slate-400 disabled:hover:bg-transparent";
  return (
    <div className="flex flex-col items-end gap-1">
      <label htmlFor={inputId} className="sr-only">
        Quantity of {item.productName}
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-400">
        <button
          type="button"
          className={step}
          aria-label={`Decrease quantity of ${item.productName}`}
          disabled={item.quantity <= 1}
          onClick={() => set(item.quantity - 1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={LINE_QUANTITY_MAX}
          step={1}
          aria-describedby={limited ? noteId : undefined}
          value={draft ?? String(item.quantity)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft(value);
            const n = Number(value);
            if (value !== "" && Number.isInteger(n) && n >= 1) {
              set(n);
              // Held at the limit: the field shows what the cart keeps.
              if (n > LINE_QUANTITY_MAX) setDraft(String(LINE_QUANTITY_MAX));
            }
          }}
          onBlur={() => setDraft(null)}
          className="h-11 w-16 border-x border-slate-400 text-center text-base text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={step}
          aria-label={`Increase quantity of ${item.productName}`}
          disabled={item.quantity >= LINE_QUANTITY_MAX}
          onClick={() => set(item.quantity + 1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p id={noteId} role="status" className={limited ? "max-w-56 text-right text-sm text-amber-900" : "sr-only"}>
        {limited ? CART_QUANTITY_LIMIT : ""}
      </p>
    </div>
  );
}

/**
 * The cart's lines (image, name linking to the product) — shared with the dealer checkout, without the controls.
 * A product no longer in the catalogue (`gone`) says so, keeps only its Remove action and links nowhere.
 */
export function CartLines({
  cart,
  onFail,
  gone = NONE_GONE,
}: {
  cart: Cart;
  onFail?: (message: string) => void;
  gone?: ReadonlySet<number>;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {cart.items.map((item) => {
        const src = thumbnail(item.image);
        const unavailable = gone.has(item.productId) || item.unavailable === true;
        return (
          <li key={item.productId} className="flex flex-wrap items-center gap-4 p-4">
            {src ? (
              <img
                src={src}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                className="aspect-[4/3] w-24 shrink-0 rounded-md bg-slate-100 object-cover"
              />
            ) : null}
            <div className="min-w-0 flex-1 basis-40">
              {unavailable ? (
                <>
                  <p className="font-semibold text-slate-600 line-through">{item.productName}</p>
                  <p className="text-sm font-medium text-red-800">{NO_LONGER_AVAILABLE}: it is left out of your order.</p>
                </>
              ) : (
                <Link to={`/product/${item.productId}`} className="font-semibold text-slate-900 hover:text-accent-800 hover:underline">
                  {item.productName}
                </Link>
              )}
              {onFail || unavailable ? null : <p className="text-sm text-slate-700">Quantity: {item.quantity}</p>}
            </div>
            {onFail ? (
              <div className="flex items-start gap-3">
                {unavailable ? null : <QuantityControl item={item} onFail={onFail} />}
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
                  aria-label={`Remove ${item.productName}`}
                  onClick={() => {
                    try {
                      removeFromCart(item.productId);
                      onFail("");
                    } catch {
                      onFail(DELETE_FAILED);
                    }
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Checkout (spec §6): dealers go to /checkout, everyone else to a WhatsApp chat with the numbered list. */
function CheckoutLink({
  cart,
  gone,
  isDealer,
  whatsappNumber,
}: {
  cart: Cart;
  gone: ReadonlySet<number>;
  isDealer: boolean;
  whatsappNumber: string;
}) {
  if (isDealer) {
    return (
      <Link to="/checkout" className={buttonClass("primary", "w-full")}>
        Checkout
      </Link>
    );
  }
  return (
    <a
      href={whatsappOrderUrl(whatsappNumber, cart, gone)}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass("primary", "w-full")}
    >
      <WhatsappIcon className="size-5" />
      Checkout
      <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

/**
 * The cart's loading, load-failure and empty states (spec §8 texts), shared by /cart and /checkout;
 * `children` renders a cart that has items.
 */
export function CartStates({
  view,
  banner,
  children,
}: {
  view: CartViewState | undefined;
  banner?: string;
  children: (cart: Cart) => ReactNode;
}) {
  if (view === undefined) return <p className="text-slate-700">Loading your cart…</p>;
  if (view.failed) return <FormAlert>{LOAD_FAILED}</FormAlert>;
  const { cart } = view;
  if (!cart || cart.items.length === 0) {
    return (
      <div className="space-y-4">
        {banner ? <FormAlert>{banner}</FormAlert> : null}
        <p className="text-lg text-slate-700">Your cart is empty.</p>
        <p>
          <Link to="/products" className={buttonClass("primary")}>
            Browse products
          </Link>
        </p>
      </div>
    );
  }
  return children(cart);
}

/** /cart (spec §2, §4, §8): lines with quantity controls, the order summary and Checkout. */
export function CartView({ isDealer, whatsappNumber }: { isDealer: boolean; whatsappNumber: string }) {
  const view = useCartView();
  const [banner, setBanner] = useState("");
  const gone = useGoneProducts(view?.cart ?? null);
  // Viewing the cart discards it once it has expired (spec §4).
  useEffect(() => {
    try {
      readCart();
    } catch {
      // useCartView reports it.
    }
  }, []);

  return (
    <CartStates view={view} banner={banner}>
      {(cart) => {
        const available = availableItems(cart, gone);
        return (
          <div className="space-y-4">
            {banner ? <FormAlert>{banner}</FormAlert> : null}
            <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
              <CartLines cart={cart} onFail={setBanner} gone={gone} />
              <section aria-labelledby="summary-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
                <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
                  Order Summary
                </h2>
                <dl className="mt-4 space-y-2 text-slate-800">
                  <div className="flex justify-between gap-4">
                    <dt>Items</dt>
                    <dd className="font-semibold">{available.length}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt>Total quantity</dt>
                    <dd className="font-semibold">{cartCount({ ...cart, items: available })}</dd>
                  </div>
                </dl>
                <p className="mt-4 text-sm text-slate-700">
                  {isDealer
                    ? "Checkout takes you to the dealer checkout page."
                    : "Checkout opens a WhatsApp chat with your list; our sales team replies with prices and availability."}
                </p>
                {available.length < cart.items.length ? (
                  <p className="mt-2 text-sm font-medium text-red-800">
                    {available.length === 0
                      ? "None of these products is available any more. Remove them and browse the catalogue."
                      : "Products no longer available are left out of your order."}
                  </p>
                ) : null}
                {available.length > 0 ? (
                  <div className="mt-5">
                    <CheckoutLink cart={cart} gone={gone} isDealer={isDealer} whatsappNumber={whatsappNumber} />
                  </div>
                ) : null}
              </section>
            </div>
          </div>
        );
      }}
    </CartStates>
  );
}
