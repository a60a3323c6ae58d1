import { createContext, useContext } from "react";
import type { TourStep, TourType } from "./tour-types.ts";

/**
 * What pages may ask of the tour engine. The engine (tour-provider.tsx with @reactour/tour) is a lazy chunk that
 * only dealers, admins and supers load; this context is how the rest of the page reaches it. `null` while the engine
 * is not loaded (visitors, signed-in users, before hydration): callers then fall back to plain links and forms.
 */
export type TourApi = {
  isOpen: boolean;
  currentStep: number;
  tourType: TourType | null;
  steps: TourStep[];
  /** Start a tour from the given steps (spec §4): refused with a warning without a type or usable steps. */
  startTour: (tourType: TourType, steps: TourStep[]) => boolean;
  /** Start a catalogue tour by its type: goes to its page first when needed and waits for its elements. */
  startTourByType: (tourType: TourType) => Promise<boolean>;
  stopTour: () => void;
  setCurrentStep: (index: number) => void;
};

export const TourLauncherContext = createContext<TourApi | null>(null);

/** The tour engine when it is loaded, else null. Never throws (compare useTour in tour-provider.tsx). */
export function useTourLauncher(): TourApi | null {
  return useContext(TourLauncherContext);
}
