// Bundles the Fastify server (src/server/server.ts) into build/app/server.js; packages stay external.
// Then compresses the client's scripts and stylesheets once (Brotli at its best, and gzip), so the server
// sends them as they are instead of compressing them on every request.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build } from "esbuild";

// server.ts sets NODE_ENV before it imports the rest: with splitting, the rest (and the packages it imports) is a
// chunk of its own, loaded only then.
const bundling = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
await rm(path.join("build", "app"), { recursive: true, force: true });
await build({
  entryPoints: ["src/server/server.ts"],
  outdir: "build/app",
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// Visitors' pages' scripts (src/web/enhance/, decision 013): one small module of their own, hashed like Vite's assets,
// its address in build/enhance.json for the server; and the forms' rules (zod and the shared contracts,
// enhance/form-rules.ts), a file of their own that the module imports on a form's first use. Built apart rather
// than with esbuild's splitting: that puts what both share (a few constants, esbuild's helpers) in a third file
// which the module itself would import, one more round trip on every page before its first tap is answered.
// zod is set to jitless first, as in Vite's bundles (decision 011), and read as a namespace (lib/zod-namespace.ts).
const zodNamespace = path.resolve("src/web/lib/zod-namespace.ts");
const zodAsNamespace = {
  name: "zod-jitless-namespace",
  setup(b) {
    b.onResolve({ filter: /^zod$/ }, () => ({ path: zodNamespace }));
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      return {
        contents: source.replace(/^import \{ z \} from "zod";$/m, 'import * as z from "zod";'),
        loader: args.path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};
const browserBuild = {
  outdir: "build/client/assets",
  entryNames: "[name]-[hash]",
  bundle: true,
  minify: true,
  format: "esm",
  target: ["chrome111", "firefox114", "safari16.4"],
  platform: "browser",
  metafile: true,
  legalComments: "none",
  define: { "import.meta.env.DEV": "false", "import.meta.env.PROD": "true" },
  logLevel: "warning",
};
const entryFile = (result) => path.basename(Object.entries(result.metafile.outputs).find(([f, o]) => f.endsWith(".js") && o.entryPoint)[0]);
const formRules = await build({
  ...browserBuild,
  entryPoints: { "enhance-forms": "src/web/enhance/form-rules.ts" },
  plugins: [zodAsNamespace],
});
const formRulesFile = entryFile(formRules);
// The search boxes' suggestions (enhance/search-suggest.ts), likewise a file of its own, imported on a box's first focus.
const searchSuggest = await build({ ...browserBuild, entryPoints: { "enhance-search": "src/web/enhance/search-suggest.ts" } });
const searchSuggestFile = entryFile(searchSuggest);
// A dealer's cart sync (lib/cart/server-cart.ts), a file of its own that only dealers' pages import.
const cartSync = await build({ ...browserBuild, entryPoints: { "enhance-cart-sync": "src/web/lib/cart/server-cart.ts" } });
const cartSyncFile = entryFile(cartSync);
const enhanced = await build({
  ...browserBuild,
  entryPoints: { enhance: "src/web/enhance/main.ts" },
  plugins: [
    zodAsNamespace,
    {
      name: "apart-files",
      setup(b) {
        b.onResolve({ filter: /[\\/]form-rules\.ts$/ }, () => ({ path: `./${formRulesFile}`, external: true }));
        b.onResolve({ filter: /[\\/]search-suggest\.ts$/ }, () => ({ path: `./${searchSuggestFile}`, external: true }));
        b.onResolve({ filter: /[\\/]server-cart\.ts$/ }, () => ({ path: `./${cartSyncFile}`, external: true }));
      },
    },
  ],
});

// The cart page's script (src/web/enhance/cart-page.ts) is sent inline in the page, after the markup it draws from:
// the cart is drawn from storage while the page is parsed, before its first paint and before any script file has
// come. Bundled alone with the same settings; its text goes in build/enhance.json.
const cartPage = await build({
  ...browserBuild,
  entryPoints: ["src/web/enhance/cart-page-inline.ts"],
  outdir: undefined,
  entryNames: undefined,
  metafile: false,
  write: false,
  format: "iife",
});
const cartPageScript = cartPage.outputFiles[0].text.trim();
// The head's inline scripts of visitors' pages (decision 028): the loader with the early cart, and the loader alone.
// Minified here, as they are in every such page's HTML; root.tsx sends their source text in development.
const inlineScript = async (entry) =>
  (
    await build({
      ...browserBuild,
      entryPoints: [entry],
      outdir: undefined,
      entryNames: undefined,
      metafile: false,
      write: false,
      format: "iife",
    })
  ).outputFiles[0].text.trim();
const [headWithCart, head] = await Promise.all([
  inlineScript("src/web/enhance/early-inline.ts"),
  inlineScript("src/web/enhance/hold-inline.ts"),
]);
await writeFile(
  path.join("build", "enhance.json"),
  `${JSON.stringify({ src: `/assets/${entryFile(enhanced)}`, cartPage: cartPageScript, head: { withCart: headWithCart, alone: head } })}\n`,
);

console.log(`  server and visitors' scripts (esbuild): ${seconds(bundling)}`);

const compressing = Date.now();
const assets = path.join("build", "client", "assets");
const compressible = (await readdir(assets)).filter((f) => /\.(js|css|svg|json)$/.test(f));
await Promise.all(
  compressible.map(async (file) => {
    const body = await readFile(path.join(assets, file));
    const br = await promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = await promisify(gzip)(body, { level: 9 });
    await writeFile(path.join(assets, `${file}.br`), br);
    await writeFile(path.join(assets, `${file}.gz`), gz);
  }),
);
console.log(`  ${compressible.length} client files compressed (Brotli, gzip): ${seconds(compressing)}`);
