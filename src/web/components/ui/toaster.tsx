import { lazy, Suspense, useEffect } from "react";
import { TOAST_DEFAULTS } from "#shared/constants.ts";
import { useHydrated } from "#web/lib/use-hydrated.ts";

/**
 * Toasts (sonner) load after the page is interactive rather than with it: a tenth of the first load's script that
 * no page needs until someone does something (DESIGN.md §7).
 */
const loadSonner = () => import("sonner");

let markMounted: () => void = () => {};
/** Resolves once the toaster is on the page: a toast sent before it would not be shown. */
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  /** Toasts top-right with the spec's defaults (§9): 3 visible, 4000 ms, 14 px apart, 356 px wide. */
  function SpecToaster() {
    useEffect(() => markMounted(), []);
    return (
      <Toaster
        position={TOAST_DEFAULTS.position}
        visibleToasts={TOAST_DEFAULTS.visibleToasts}
        duration={TOAST_DEFAULTS.duration}
        gap={TOAST_DEFAULTS.gap}
        style={{ "--width": `${TOAST_DEFAULTS.width}px` } as React.CSSProperties}
        closeButton
      />
    );
  }
  return { default: SpecToaster };
});

export function SiteToaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

async function show(kind: "success" | "error", message: string): Promise<void> {
  const [{ toast }] = await Promise.all([loadSonner(), mounted]);
  toast[kind](message);
}

/** Shows a toast, loading the toaster first if it is not there yet. */
export const notify = {
  success: (message: string) => void show("success", message),
  error: (message: string) => void show("error", message),
};
