import { holdUntilReadyScript } from "./hydration-loader.ts";

/**
 * React pages' scripts (decision 013; visitors' pages have no React scripts at all, see root.tsx): React Router's
 * preloads go at low priority (every page is complete and its forms work before any script runs, so on a slow
 * network the stylesheet and the largest image arrive first), and the loader (lib/hydration-loader.ts) goes right
 * before React Router's module script: it holds clicks and forms that come before hydration.
 */
const PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;

/** Rewrites a whole page's HTML (entry.server reads the page whole before sending it). */
export function pageScripts(html: string): string {
  return html
    .replaceAll(PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
    .replace(
      MODULE_SCRIPT,
      (_tag, nonce = "") => `<script${nonce}>${holdUntilReadyScript(false)}</script><script${nonce} type="module" async="">`,
    );
}
