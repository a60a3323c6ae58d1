/**
 * The lazy tour chunk's entry (loaded by tours-mount.tsx for dealers, admins and supers only): the engine, the
 * catalogue, the Help and Tours button, and the `?tour=<type>` starter used by the dealer manual's no-JS fallback.
 */
import { useCallback, useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Permission } from "#shared/staff.ts";
import { HelpButton } from "./help-button.tsx";
import { TOURS, toursFor } from "./tour-catalogue.ts";
import type { TourRole } from "./tour-engine.ts";
import type { TourApi } from "./tour-launcher.ts";
import { TourProvider, useTour } from "./tour-provider.tsx";
import type { TourDefinition, TourType } from "./tour-types.ts";

export type ToursRootProps = {
  role: TourRole | null;
  /** The staff role's permissions (decision 035): the back-office tours it is offered. */
  permissions?: readonly Permission[] | null;
  /** Hands the engine's API to the page (tours-mount.tsx). */
  onReady: (api: TourApi | null) => void;
};

const resolveTour = (type: TourType) => TOURS.find((tour) => tour.type === type);

export default function ToursRoot({ role, permissions = null, onReady }: ToursRootProps) {
  const navigate = useNavigate();
  const toursOfRole = useCallback((r: TourRole | null) => toursFor(r, permissions), [permissions]);
  return (
    <TourProvider resolveTour={resolveTour} navigate={navigate}>
      <Bridge onReady={onReady} />
      <QueryTourStarter role={role} toursFor={toursOfRole} />
      <HelpButton userRole={role} toursFor={toursOfRole} />
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
function QueryTourStarter({ role, toursFor }: { role: TourRole | null; toursFor: (role: TourRole | null) => TourDefinition[] }) {
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
  }, [requested, params, setParams, role, startTourByType, toursFor]);
  useEffect(() => {
    if (!requested) started.current = null;
  }, [requested]);
  return null;
}
