/**
 * The cart page's script as the build sends it: inline, after the page's markup (routes/cart.tsx), so the cart is
 * drawn from storage while the page is parsed. main.ts calls the same function in development.
 */
import { enhanceCartPage } from "./cart-page.ts";

enhanceCartPage();
