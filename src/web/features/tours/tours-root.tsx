/**
 * The lazy tour chunk's entry (loaded by tours-mount.tsx for dealers, admins and supers only): the engine, the
 * catalogue, the Help and Tours button, and the `?tour=<type>` starter used by the dealer manual's no-JS fallback.
 */
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { HelpButton } from "./help-button.tsx";
import { TOURS, toursFor } from "./tour-catalogue.ts";
import type { TourRole } from "./tour-engine.ts";
import type { TourApi } from "./tour-launcher.ts";
import { TourProvider, useTour } from "./tour-provider.tsx";
import type { TourType } from "./tour-types.ts";

export type ToursRootProps = {
  role: TourRole | null;
  /** Hands the engine's API to the page (tours-mount.tsx). */
  onReady: (api: TourApi | null) => void;
};

const resolveTour = (type: TourType) => TOURS.find((tour) => tour.type === type);

export default function ToursRoot({ role, onReady }: ToursRootProps) {
  const navigate = useNavigate();
  return (
    <TourProvider resolveTour={resolveTour} navigate={navigate}>
      <Bridge onReady={onReady} />
      <QueryTourStarter role={role} />
      <HelpButton userRole={role} toursFor={toursFor} />
    </TourProvider>
  );
}

function Bridge({ onReady }: Pick<ToursRootProps, "onReady">) {
  const tour = useTour();
  useEffect(() => onReady(tour), [tour, onReady]);
  useEffect(() => () => onReady(null), [onReady]);
  return null;
}

/** A page opened with `?tour=<type>` starts that tour once loaded (the parameter is then taken off the address). */
function QueryTourStarter({ role }: { role: TourRole | null }) {
  const [params, setParams] = useSearchParams();
  const { startTourByType } = useTour();
  const requested = params.get("tour");
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || started.current === requested) return;
    started.current = requested;
    const tour = toursFor(role).find((t) => t.type === requested);
    const next = new URLSearchParams(params);
    next.delete("tour");
    setParams(next, { replace: true, preventScrollReset: true });
    if (tour) void startTourByType(tour.type);
    else console.warn(`No valid steps provided for tour: ${requested}`);
  }, [requested, params, setParams, role, startTourByType]);
  useEffect(() => {
    if (!requested) started.current = null;
  }, [requested]);
  return null;
}
