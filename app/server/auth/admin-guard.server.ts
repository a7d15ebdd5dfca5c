import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type CurrentUser, requireAdmin } from "./session.server";

/** The signed-in admin, set by the guard below for every route beneath it (decision 072). */
const adminContext = createContext<CurrentUser>();

/**
 * The admin guard, written once (decision 072): the middleware of the admin routes' layout
 * (app/routes/admin-guard.tsx). It runs before every child loader and action, for a document
 * request and a client navigation's data request alike: a visitor is sent to sign in, a signed-in
 * non-admin to their campaigns (requireAdmin), and nothing beneath runs.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(adminContext, await requireAdmin(request));
};

/** The admin the guard let in, for the loaders and actions that record who did what. */
export function currentAdmin(context: Readonly<RouterContextProvider>): CurrentUser {
  return context.get(adminContext);
}
