/**
 * The head's inline script of a visitors' page without the header's cart (the cart page, which draws its own, and the
 * sign-in pages): the loader alone (decision 028). Bundled and minified by scripts/build-server.mjs.
 */
import { holdUntilReady } from "#web/lib/hydration-loader.ts";

holdUntilReady(true, null);
