/**
 * The guided tour engine (spec §3, §4, §9): our TourProvider and useTour() around @reactour/tour, which
 * draws the mask, places the popover and scrolls. This module is a lazy chunk (see tours-mount.tsx): only
 * dealers, admins and supers ever load it.
 */
import { type PopoverContentProps, type StepType, Tour } from "@reactour/tour";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  documentIsRtl,
  dotsNavigationDisabled,
  moveStep,
  prefersReducedMotion,
  stepContent,
  stepLabel,
  TOUR_LOOK,
  TOUR_MESSAGES,
  TOUR_START_DELAY_MS,
  TOUR_TARGET_TIMEOUT_MS,
  tourKeyAction,
  validTourSteps,
} from "./tour-engine.ts";
import { type TourApi, TourLauncherContext } from "./tour-launcher.ts";
import type { TourDefinition, TourStep, TourType } from "./tour-types.ts";
import { unusableTargets, waitForTargets } from "./wait-for-targets.ts";

export const TourContext = createContext<TourApi | null>(null);

/** The tour state and actions; throws outside a TourProvider (spec §8). */
export function useTour(): TourApi {
  const tour = useContext(TourContext);
  if (!tour) throw new Error(TOUR_MESSAGES.outsideProvider);
  return tour;
}

export type TourProviderProps = {
  children?: ReactNode;
  /** Looks a tour up by its type, for startTourByType (the catalogue in the app). */
  resolveTour?: (type: TourType) => TourDefinition | undefined;
  /** Goes to a tour's page (React Router's navigate in the app). */
  navigate?: (path: string) => void;
  /** How long startTourByType waits for a tour's elements. */
  targetTimeoutMs?: number;
};

const currentPath = () => (typeof window === "undefined" ? "" : window.location.pathname);

