import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

/** The per-request CSP nonce on the server; browsers hide it from scripts, so "" on the client. */
export function useNonce(): string {
  return useContext(NonceContext);
}
