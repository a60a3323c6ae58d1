import { useEffect } from "react";
import { Toaster } from "sonner";
import { TOAST_DEFAULTS } from "#shared/constants.ts";

/** Toasts top-right with the spec's defaults (§9): 3 visible, 4000 ms, 14 px apart, 356 px wide. Loaded lazily by toaster.tsx. */
export default function SpecToaster({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
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
