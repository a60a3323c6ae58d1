import { Link } from "react-router";
import { mediaUrl } from "#shared/media.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { whatsappUrl } from "#web/components/layout/nav-links.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { SectionHeading } from "#web/components/ui/section-heading.tsx";
import { CategoryTiles } from "#web/features/content/category-tiles.tsx";
import { HomeHero } from "#web/features/content/home-hero.tsx";
import { TestimonialsCarousel } from "#web/features/content/testimonials-carousel.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import { organizationLd } from "#web/lib/structured-data.ts";
import type { Route } from "./+types/home";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

const QUOTE_MESSAGE = "Hello, I would like a free quote for a solar system.";

export async function loader({ context }: Route.LoaderArgs) {
  const [categories, testimonials, settings] = await Promise.all([
    context.services.catalogue.listHomeCategories(),
    context.services.content.listTestimonials(),
    context.services.settings.get(),
  ]);
  return {
    categories,
    testimonials,
    tagline: settings.tagline,
    quoteUrl: whatsappUrl(settings.whatsappNumber, QUOTE_MESSAGE),
    video: settings.heroVideo ? mediaUrl("site", settings.heroVideo) : null,
    poster: settings.heroPoster ? mediaUrl("site", settings.heroPoster) : null,
    sound: settings.welcomeAudio ? mediaUrl("site", settings.welcomeAudio) : null,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const poster = loaderData?.video ? loaderData.poster : null;
  return pageMeta(matches, "Home", {
    description: "Solar panels, hybrid inverters, batteries and installation equipment for homes and businesses in Zimbabwe.",
    jsonLd: ({ siteUrl, settings }) => (settings ? organizationLd(settings, siteUrl) : null),
    // The hero film's still is the page's largest image.
    preload: poster ? { tagName: "link", rel: "preload", as: "image", href: poster, fetchPriority: "high" } : null,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, testimonials, tagline, quoteUrl, video, poster, sound } = loaderData;
  return (
    <>
      <HomeHero tagline={tagline} quoteUrl={quoteUrl} video={video} poster={poster} sound={sound} />

      <section aria-labelledby="categories-heading" className={`${CONTAINER} py-14 md:py-20`}>
        <SectionHeading
          id="categories-heading"
          title="Shop by category"
          lead="Everything for a complete solar installation, from the panels on the roof to the switch gear on the wall."
        />
        <div className="mt-8">
          {categories.length > 0 ? <CategoryTiles categories={categories} /> : <EmptyState>No categories yet.</EmptyState>}
        </div>
        <p className="mt-8">
          <Link to="/products" className="font-medium text-accent-700 underline hover:text-accent-800">
            See all products
          </Link>
        </p>
      </section>

      <section aria-labelledby="calculator-heading" className={`${CONTAINER} pb-14 md:pb-20`}>
        <div className="rounded-lg border border-slate-200 bg-white p-6 md:p-8">
          <h2 id="calculator-heading" className="text-2xl font-bold text-slate-900">
            What size of system do you need?
          </h2>
          <p className="mt-2 max-w-prose text-slate-700">
            List your appliances and the hours of backup you want: the solar calculator suggests an inverter, batteries and panels from our
            range, and shows its working.
          </p>
          <p className="mt-5">
            <Link to="/solar-calculator" className={buttonClass("primary")}>
              Open the solar calculator
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-14 md:py-20">
        <div className={CONTAINER}>
          <SectionHeading
            id="testimonials-heading"
            title="What our customers say"
            lead="Homes, farms, clinics and businesses across Zimbabwe run on systems we supplied and installed."
          />
          <div className="mt-6">
            {testimonials.length > 0 ? (
              <TestimonialsCarousel items={testimonials} labelledBy="testimonials-heading" />
            ) : (
              <EmptyState>No testimonials yet.</EmptyState>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
