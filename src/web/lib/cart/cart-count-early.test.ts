// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { cartCountEarlyScript } from "./cart-count-early.ts";

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML =
    '<a href="/cart" aria-label="Cart" data-cart-link=""><span aria-hidden="true" hidden data-cart-badge=""></span></a>';
});

const run = () => new Function(cartCountEarlyScript())();
const badge = () => document.querySelector<HTMLElement>("[data-cart-badge]") as HTMLElement;
const label = () => document.querySelector("a")?.getAttribute("aria-label");
const store = (items: unknown[], expires = Date.now() + 60_000) =>
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items, expires }));

it("shows the stored cart's count on the badge and in the link's name, as CartLink would", () => {
  store([
    { productId: 1, productName: "A", image: "", quantity: 2 },
    { productId: 2, productName: "B", image: "", quantity: 1 },
  ]);
  run();
  expect(badge().hidden).toBe(false);
  expect(badge().dataset.count).toBe("3");
  expect(label()).toBe("Cart, 3 items");
});

it("reads the cart by the store's rules: broken lines do not count, an expired cart shows nothing", () => {
  store([
    { productId: 1, productName: "A", image: "", quantity: 1 },
    { productId: 2, productName: "B", image: "", quantity: 0 },
    { productId: "3", productName: "C", image: "", quantity: 5 },
  ]);
  run();
  expect(badge().dataset.count).toBe("1");
  expect(label()).toBe("Cart, 1 item");

  document.body.innerHTML =
    '<a href="/cart" aria-label="Cart" data-cart-link=""><span aria-hidden="true" hidden data-cart-badge=""></span></a>';
  store([{ productId: 1, productName: "A", image: "", quantity: 4 }], Date.now() - 1);
  run();
  expect(badge().hidden).toBe(true);
  expect(label()).toBe("Cart, 0 items");
});

it("caps the badge at 99+", () => {
  store([{ productId: 1, productName: "A", image: "", quantity: 120 }]);
  run();
  expect(badge().dataset.count).toBe("99+");
  expect(label()).toBe("Cart, 120 items");
});
