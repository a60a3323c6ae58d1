import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * sonner adds its CSS as a <style> element from its script, which the pages' CSP (style-src without
 * 'unsafe-inline') refuses. spec-toaster.tsx imports sonner/dist/styles.css instead, and this takes the injection out
 * of the bundle (decision 011). It fails the build if the call is not found, so an upgrade that changes it is noticed.
 * (The dev server pre-bundles sonner without it: there the styles come twice, and the dev server sends no CSP.)
 */
function sonnerWithoutInjectedStyles(): Plugin {
  const insertion = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
  return {
    name: "sonner-without-injected-styles",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs(\?|$)/.test(id)) return null;
      if (!insertion.test(code)) this.error('sonner no longer injects its CSS with __insertCSS("…"): check decision 011');
      return { code: code.replace(insertion, ""), map: null };
    },
  };
}

export default defineConfig({
  plugins: [sonnerWithoutInjectedStyles(), tailwindcss(), reactRouter()],
  // zod set to jitless before any schema is made: its probe for `new Function` is a CSP violation (decision 011).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("src/web/lib/zod-browser.ts", import.meta.url)) }] },
  build: { assetsInlineLimit: 0 },
  // The server bundles the icons it uses rather than loading lucide-react's 1,600 (about 13 MB resident).
  ssr: { noExternal: ["lucide-react"] },
});
