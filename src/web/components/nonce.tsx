import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** The CSP nonce of this response, for the inline scripts React Router writes. Undefined in the browser. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
