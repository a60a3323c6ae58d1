import { CircleAlert, Minus, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LINE_QUANTITY_MAX } from "#shared/constants.ts";
import { WhatsappIcon } from "#web/components/ui/brand-icons.tsx";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import type { QuoteContact } from "#web/features/catalogue/quote-fields.ts";
import { QuoteRequest } from "#web/features/catalogue/quote-request.tsx";
import { CART_THUMBNAIL_SIZES, cartLineIds, cartThumbnail, LINE_NAME_SLOT, LOAD_FAILED } from "#web/lib/cart/cart-page-parts.ts";
import type { Cart, CartItem, CartView as CartViewState } from "#web/lib/cart/cart-store.ts";

const NO_LONGER_AVAILABLE = "No longer available";

/** Who is looking and the site's settings the cart page needs: a dealer's cart shows prices in their currency. */
type CartViewProps = {
  isDealer: boolean;
  whatsappNumber: string;
  secondaryCurrency: string;
  /** A dealer company's contact, which "Request a quote for my cart" starts from; null for everyone else. */
  quoteContact?: QuoteContact | null;
};

/** What a dealer's price slots say until the server's prices have come. */
const PRICE_PENDING = "…";

/**
 * A line's quantity: −, the number typed, + (spec §4, §5). The browser's script (enhance/cart-page.ts) keeps the
 * value, the buttons' disabled states and the order limit's note (`data-limited`) up to date.
 */
function QuantityControl({ item }: { item: CartItem }) {
  const { input: inputId, note: noteId } = cartLineIds(item.productId);
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
          data-line-step="-1"
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
          defaultValue={String(item.quantity)}
          data-line-quantity=""
          className="h-11 w-16 border-x border-slate-400 text-center text-base text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={step}
          aria-label={`Increase quantity of ${item.productName}`}
          disabled={item.quantity >= LINE_QUANTITY_MAX}
          data-line-step="1"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {/* The order limit's note (CART_QUANTITY_LIMIT) is put in by the script while a quantity is held at the limit. */}
      <p
        id={noteId}
        role="status"
        data-line-note=""
        className="sr-only data-limited:not-sr-only data-limited:max-w-56 data-limited:text-right data-limited:text-sm data-limited:text-amber-900"
      />
    </div>
  );
}

/**
 * One line of the cart (image, name linking to the product, quantity controls, Remove). A product no longer in the
 * catalogue (`unavailable`) says so, keeps only its Remove action and links nowhere.
 */
export function CartLine({ item, unavailable, priced = false }: { item: CartItem; unavailable: boolean; priced?: boolean }) {
  const picture = cartThumbnail(item.image);
  return (
    <li data-line={item.productId} className="flex flex-wrap items-center gap-4 p-4">
      {picture ? (
        <picture data-line-picture="" className="shrink-0">
          {picture.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={CART_THUMBNAIL_SIZES} />
          ))}
          <img
            src={picture.src}
            srcSet={picture.srcSet}
            sizes={CART_THUMBNAIL_SIZES}
            alt=""
            width={96}
            height={72}
            loading="lazy"
            className="aspect-[4/3] w-24 rounded-md bg-slate-100 object-cover"
          />
        </picture>
      ) : null}
      <div className="min-w-0 flex-1 basis-40">
        {unavailable ? (
          <>
            <p className="font-semibold text-slate-600 line-through">{item.productName}</p>
            <p className="text-sm font-medium text-red-800">{NO_LONGER_AVAILABLE}: it is left out of your order.</p>
          </>
        ) : (
          <a
            href={`/product/${item.productId}`}
            data-line-link=""
            className="font-semibold text-slate-900 hover:text-accent-800 hover:underline"
          >
            {item.productName}
          </a>
        )}
        {priced && !unavailable ? (
          // A dealer's unit price, filled in by the script from the server's prices (GET /api/orders/preview).
          <p data-line-unit="" className="mt-1 text-sm whitespace-nowrap text-slate-700 tabular-nums">
            {PRICE_PENDING}
          </p>
        ) : null}
        {priced && !unavailable ? (
          // Below a quantity break: "USD 108.74 each from 10", put in and shown by the script.
          <p data-line-break="" hidden className="text-sm font-medium text-accent-800 tabular-nums" />
        ) : null}
        {unavailable ? null : (
          // A line that cannot be had in full now (shortLineWarning): the script puts in the words
          // from GET /api/products/availability and shows it.
          <p data-line-stock="" hidden className="mt-1 flex items-start gap-1.5 text-sm font-medium text-amber-900">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span data-line-stock-text="" />
          </p>
        )}
      </div>
      <div className="flex items-start gap-3">
        {unavailable ? null : <QuantityControl item={item} />}
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={`Remove ${item.productName}`}
          data-line-remove=""
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </button>
      </div>
      {priced && !unavailable ? (
        <p className="ml-auto min-w-28 text-right">
          <span className="sr-only">Line total: </span>
          <span data-line-total="" className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {PRICE_PENDING}
          </span>
        </p>
      ) : null}
    </li>
  );
}

