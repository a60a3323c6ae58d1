import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const FROM = '<link rel="modulepreload"';
const TO = '<link rel="modulepreload" fetchpriority="low"';

/** The length of the longest end of `text` that could be the start of a tag split across two chunks. */
function partialTagAtEnd(text: string): number {
  for (let k = Math.min(text.length, FROM.length - 1); k > 0; k--) {
    if (FROM.startsWith(text.slice(-k))) return k;
  }
  return 0;
}

/**
 * Lowers the fetch priority of the page's script preloads (DESIGN.md §7). Every page is complete and usable as the
 * server sends it (forms post without JavaScript), so on a slow network the stylesheet and the largest image should
 * arrive before the ~130 KB of scripts that only add behaviour; React Router's <Scripts> offers no option for it,
 * so the streamed HTML is rewritten as it passes, tags split across chunks included.
 */
export function lowerScriptPriority(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      const keep = partialTagAtEnd(text);
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(FROM, TO));
    },
    flush(callback) {
      callback(null, (carry + decoder.end()).replaceAll(FROM, TO));
    },
  });
}
