import { type ButtonHTMLAttributes, type MouseEvent, useEffect, useId, useRef } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { TOUR_BUTTON_DELAY_MS, TOUR_MESSAGES } from "./tour-engine.ts";
import { useTourLauncher } from "./tour-launcher.ts";
import type { TourStep, TourType } from "./tour-types.ts";

export type StartTourVariant = "primary" | "secondary" | "outline" | "small";

const variantClass: Record<StartTourVariant, string> = {
  primary: buttonClass("primary"),
  secondary: buttonClass("secondary"),
  outline: buttonClass("outline"),
  small: buttonClass("primary", "min-h-9 px-3 py-1.5 text-xs"),
};

export type StartTourButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "children"> & {
  tourType: TourType;
  /** The steps to run; without them the catalogue's tour of that type runs (on its page). */
  steps?: TourStep[];
  variant?: StartTourVariant;
  /** Default 'Start Tour' (spec §2). */
  label?: string;
  /** Extra text for screen readers only, after the label. */
  srLabel?: string;
  className?: string;
};

/**
 * The reusable 'Start Tour' button (spec §2): four variants, tooltip 'Start {tour type} tour', starts 100 ms after
 * the press. Without the tour engine (no JavaScript yet, or a user without tours) a submit button keeps its form's
 * fallback (the dealer manual's cards go to the tour's page with `?tour=`); a plain button does nothing then.
 */
export function StartTourButton({
  tourType,
  steps,
  variant = "primary",
  label,
  srLabel,
  className = "",
  type = "button",
  ...rest
}: StartTourButtonProps) {
  const tour = useTourLauncher();
  const tooltipId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const tooltip = TOUR_MESSAGES.buttonTooltip(tourType);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!tour) return;
    event.preventDefault();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (steps) tour.startTour(tourType, steps);
      else void tour.startTourByType(tourType);
    }, TOUR_BUTTON_DELAY_MS);
  };

  return (
    <>
      <button
        type={type}
        title={tooltip}
        aria-describedby={tooltipId}
        data-tour-type={tourType}
        onClick={onClick}
        className={`${variantClass[variant]} focus-visible:outline-2 focus-visible:outline-offset-2 ${className}`.trim()}
        {...rest}
      >
        {label ?? TOUR_MESSAGES.defaultButtonLabel}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </button>
      <span id={tooltipId} hidden>
        {tooltip}
      </span>
    </>
  );
}
