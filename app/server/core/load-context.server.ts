import { type MiddlewareFunction, createContext, RouterContextProvider } from "react-router";
import type { ActionOutcome } from "../../domain/entrant-actions";

/**
 * What the express server hands React Router for each request (decision 072: with route middleware
 * on, the load context is a RouterContextProvider, read by typed keys). The CSP nonce is the page's
 * only value from outside React Router; entry.server.tsx writes it into every inline script.
 */
export const cspNonceContext = createContext<string>("");

/**
 * A completion the action lane (decision 077) ran and did not answer itself (a refusal): its
 * outcome, for the action route to answer instead of running the completion again (a wrong code's
 * try is written once). Set by server/app.ts only, from what the lane left in res.locals.
 */
export interface ActionLaneOutcome {
  campaignId: string;
  actionId: string;
  entryId: string;
  outcome: ActionOutcome;
}

export const actionLaneContext = createContext<ActionLaneOutcome | null>(null);

/**
 * The pattern of the route React Router matched ("/campaign/:campaignId"), for the request series
 * of /metrics (decision 084): set by the root route's middleware, read by server/app.ts once
 * React Router has answered. Null when no middleware ran.
 */
export const routePatternContext = createContext<string | null>(null);

/** The root route's middleware: notes the matched route's pattern in the load context, from "/". */
export const recordRoutePattern: MiddlewareFunction<Response> = ({ pattern, context }) => {
  context.set(routePatternContext, pattern.startsWith("/") ? pattern : `/${pattern}`);
};

export function loadContext(cspNonce: string, actionLane?: ActionLaneOutcome): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
  if (actionLane) context.set(actionLaneContext, actionLane);
  return context;
}
