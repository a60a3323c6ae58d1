import { useEffect, useState } from "react";
import { Toaster } from "sonner";
import { TOAST_DEFAULTS } from "#shared/constants.ts";
// sonner's stylesheet as a file of this chunk (a <link> from this origin), not the <style> element sonner's script
// would add, which the pages' CSP refuses: vite.config.ts takes that injection out of the bundle (decision 011).
import "sonner/dist/styles.css";
import { toastTop } from "./toast-offset.ts";

let placeTop: ((top: number) => void) | null = null;

/** Moves the toasts under the site header as it is now (called before each toast). */
export function placeToasts(): void {
  placeTop?.(toastTop());
}

/**
 * Toasts top-right (under the site header) with the spec's defaults (§9): 3 visible, 4000 ms, 14 px apart, 356 px wide. Loaded lazily by
 * toaster.tsx, so only ever rendered in the browser: the width goes through React's style prop, which sets it with
 * the CSSOM (no style attribute in the server's HTML, nothing for CSP to refuse), over sonner's own inline default.
 */
export default function SpecToaster({ onMounted }: { onMounted: () => void }) {
  const [top, setTop] = useState(() => toastTop());
  useEffect(() => {
    placeTop = setTop;
    onMounted();
    return () => {
      placeTop = null;
    };
  }, [onMounted]);
  return (
    <Toaster
      position={TOAST_DEFAULTS.position}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      duration={TOAST_DEFAULTS.duration}
      gap={TOAST_DEFAULTS.gap}
      // Top right, under the header: its Cart badge stays in sight.
      offset={{ top, right: 24 }}
      mobileOffset={{ top, right: 16, left: 16 }}
      style={{ "--width": `${TOAST_DEFAULTS.width}px` } as React.CSSProperties}
      closeButton
    />
  );
}
