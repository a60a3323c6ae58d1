import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Tells the page's loader (lib/hydration-loader.ts) that React now runs the page: held clicks and forms go on.
 * A wrapper, not a sibling of the router: a second child at the root would change every useId() from the server's,
 * and ids made after hydration (a dialog's title) would no longer match the ones in the server's HTML.
 */
function SayHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    (window as Window & { __hydrated?: boolean }).__hydrated = true;
    window.dispatchEvent(new Event("app:hydrated"));
  }, []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SayHydrated>
        <HydratedRouter />
      </SayHydrated>
    </StrictMode>,
  );
});
