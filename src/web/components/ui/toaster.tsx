import { lazy, Suspense } from "react";
import { useHydrated } from "#web/lib/use-hydrated.ts";

/**
 * Toasts (sonner) load after the page is interactive rather than with it: a tenth of the first load's script that
 * no page needs until someone does something (DESIGN.md §7).
 */
const SpecToaster = lazy(() => import("./spec-toaster.tsx"));

let markMounted: () => void = () => {};
/** Resolves once the toaster is on the page: a toast sent before it would not be shown. */
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const onMounted = () => markMounted();

export function SiteToaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SpecToaster onMounted={onMounted} />
    </Suspense>
  );
}

async function show(kind: "success" | "error", message: string): Promise<void> {
  const [{ toast }, { placeToasts }] = await Promise.all([import("sonner"), import("./spec-toaster.tsx"), mounted]);
  placeToasts();
  toast[kind](message);
}

/** Shows a toast, loading the toaster first if it is not there yet. */
export const notify = {
  success: (message: string) => void show("success", message),
  error: (message: string) => void show("error", message),
};
