/**
 * A redirect target taken from the request is followed only when it is a path on this site: it starts with a
 * single '/' (not '//' or '/\', which browsers read as another host) and holds no control characters.
 */
export function safeRedirectPath(to: unknown): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return null;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(to)) return null;
  return to;
}

/** /login?redirectTo=<path of this request>, so the visitor comes back after signing in. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}
