import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { cartCountEarlyScript } from "#web/lib/cart/cart-count-early.ts";
import { hydrationLoaderScript } from "./hydration-loader.ts";

/**
 * How a page's scripts start (decision 009):
 * - "eager": as React Router writes them, with the preloads at low priority: every page is complete and its forms
 *   work before any script runs, so on a slow network the stylesheet and the largest image arrive first;
 * - "on-use": the preloads and React Router's module script are sent inert, and the loader starts them on the
 *   visitor's first sign of use.
 * Both put the loader (lib/hydration-loader.ts) before React Router's module script: it holds clicks and forms that
 * come before hydration.
 */
export type ScriptStart = "eager" | "on-use";

const PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;

function rewrite(html: string, start: ScriptStart): string {
  const lazy = start === "on-use";
  return html
    .replaceAll(PRELOAD, lazy ? '<link rel="x-modulepreload"' : '<link rel="modulepreload" fetchpriority="low"')
    .replace(MODULE_SCRIPT, (_tag, nonce = "") => {
      const early = lazy ? cartCountEarlyScript() : "";
      const loader = `<script${nonce}>${hydrationLoaderScript(lazy)}${early}</script>`;
      return lazy
        ? `${loader}<script${nonce} type="text/x-module" id="hydrate-on-use">`
        : `${loader}<script${nonce} type="module" async="">`;
    });
}

/** Where a tag that is not finished yet begins at the end of `text` (it waits for the next chunk), or -1. */
function unfinishedTag(text: string): number {
  const open = text.lastIndexOf("<");
  return open !== -1 && text.indexOf(">", open) === -1 && text.length - open < 512 ? open : -1;
}

/** Rewrites the streamed HTML as it passes, tags and characters split across chunks included. */
export function pageScripts(start: ScriptStart): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      const cut = unfinishedTag(text);
      carry = cut === -1 ? "" : text.slice(cut);
      callback(null, rewrite(cut === -1 ? text : text.slice(0, cut), start));
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.end(), start));
    },
  });
}
