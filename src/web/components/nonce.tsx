import { createContext, useContext } from "react";
import type { HeadScripts } from "#web/load-context.ts";

const NonceContext = createContext<string | undefined>(undefined);

/** The CSP nonce of this response, for the inline scripts React Router writes. Undefined in the browser. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

const HeadScriptsContext = createContext<HeadScripts | null>(null);

/** The build's minified head scripts of visitors' pages (decision 028); null in development and in the browser. */
export const HeadScriptsProvider = HeadScriptsContext.Provider;

export function useHeadScripts(): HeadScripts | null {
  return useContext(HeadScriptsContext);
}
