import { useCart } from "./cart-store.ts";

/** What the browser's cart holds; nothing until it has been read after hydration. */
export function CartSummary() {
  const cart = useCart();
  if (cart === undefined) return null;
  if (!cart || cart.items.length === 0) return <p>Your cart is empty.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 text-base">
      {cart.items.map((item) => (
        <li key={item.productId} className="flex items-center justify-between gap-4 px-4 py-3">
          <span className="font-medium text-slate-900">{item.productName}</span>
          <span className="text-slate-700">Quantity: {item.quantity}</span>
        </li>
      ))}
    </ul>
  );
}
