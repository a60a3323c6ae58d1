import { onFirstUse } from "./first-use.ts";

/** Spec §9: the testimonials move on every 10 s. */
export const TESTIMONIAL_AUTOPLAY_MS = 10_000;
export const PAUSE_ROTATION = "Pause automatic rotation";
export const START_ROTATION = "Start automatic rotation";

/**
 * The testimonials carousel (features/content/testimonials-carousel.tsx), a scroll-snapping strip that can be swiped
 * and scrolled without any script. This adds Previous / Next (`data-carousel-step`, wrapping round) and the
 * rotation: on every 10 s from the first sign of use, paused under the pointer, while the focus is inside, and when
 * the visitor prefers less motion, unless they start it with the pause button (`data-carousel-autoplay`), whose
 * choice then decides.
 */
export function enhanceCarousels(): void {
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");
  for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
    const viewport = carousel.querySelector<HTMLElement>("[data-carousel-viewport]");
    const toggle = carousel.querySelector<HTMLElement>("[data-carousel-autoplay]");
    if (!viewport) continue;
    let chosen: boolean | null = null;
    let hovered = false;
    let focused = false;
    let used = false;
    let timer = 0;
    const autoplay = () => chosen ?? !reduced.matches;

    const move = (direction: number) => {
      const slide = viewport.querySelector<HTMLElement>("[data-slide]");
      if (!slide) return;
      const end = viewport.scrollWidth - viewport.clientWidth;
      let left = viewport.scrollLeft + direction * slide.getBoundingClientRect().width;
      // Past either end it wraps round, as a carousel does.
      if (direction > 0 && viewport.scrollLeft >= end - 2) left = 0;
      else if (direction < 0 && viewport.scrollLeft <= 2) left = end;
      viewport.scrollTo({ left, behavior: reduced.matches ? "auto" : "smooth" });
    };

    const update = () => {
      const on = autoplay();
      toggle?.setAttribute("aria-label", on ? PAUSE_ROTATION : START_ROTATION);
      toggle?.toggleAttribute("data-paused", !on);
      const run = used && on && !hovered && !focused && viewport.querySelectorAll("[data-slide]").length > 1;
      if (run === (timer !== 0)) return;
      clearInterval(timer);
      timer = run ? window.setInterval(() => move(1), TESTIMONIAL_AUTOPLAY_MS) : 0;
    };

    carousel.addEventListener("click", (event) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-carousel-step], [data-carousel-autoplay]");
      if (!button) return;
      if (button.dataset.carouselStep) move(Number(button.dataset.carouselStep));
      else chosen = !autoplay();
      update();
    });
    const set = (change: () => void) => () => {
      change();
      update();
    };
    carousel.addEventListener(
      "mouseenter",
      set(() => (hovered = true)),
    );
    carousel.addEventListener(
      "mouseleave",
      set(() => (hovered = false)),
    );
    carousel.addEventListener(
      "focusin",
      set(() => (focused = true)),
    );
    carousel.addEventListener("focusout", (event) => {
      if (!carousel.contains(event.relatedTarget as Node | null)) set(() => (focused = false))();
    });
    reduced.addEventListener("change", update);
    onFirstUse(set(() => (used = true)));
    update();
  }
}
