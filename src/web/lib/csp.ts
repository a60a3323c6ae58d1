/**
 * The Content-Security-Policy of every page. Scripts run only from this origin or inline with the response's
 * nonce (React Router's hydration scripts carry it), never as arbitrary inline code. Styles likewise: stylesheets from
 * this origin or <style> elements with the nonce, and no style="…" attribute at all (decision 011: components use
 * classes, or set a truly dynamic value through the CSSOM after mounting, which CSP does not govern); no plugins, no <base> at all
 * (L4: the pages use none), forms post only here (and, when Paynow is on, may be sent on to Paynow's payment page: the dealer's
 * 'Pay with Paynow' form redirects there) and no other site may frame the pages.
 */
export function contentSecurityPolicy(nonce: string, opts: { formAction?: readonly string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'none'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.google.com",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...(opts.formAction ?? [])].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}