/** The cart's empty state (spec §8), with room for a banner above it. */
function CartEmpty({ banner }: { banner: ReactNode }) {
  return (
    <div className="space-y-4">
      {banner}
      <p className="text-lg text-slate-700">Your cart is empty.</p>
      <p>
        <Link to="/products" className={buttonClass("primary")}>
          Browse products
        </Link>
      </p>
    </div>
  );
}

/**
 * The cart's loading, load-failure and empty states (spec §8 texts), shared by /cart (as templates) and /checkout;
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
  if (!cart || cart.items.length === 0) return <CartEmpty banner={banner ? <FormAlert>{banner}</FormAlert> : null} />;
  return children(cart);
}

/** A storage failure's banner (UPDATE_FAILED, DELETE_FAILED): shown, with its text, by the script. */
function BannerSlot() {
  return (
    <div data-banner="" hidden>
      <FormAlert>{""}</FormAlert>
    </div>
  );
}

/** Checkout (spec §6): dealers go to /checkout, everyone else to a WhatsApp chat with the numbered list (its address kept up to date by the script). */
function CheckoutLink({ isDealer, whatsappNumber }: { isDealer: boolean; whatsappNumber: string }) {
  if (isDealer) {
    return (
      <a href="/checkout" className={buttonClass("primary", "w-full")}>
        Checkout
      </a>
    );
  }
  return (
    <a
      href={`https://wa.me/${whatsappNumber.replace(/\D/g, "")}`}
      target="_blank"
      rel="noopener noreferrer"
      data-checkout-link=""
      className={buttonClass("primary", "w-full")}
    >
      <WhatsappIcon className="size-5" />
      Checkout
      <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

/**
 * The currency a dealer's cart shows its prices in, kept in this browser (enhance/cart-page.ts) and carried to
 * checkout. USD is checked in the markup; the script checks the one chosen before.
 */
function CurrencyChoice({ secondaryCurrency }: { secondaryCurrency: string }) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">Show prices in</legend>
      <div className="mt-2 inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
        {["USD", secondaryCurrency].map((c) => (
          <label
            key={c}
            className="inline-flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-slate-800 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-accent-700"
          >
            <input type="radio" name="cart-currency" value={c} defaultChecked={c === "USD"} data-cart-currency="" className="sr-only" />
            {c}
          </label>
        ))}
      </div>
      <p data-currency-note="" hidden className="mt-2 text-sm text-amber-900">
        Some of these products have no {secondaryCurrency} price: the subtotal is in USD.
      </p>
    </fieldset>
  );
}

/**
 * A cart with items: the banner, the lines (filled in by the script) and the order summary. Its `data-optional` parts
 * are taken out by the script and put back when the cart calls for them.
 */
