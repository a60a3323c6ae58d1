import type { Route } from "./+types/robots";

/**
 * Crawlers may read the public site, the dealer programme's landing page (/dealer) included; the back office, the
 * dealer area behind it (/dealer/…), the API and personal pages stay out.
 */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /dealer/",
    "Disallow: /api",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /forgot-password",
    "Disallow: /verification",
    "",
    `Sitemap: ${context.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
