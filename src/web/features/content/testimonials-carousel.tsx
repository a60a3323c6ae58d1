import { ChevronLeft, ChevronRight, Pause, Play, Quote } from "lucide-react";
import type { Testimonial } from "#shared/schemas/content.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { PAUSE_ROTATION } from "#web/enhance/carousel.ts";

const controlClass =
  "group inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:border-accent-700 hover:text-accent-800";

/**
 * Spec §2/§9: 3 slides at a time (2 under 768 px, 1 under 640 px), moving on every 10 s. A scroll-snapping strip,
 * so it can be swiped, scrolled with the keyboard and read before any script runs. Server markup only (decision
 * 013): src/web/enhance/carousel.ts adds the buttons' behaviour and the autoplay, which pauses on hover, on focus
 * inside and when the visitor prefers less motion; a tap on a button before that script runs is held and replayed.
 */
export function TestimonialsCarousel({ items, labelledBy }: { items: Testimonial[]; labelledBy: string }) {
  return (
    <div data-carousel="">
      {items.length > 1 ? (
        <div className="mb-4 flex justify-end gap-2">
          <button type="button" className={controlClass} data-carousel-autoplay="" aria-label={PAUSE_ROTATION}>
            <Pause aria-hidden="true" className="size-5 group-data-paused:hidden" />
            <Play aria-hidden="true" className="hidden size-5 group-data-paused:block" />
          </button>
          <button type="button" className={controlClass} data-carousel-step="-1" aria-label="Previous testimonials">
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" className={controlClass} data-carousel-step="1" aria-label="Next testimonials">
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
      <ul
        data-carousel-viewport
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must be reachable by keyboard to scroll it.
        tabIndex={0}
        aria-labelledby={labelledBy}
        className="-mx-3 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-offset-4 [&::-webkit-scrollbar]:hidden"
      >
        {items.map((t, i) => (
          <li
            key={t.id}
            data-slide
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}`}
            className="flex shrink-0 grow-0 basis-full snap-start px-3 sm:basis-1/2 md:basis-1/3"
          >
            <figure className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Quote aria-hidden="true" className="size-8 text-accent-500" />
              <blockquote className="mt-3 flex-1 text-slate-800">
                <p className="line-clamp-[19]">{t.message}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
                <Avatar name={t.person} profile={t.image} folder="testimonials" size={56} />
                <span>
                  <span className="block font-semibold text-slate-900">{t.person}</span>
                  {t.person_role ? <span className="block text-sm text-slate-600">{t.person_role}</span> : null}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
