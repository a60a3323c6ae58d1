/**
 * The head's inline script of visitors' pages as the build sends it (decision 028): the loader that holds early taps,
 * with the early cart (the header's count, a first Add to Cart answered before any script file). Bundled and minified
 * by scripts/build-server.mjs into build/enhance.json; in development root.tsx sends the same functions as their
 * source text (hydration-loader.ts `holdUntilReadyScript`).
 */
import { earlyCart } from "#web/lib/cart/cart-add-early.ts";
import { holdUntilReady } from "#web/lib/hydration-loader.ts";

holdUntilReady(true, earlyCart());
