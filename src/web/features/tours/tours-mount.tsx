import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useCurrentUser } from "../../lib/root-data.ts";
import { hasTours } from "./tour-engine.ts";
import { type TourApi, TourLauncherContext } from "./tour-launcher.ts";

/** The tour engine, @reactour/tour and the catalogue: a separate chunk, fetched only for users who have tours. */
const ToursRoot = lazy(() => import("./tours-root.tsx"));

/**
 * Mounts the guided tours in the dealer and admin layouts. Dealers, admins and supers get the engine and
 * the Help and Tours button once the page has hydrated; everyone else gets nothing and downloads nothing. The page
 * itself is never re-mounted: it reaches the engine through TourLauncherContext (null until loaded).
 */
export function ToursMount({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const role = user?.role ?? null;
  const permissions = user?.permissions ?? null;
  const eligible = hasTours(role);
  const [hydrated, setHydrated] = useState(false);
  const [api, setApi] = useState<TourApi | null>(null);
  useEffect(() => setHydrated(true), []);
  return (
    <TourLauncherContext.Provider value={eligible ? api : null}>
      {children}
      {eligible && hydrated ? (
        <Suspense fallback={null}>
          <ToursRoot role={role} permissions={permissions} onReady={setApi} />
        </Suspense>
      ) : null}
    </TourLauncherContext.Provider>
  );
}
