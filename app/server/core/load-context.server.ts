import { createContext, RouterContextProvider } from "react-router";

/**
 * What the express server hands React Router for each request (decision 072: with route middleware
 * on, the load context is a RouterContextProvider, read by typed keys). The CSP nonce is the page's
 * only value from outside React Router; entry.server.tsx writes it into every inline script.
 */
export const cspNonceContext = createContext<string>("");

export function loadContext(cspNonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
  return context;
}
