import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { holdUntilReadyScript } from "./hydration-loader.ts";

/**
 * React pages' scripts (decision 013; visitors' pages have no React scripts at all, see root.tsx): React Router's
 * preloads go at low priority (every page is complete and its forms work before any script runs, so on a slow
 * network the stylesheet and the largest image arrive first), and the loader (lib/hydration-loader.ts) goes right
 * before React Router's module script: it holds clicks and forms that come before hydration.
 */
const PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;

function rewrite(html: string): string {
  return html
    .replaceAll(PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
    .replace(
      MODULE_SCRIPT,
      (_tag, nonce = "") => `<script${nonce}>${holdUntilReadyScript(false)}</script><script${nonce} type="module" async="">`,
    );
}
/** Where a tag that is not finished yet begins at the end of `text` (it waits for the next chunk), or -1. */
function unfinishedTag(text: string): number {
  const open = text.lastIndexOf("<");
  return open !== -1 && text.indexOf(">", open) === -1 && text.length - open < 512 ? open : -1;
}

/** Rewrites the streamed HTML as it passes, tags and characters split across chunks included. */
export function pageScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      const cut = unfinishedTag(text);
      carry = cut === -1 ? "" : text.slice(cut);
      callback(null, rewrite(cut === -1 ? text : text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.end()));
    },
  });
}
