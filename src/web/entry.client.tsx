import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** Tells the page's loader (lib/hydration-loader.ts) that React now runs the page: held clicks and forms go on. */
function SayHydrated() {
  useEffect(() => {
    (window as Window & { __hydrated?: boolean }).__hydrated = true;
    window.dispatchEvent(new Event("app:hydrated"));
  }, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <SayHydrated />
    </StrictMode>,
  );
});
