import { redirect } from "react-router";
import { endUserSession } from "~/server/session.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it only happens on POST; a GET just goes home.
export const loader = () => redirect("/start");

export async function action({ request }: Route.ActionArgs) {
  return endUserSession(request);
}