export function TourProvider({ children, resolveTour, navigate, targetTimeoutMs = TOUR_TARGET_TIMEOUT_MS }: TourProviderProps) {
  const [isOpen, setOpen] = useState(false);
  const [currentStep, setCurrentStep] = useState(0);
  const [tourType, setTourType] = useState<TourType | null>(null);
  const [steps, setSteps] = useState<TourStep[]>([]);
  const [disabledActions, setDisabledActions] = useState(false);
  const openTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /**
   * Counts starts and stops: a start still waiting for its page's elements goes ahead only if nothing was started or
   * stopped since (a tour the user closed is not opened again by a start that was still on its way).
   */
  const generation = useRef(0);
  const returnFocus = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);

  const stopTour = useCallback(() => {
    generation.current++;
    clearTimeout(openTimer.current);
    setOpen(false);
  }, []);

  const startTour = useCallback((type: TourType, list: TourStep[]) => {
    const valid = validTourSteps(type, list);
    if (!valid) return false;
    generation.current++;
    clearTimeout(openTimer.current);
    setOpen(false);
    setTourType(type);
    setSteps(valid);
    setCurrentStep(0);
    openTimer.current = setTimeout(() => {
      const active = typeof document === "undefined" ? null : document.activeElement;
      returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setOpen(true);
    }, TOUR_START_DELAY_MS);
    return true;
  }, []);

  const startTourByType = useCallback(
    async (type: TourType) => {
      const started = ++generation.current;
      const tour = resolveTour?.(type);
      const candidates = (tour?.steps ?? []).filter((step) => typeof step?.target === "string" && step.target.trim() !== "");
      if (!tour || candidates.length === 0) {
        console.warn(TOUR_MESSAGES.noValidStepsForTour(type));
        return false;
      }
      if (tour.path && navigate && tour.path !== currentPath()) navigate(tour.path);
      const { missing } = await waitForTargets(
        candidates.map((step) => step.target.trim()),
        targetTimeoutMs,
      );
      if (started !== generation.current) return false;
      for (const selector of missing) console.warn(`Tour step target not found on the page: ${selector}`);
      // A step whose element is there but hidden (a collapsed row, a phone's closed menu) or read-only is skipped too.
      const hidden = unusableTargets(candidates.map((step) => step.target.trim()));
      for (const selector of hidden) console.warn(`Tour step target hidden or read-only: ${selector}`);
      const skipped = [...missing, ...hidden];
      // Steps with an invalid target go through startTour so they are dropped with the spec's warning.
      const usable = tour.steps.filter((step) => !skipped.includes(typeof step?.target === "string" ? step.target.trim() : ""));
      if (!usable.some((step) => typeof step?.target === "string" && step.target.trim() !== "")) {
        console.warn(TOUR_MESSAGES.noValidStepsForTour(type));
        return false;
      }
      return startTour(type, usable);
    },
    [navigate, resolveTour, startTour, targetTimeoutMs],
  );

  useEffect(() => () => clearTimeout(openTimer.current), []);

  // Focus returns to the element focused before the tour opened.
  useEffect(() => {
    if (wasOpen.current && !isOpen) {
      const el = returnFocus.current;
      returnFocus.current = null;
      if (el?.isConnected) el.focus();
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  // Focus stays in the popover while the tour is open.
  useEffect(() => {
    if (!isOpen) return;
    const onFocusIn = (event: FocusEvent) => {
      const dialog = document.querySelector<HTMLElement>("[data-tour-dialog]");
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [isOpen]);

  const api = useMemo<TourApi>(
    () => ({
      isOpen,
      currentStep,
      tourType,
      steps,
      startTour,
      startTourByType,
      stopTour,
      setCurrentStep: (index: number) => setCurrentStep(Math.max(0, Math.min(index, steps.length - 1))),
    }),
    [isOpen, currentStep, tourType, steps, startTour, startTourByType, stopTour],
  );

  const reactourSteps = useMemo<StepType[]>(
    () => steps.map((step) => ({ selector: step.target, content: stepContent(step), position: step.placement ?? "bottom" })),
    [steps],
  );

  const setIsOpen = useCallback(
    (value: boolean | ((open: boolean) => boolean)) => {
      const next = typeof value === "function" ? value(isOpen) : value;
      if (next) setOpen(true);
      else stopTour();
    },
    [isOpen, stopTour],
  );
  const setStep = useCallback(
    (value: number | ((step: number) => number)) =>
      setCurrentStep((step) => {
        const next = typeof value === "function" ? value(step) : value;
        return Math.max(0, Math.min(next, steps.length - 1));
      }),
    [steps.length],
  );

  const reduced = isOpen && prefersReducedMotion();
  return (
    <TourContext.Provider value={api}>
      <TourLauncherContext.Provider value={api}>
        {children}
        {isOpen && reactourSteps.length > 0 ? (
          <Tour
            isOpen
            steps={reactourSteps}
            currentStep={currentStep}
            setCurrentStep={setStep}
            setIsOpen={setIsOpen}
            disabledActions={disabledActions}
            setDisabledActions={setDisabledActions}
            padding={{ mask: TOUR_LOOK.padding, popover: TOUR_LOOK.padding }}
            inViewThreshold={TOUR_LOOK.inViewThreshold}
            scrollSmooth={!reduced}
            rtl={documentIsRtl()}
            disableDotsNavigation={dotsNavigationDisabled(reactourSteps.length)}
            keyboardHandler={(event, clickProps) => {
              const action = tourKeyAction(event.key, documentIsRtl());
              if (!action || !clickProps) return;
              event.preventDefault();
              if (action === "close") clickProps.setIsOpen(false);
              else clickProps.setCurrentStep(moveStep(clickProps.currentStep, action, reactourSteps.length));
            }}
            styles={{
              popover: (base) => ({
                ...base,
                maxWidth: TOUR_LOOK.popoverMaxWidth,
                width: "calc(100vw - 2rem)",
                padding: 0,
                borderRadius: TOUR_LOOK.highlightRadius,
                transition: reduced ? "none" : base.transition,
              }),
              maskArea: (base) => ({ ...base, rx: TOUR_LOOK.highlightRadius }),
              highlightedArea: (base) => ({ ...base, rx: TOUR_LOOK.highlightRadius }),
            }}
            ContentComponent={TourDialog}
          />
        ) : null}
      </TourLauncherContext.Provider>
    </TourContext.Provider>
  );
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const navButton =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-50";

/** The popover: a modal dialog named "Step n of N", described by the step's text, with Back, dots, Next and Close. */
export function TourDialog({ steps, currentStep, setCurrentStep, setIsOpen, disableDotsNavigation }: PopoverContentProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const count = steps.length;
  const step = steps[currentStep];
  const label = stepLabel(currentStep, count);
  const last = currentStep >= count - 1;
  const dotsDisabled = disableDotsNavigation ?? dotsNavigationDisabled(count);

  // Focus moves into the popover when it opens and on each step, so its name and text are announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each step on purpose
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [currentStep]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const lastItem = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && active === lastItem) {
      event.preventDefault();
      first.focus();
    }
  };

  const content = typeof step?.content === "string" ? stepContent({ content: step.content }) : TOUR_MESSAGES.contentMissing;
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      data-tour-dialog=""
      onKeyDown={onKeyDown}
      className="rounded-lg bg-white p-5 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-700"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <span
            aria-hidden="true"
            data-tour-badge=""
            className="inline-flex size-7 items-center justify-center rounded-full bg-accent-500 text-sm font-bold text-slate-950"
          >
            {currentStep + 1}
          </span>
          {label}
        </h2>
        <button
          type="button"
          aria-label="Close Tour"
          onClick={() => setIsOpen(false)}
          className="-m-2 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p id={bodyId} className="mt-3 text-base text-slate-800" data-tour-content="">
        {content}
      </p>
      <div className="mt-4 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => setCurrentStep(Math.max(currentStep - 1, 0))}
          disabled={currentStep === 0}
          className={`${navButton} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          Back
        </button>
        {/* Dots navigation is off above 5 steps (spec §9): not drawn at all, so six dots never wrap onto a second row;
            "Step n of N" still says where the tour is. */}
        {count > 1 && !dotsDisabled ? (
          <ul className="flex flex-wrap items-center justify-center gap-1" aria-label="Steps">
            {steps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tour's steps never change order while it runs
              <li key={`${String(s.selector)}-${i}`}>
                <button
                  type="button"
                  data-tour-dot=""
                  aria-label={`Go to step ${i + 1}`}
                  aria-current={i === currentStep ? "step" : undefined}
                  disabled={dotsDisabled}
                  onClick={() => setCurrentStep(i)}
                  className="inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-slate-900 disabled:cursor-default"
                >
                  <span
                    aria-hidden="true"
                    className={`block size-2.5 rounded-full border border-accent-500 ${i === currentStep ? "bg-accent-500" : "bg-transparent"}`}
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button
          type="button"
          onClick={() => (last ? setIsOpen(false) : setCurrentStep(currentStep + 1))}
          className={`${navButton} bg-accent-500 text-slate-950 hover:brightness-95`}
        >
          {last ? "Finish" : "Next"}
          {last ? null : <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />}
        </button>
      </div>
    </div>
  );
}
