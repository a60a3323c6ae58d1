import { createContext, useContext } from "react";

/**
 * How the server sends a page (decision 013): "react" pages hydrate React; "enhanced" pages (visitors' catalogue and
 * content pages, the cart) are sent without React's scripts and made interactive by src/web/enhance/. Decided by
 * entry.server from the page's handle; the browser only ever runs "react" pages, so that is the default.
 */
export type PageMode = "react" | "enhanced";

const PageModeContext = createContext<PageMode>("react");

export const PageModeProvider = PageModeContext.Provider;

export function usePageMode(): PageMode {
  return useContext(PageModeContext);
}
