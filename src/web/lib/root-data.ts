import { useRouteLoaderData } from "react-router";
import type { loader } from "../root.tsx";

/** The root loader's data (signed-in user, site settings), readable from any route or component. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The signed-in user, or null for a visitor. */
export function useCurrentUser() {
  return useRootData()?.user ?? null;
}
