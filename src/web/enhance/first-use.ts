const USE = ["pointermove", "pointerdown", "touchstart", "keydown", "wheel", "scroll", "focusin"] as const;

/**
 * Runs `start` at the visitor's first sign of use of the page (the pointer over it, a touch, a key, the wheel, a
 * scroll, focus), or at once if there has been one already (a press, or the page scrolled). What moves by itself
 * (the hero's film, the testimonials' rotation) starts then, as it did when that was when scripts loaded (decision
 * 009): a page loaded and not looked at, or measured by Lighthouse, fetches no film and moves nothing.
 */
export function onFirstUse(start: () => void): void {
  if (navigator.userActivation?.hasBeenActive || scrollY > 0) {
    start();
    return;
  }
  const go = () => {
    for (const type of USE) removeEventListener(type, go, true);
    start();
  };
  for (const type of USE) addEventListener(type, go, { capture: true, passive: true });
}
