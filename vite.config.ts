import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { isHarmlessBuildWarning } from "./scripts/build-warnings.ts";

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

/**
 * The build's progress, one line per bundle: with the log level at "warn" (below), Vite lists no files (some 180 lines)
 * and React Router does not announce the (experimental) Environment API it builds with.
 */
function buildProgress(): Plugin {
  const started = new Map<string, number>();
  return {
    name: "build-progress",
    apply: "build",
    buildStart() {
      started.set(this.environment?.name ?? "", Date.now());
    },
    writeBundle(_options, bundle) {
      const name = this.environment?.name ?? "";
      const seconds = ((Date.now() - (started.get(name) ?? Date.now())) / 1000).toFixed(1);
      const files = Object.keys(bundle).length;
      console.log(`  pages, ${name === "client" ? "browser" : name} bundle (Vite): ${files} files, ${seconds} s`);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [sonnerWithoutInjectedStyles(), tailwindcss(), reactRouter(), buildProgress()],
  // The build prints warnings and errors only, and a line per bundle (buildProgress); `vite` and `npm run dev` as before.
  logLevel: command === "build" ? "warn" : undefined,
  // zod set to jitless before any schema is made: its probe for `new Function` is a CSP violation (decision 011).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("src/web/lib/zod-browser.ts", import.meta.url)) }] },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        if (!isHarmlessBuildWarning(warning)) warn(warning);
      },
    },
  },
  // The server bundles the icons it uses rather than loading lucide-react's 1,600 (about 13 MB resident).
  ssr: { noExternal: ["lucide-react"] },
}));
