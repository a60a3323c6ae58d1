/** The sections of the Site Content screen, each at /admin/content/<slug> so a link opens the right one. */
export const CONTENT_TABS = [
  { slug: "testimonials", label: "Testimonials", description: "What customers say: the home page's carousel shows them in this order." },
  { slug: "articles", label: "Articles", description: "Links to news and articles, in the Insights page's four groups." },
  { slug: "faqs", label: "FAQs", description: "Questions and answers on the Products and FAQs pages." },
  { slug: "awards", label: "Awards", description: "Awards on the About page." },
  { slug: "certificates", label: "Certificates", description: "Licences and certificates visitors download from the About page (PDF)." },
  { slug: "overview", label: "About page", description: "Our story, vision, mission and values, and the managing director's message." },
  { slug: "positions", label: "Positions", description: "The positions a team member can hold (Team screen)." },
] as const;

export type ContentTab = (typeof CONTENT_TABS)[number]["slug"];

/** The section a URL names; the first when it names none, null for an unknown one. */
export function contentTabOf(slug: string | undefined): ContentTab | null {
  if (!slug) return CONTENT_TABS[0].slug;
  return CONTENT_TABS.find((t) => t.slug === slug)?.slug ?? null;
}
