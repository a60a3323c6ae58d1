import { ChevronLeft, ChevronRight, Pause, Play, Quote } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Testimonial } from "#shared/schemas/content.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { usePrefersReducedMotion } from "#web/lib/use-reduced-motion.ts";

/** Spec §9: the testimonials move on every 10 s. */
export const TESTIMONIAL_AUTOPLAY_MS = 10_000;

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:border-accent-700 hover:text-accent-800";

/**
 * Spec §2/§9: 3 slides at a time (2 under 768 px, 1 under 640 px), moving on every 10 s. A scroll-snapping strip,
 * so it can be swiped, scrolled with the keyboard and read before any script runs; the script adds the buttons'
 * behaviour and the autoplay, which pauses on hover, on focus inside and when the visitor prefers less motion.
 */
export function TestimonialsCarousel({ items, labelledBy }: { items: Testimonial[]; labelledBy: string }) {
  const viewport = useRef<HTMLUListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** The visitor's own choice from the pause button; until then, their motion preference decides. */
  const [userAutoplay, setUserAutoplay] = useState<boolean | null>(null);
  const autoplay = userAutoplay ?? !reducedMotion;
  const running = autoplay && !hovered && !focused && items.length > 1;

  const move = useCallback(
    (direction: 1 | -1) => {
      const el = viewport.current;
      const slide = el?.querySelector<HTMLElement>("[data-slide]");
      if (!el || !slide) return;
      const width = slide.getBoundingClientRect().width;
      const end = el.scrollWidth - el.clientWidth;
      let left = el.scrollLeft + direction * width;
      // Past either end it wraps round, as a carousel does.
      if (direction > 0 && el.scrollLeft >= end - 2) left = 0;
      else if (direction < 0 && el.scrollLeft <= 2) left = end;
      el.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => move(1), TESTIMONIAL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [running, move]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the autoplay; every control is a button.
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {items.length > 1 ? (
        <div className="mb-4 flex justify-end gap-2">
          <button
            type="button"
            className={controlClass}
            onClick={() => setUserAutoplay(!autoplay)}
            aria-label={autoplay ? "Pause automatic rotation" : "Start automatic rotation"}
          >
            {autoplay ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
          </button>
          <button type="button" className={controlClass} onClick={() => move(-1)} aria-label="Previous testimonials">
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" className={controlClass} onClick={() => move(1)} aria-label="Next testimonials">
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
      <ul
        ref={viewport}
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
