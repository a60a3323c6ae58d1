import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server HTML and while hydrating, true once React runs the page: buttons that need JavaScript wait for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
