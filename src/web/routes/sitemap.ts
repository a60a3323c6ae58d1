import type { Route } from "./+types/sitemap";

const STATIC_PAGES = [
  "/",
  "/about",
  "/products",
  "/insights",
  "/blogs",
  "/case-studies",
  "/faqs",
  "/contact",
  "/dealer",
  "/search",
  "/solar-calculator",
  "/compare",
  "/installers",
];

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Every public page, category, product, blog, case study and listed installer, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, content, installers } = context.services;
  const [categories, products, blogs, caseStudies, listed] = await Promise.all([
    catalogue.listCategories(),
    catalogue.productIndex(),
    content.listBlogs(),
    content.listCaseStudies(),
    installers.list(),
  ]);
  const entries: { path: string; lastmod?: Date }[] = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...categories.map((c) => ({ path: `/category/${c.slug}` })),
    ...products.map((p) => ({ path: `/product/${p.id}`, lastmod: p.updatedAt })),
    ...blogs.map((b) => ({ path: `/blog/${b.id}`, lastmod: new Date(b.createdAt) })),
    ...caseStudies.map((c) => ({ path: `/case-study/${c.id}` })),
    ...listed.map((i) => ({ path: `/installers/${i.slug}` })),
  ];
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod && !Number.isNaN(e.lastmod.getTime()) ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${escapeXml(context.siteUrl + e.path)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
