import { KIT_FIELDS } from "../features/catalogue/quote-fields.ts";

/**
 * "Request a quote for my cart": the cart page's quote form (`[data-cart-quote]`, features/cart) carries
 * the cart's lines as the kit fields the solar calculator's form uses (KIT_FIELDS), read from the lines the page has
 * drawn (enhance/cart-page.ts: `li[data-line]` with its quantity; products no longer sold, `data-gone="true"`, left
 * out). Filled when the dialog is opened and again just before the form is checked and sent (a capturing submit
 * listener runs before enhance/forms.ts's), so a quantity changed meanwhile is the one quoted.
 */
export function cartQuoteLines(): { productId: string; quantity: string }[] {
  return [...document.querySelectorAll<HTMLElement>("[data-cart-lines] > li[data-line]")].flatMap((li) => {
    if (li.dataset.gone === "true" || !li.dataset.line) return [];
    const quantity = li.querySelector<HTMLInputElement>("[data-line-quantity]")?.value ?? "1";
    return [{ productId: li.dataset.line, quantity }];
  });
}

function fill(form: HTMLFormElement): void {
  for (const old of form.querySelectorAll("[data-cart-quote-line]")) old.remove();
  for (const line of cartQuoteLines()) {
    for (const [name, value] of [
      [KIT_FIELDS.productId, line.productId],
      [KIT_FIELDS.quantity, line.quantity],
    ] as const) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      input.dataset.cartQuoteLine = "";
      form.append(input);
    }
  }
}

export function enhanceCartQuote(): void {
  const formIn = (target: EventTarget | null): HTMLFormElement | null => {
    const box = target instanceof Element ? target.closest("[data-cart-quote]") : null;
    return box?.querySelector("form") ?? null;
  };
  document.addEventListener(
    "click",
    (event) => {
      const form = formIn(event.target);
      if (form && event.target instanceof Element && event.target.closest("button[command=show-modal]")) fill(form);
    },
    true,
  );
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target instanceof HTMLFormElement && event.target.closest("[data-cart-quote]") ? event.target : null;
      if (form) fill(form);
    },
    true,
  );
}
