import { IMAGE_FORMATS, type ImageFormat } from "./image-check.ts";

// Control and format characters (bidi overrides, zero-width joiners, BOM) and the Unicode line separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * A client's file name made fit for display only (it never names a stored file): the last path segment, without
 * control or bidi characters, leading dots or runs of spaces, at most `max` characters (the extension kept).
 */
export function displayName(raw: string | undefined, fallback: string, max = 120): string {
  const last = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  const clean = last.replace(INVISIBLE, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "").trim();
  if (!clean) return fallback;
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(clean)?.[0] ?? "";
  return (
    chars
      .slice(0, max - ext.length)
      .join("")
      .trimEnd() + ext
  );
}

/** The name given to a download: the display name with the stored type's extension, quoted safely. */
export function contentDisposition(
  name: string,
  format: ImageFormat | "pdf" | null,
  disposition: "inline" | "attachment" = "inline",
): string {
  const stem = displayName(name, "document").replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
  const full = format === "pdf" ? `${stem}.pdf` : format ? `${stem}.${IMAGE_FORMATS[format].extension}` : stem;
  const ascii = full.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
