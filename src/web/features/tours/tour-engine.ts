/**
 * The guided tours' rules without React or @reactour (spec §3, §4, §5, §8, §9). Small on purpose: the
 * launcher, the 'Start Tour' button and the tests use it without loading the tour engine's chunk.
 */
import type { TourPlacement, TourStep, TourType } from "./tour-types.ts";

/** Spec §9: a valid start opens step 0 after 300 ms; the 'Start Tour' button waits 100 ms after a press. */
export const TOUR_START_DELAY_MS = 300;
export const TOUR_BUTTON_DELAY_MS = 100;
/** How long the Help panel waits for a tour's elements after navigating to its page. */
export const TOUR_TARGET_TIMEOUT_MS = 5000;

/** Spec §9 'Tour look'. */
export const TOUR_LOOK = {
  popoverMaxWidth: 400,
  padding: 10,
  highlightRadius: 8,
  inViewThreshold: 50,
  /** Dots navigation is off above this many steps. */
  maxDotsSteps: 5,
  accent: "#de7a37",
  helpButtonSize: 60,
  helpButtonOffset: 30,
} as const;

/** Spec §5/§8 wordings, used word for word. */
export const TOUR_MESSAGES = {
  /** startTour(type, steps) with no type, or no usable step in the list it was given. */
  noValidStepsForType: (type: unknown) => `No valid steps provided for tour type: ${String(type)}`,
  /** Starting a catalogue tour by its type when the catalogue has no usable step for it (or none is on the page). */
  noValidStepsForTour: (type: unknown) => `No valid steps provided for tour: ${String(type)}`,
  invalidSelector: "Invalid selector for step",
  outsideProvider: "useTour must be used within a TourProvider",
  contentMissing: "Step content missing",
  defaultButtonLabel: "Start Tour",
  buttonTooltip: (type: string) => `Start ${type} tour`,
} as const;

export const DEFAULT_PLACEMENT: TourPlacement = "bottom";

/** A step is kept when its target is a string that is not empty once trimmed (spec §5). */
export function isValidStep(step: unknown): step is TourStep {
  if (!step || typeof step !== "object") return false;
  const target = (step as { target?: unknown }).target;
  return typeof target === "string" && target.trim() !== "";
}

/**
 * The steps a start may use: invalid ones are dropped with the spec's warning. Returns null (after warning
 * 'No valid steps provided for tour type: …') when there is no tour type or nothing usable is left.
 */
export function validTourSteps(type: TourType | string | null | undefined, steps: unknown): TourStep[] | null {
  const list = Array.isArray(steps) ? steps : [];
  const kept: TourStep[] = [];
  if (type && typeof type === "string") {
    for (const step of list) {
      if (isValidStep(step)) kept.push({ ...step, target: step.target.trim() });
      else console.warn(TOUR_MESSAGES.invalidSelector, step);
    }
  }
  if (!type || typeof type !== "string" || kept.length === 0) {
    console.warn(TOUR_MESSAGES.noValidStepsForType(type));
    return null;
  }
  return kept;
}

/** Dots navigation is disabled when there are more than 5 steps (spec §2, §9). */
export const dotsNavigationDisabled = (stepCount: number) => stepCount > TOUR_LOOK.maxDotsSteps;

/** What shows for a step: its content, or 'Step content missing'. */
export function stepContent(step: Pick<TourStep, "content"> | undefined): string {
  const content = step?.content;
  return typeof content === "string" && content.trim() !== "" ? content : TOUR_MESSAGES.contentMissing;
}

/** "Step 2 of 5": part of the popover's accessible name. */
export const stepLabel = (index: number, count: number) => `Step ${index + 1} of ${count}`;

/** Right-to-left when the document says so (`<html dir="rtl">` or `<body dir="rtl">`). */
export function documentIsRtl(doc: Document | undefined = typeof document === "undefined" ? undefined : document): boolean {
  if (!doc) return false;
  return doc.documentElement.dir === "rtl" || doc.body?.dir === "rtl";
}

export type TourKeyAction = "close" | "next" | "prev" | null;

/** Escape closes; arrows move, the Right key reversed in right-to-left mode (spec §2). */
export function tourKeyAction(key: string, rtl: boolean): TourKeyAction {
  if (key === "Escape" || key === "Esc") return "close";
  if (key === "ArrowRight") return rtl ? "prev" : "next";
  if (key === "ArrowLeft") return rtl ? "next" : "prev";
  return null;
}

/** The step index after an action, kept within the tour. */
export function moveStep(current: number, action: "next" | "prev", count: number): number {
  return action === "next" ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}

/** Users who ever get tours: dealers, admins and supers (spec §2, §6). */
export type TourRole = "user" | "dealer" | "admin" | "super";
export const hasTours = (role: TourRole | string | null | undefined): role is "dealer" | "admin" | "super" =>
  role === "dealer" || role === "admin" || role === "super";

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}
