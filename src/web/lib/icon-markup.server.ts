import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconMarkup, IconMarkupSource } from "#web/components/ui/icons.tsx";

/**
 * Icons' markup, rendered once per icon and props and kept for the process (components/ui/icons.tsx). The props are
 * the call sites' fixed class names, a few dozen sets in all; the bound only guards against a caller passing
 * something that varies, which is then drawn as usual.
 */
const MAX_KEPT = 500;
const kept = new Map<object, Map<string, IconMarkup | null>>();
let count = 0;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };
const attributeValue = (value: string) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/** The `<svg>`'s attributes as props (React writes them back as they were) and its inner markup; null if not an `<svg>`. */
function parse(html: string): IconMarkup | null {
  const m = /^<svg((?:\s[^\s=>]+="[^"]*")*)>([\s\S]*)<\/svg>$/.exec(html);
  if (!m) return null;
  const attributes: Record<string, string> = {};
  for (const [, name = "", value = ""] of (m[1] ?? "").matchAll(/\s([^\s=>]+)="([^"]*)"/g)) {
    attributes[name === "class" ? "className" : name] = attributeValue(value);
  }
  return { attributes, inner: m[2] ?? "" };
}

function written({ attributes, inner }: IconMarkup): string {
  return renderToStaticMarkup(createElement("svg", { ...attributes, dangerouslySetInnerHTML: { __html: inner } }));
}

export const iconMarkup: IconMarkupSource = (icon, props) => {
  // Only props of plain values (class names, sizes): anything else (children, handlers) is drawn as usual.
  const entries = Object.entries(props);
  if (entries.some(([, value]) => typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")) return null;
  const key = JSON.stringify(entries);
  const forIcon = kept.get(icon) ?? new Map<string, IconMarkup | null>();
  const hit = forIcon.get(key);
  if (hit !== undefined) return hit;
  if (count >= MAX_KEPT) return null;
  const html = renderToStaticMarkup(createElement(icon, props));
  const parsed = parse(html);
  // Kept only if React writes it back exactly as the icon drew it.
  const markup = parsed && written(parsed) === html ? parsed : null;
  kept.set(icon, forIcon.set(key, markup));
  count++;
  return markup;
};