function CartFilled({ isDealer, whatsappNumber, secondaryCurrency, quoteContact }: CartViewProps) {
  return (
    <div className="space-y-4">
      <BannerSlot />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <ul data-cart-lines="" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" />
        <section aria-labelledby="summary-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
          <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-2 text-slate-800">
            <div className="flex justify-between gap-4">
              <dt>Items</dt>
              <dd data-summary-items="" className="font-semibold">
                0
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Total quantity</dt>
              <dd data-summary-quantity="" className="font-semibold">
                0
              </dd>
            </div>
            {isDealer ? (
              <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
                <dt className="font-semibold">Subtotal excl. VAT</dt>
                <dd data-summary-subtotal="" className="text-lg font-bold whitespace-nowrap text-slate-900 tabular-nums">
                  {PRICE_PENDING}
                </dd>
              </div>
            ) : null}
          </dl>
          {isDealer ? <CurrencyChoice secondaryCurrency={secondaryCurrency} /> : null}
          <p className="mt-4 text-sm text-slate-700">
            {isDealer
              ? "Your dealer prices, excluding VAT. Checkout adds VAT at the rate in force and takes you to the dealer checkout page."
              : "Checkout opens a WhatsApp chat with your list; our sales team replies with prices and availability."}
          </p>
          <p data-optional="some-gone" hidden className="mt-2 text-sm font-medium text-red-800">
            Products no longer available are left out of your order.
          </p>
          <p data-optional="all-gone" hidden className="mt-2 text-sm font-medium text-red-800">
            None of these products is available any more. Remove them and browse the catalogue.
          </p>
          <div data-optional="checkout" hidden className="mt-5">
            <CheckoutLink isDealer={isDealer} whatsappNumber={whatsappNumber} />
          </div>
          {/* Issue 25 §1: every line in one quotation; enhance/cart-quote.ts puts the lines in the form. */}
          <div data-cart-quote="" className="mt-3 flex flex-wrap gap-3">
            <QuoteRequest
              productName="the products in your cart"
              kit={{ lines: [], notes: "" }}
              buttonLabel="Request a quote for my cart"
              source="cart"
              result={undefined}
              contact={quoteContact ?? null}
            />
          </div>
        </section>
      </div>
    </div>
  );
}

/** The line every template is rendered with: the script clones it and puts each product's own in. */
const TEMPLATE_ITEM: CartItem = { productId: 0, productName: LINE_NAME_SLOT, image: "template.jpg", quantity: 1 };

/**
 * /cart (spec §2, §4, §8), sent without React (decision 013): the loading state, and every other state and a line
 * as `<template>`s that enhance/cart-page.ts clones and fills from the cart in this browser's storage. The markup is
 * declared here once; the script adds no markup of its own.
 */
export function CartView({ isDealer, whatsappNumber, secondaryCurrency, quoteContact }: CartViewProps) {
  const whenFilled = () => null;
  return (
    <div data-cart-page="" data-whatsapp={whatsappNumber} data-dealer={isDealer ? "" : undefined}>
      <div data-cart-view="">
        <CartStates view={undefined}>{whenFilled}</CartStates>
      </div>
      <template id="cart-failed">
        <CartStates view={{ cart: null, failed: true }}>{whenFilled}</CartStates>
      </template>
      <template id="cart-empty">
        <CartEmpty banner={<BannerSlot />} />
      </template>
      <template id="cart-filled">
        <CartFilled isDealer={isDealer} whatsappNumber={whatsappNumber} secondaryCurrency={secondaryCurrency} quoteContact={quoteContact} />
      </template>
      <template id="cart-line">
        <CartLine item={TEMPLATE_ITEM} unavailable={false} priced={isDealer} />
      </template>
      <template id="cart-line-gone">
        <CartLine item={TEMPLATE_ITEM} unavailable={true} />
      </template>
    </div>
  );
}
