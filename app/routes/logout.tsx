import { redirect } from "react-router";
import { refusedPost } from "~/server/core/origin.server";
import { endUserSession } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/logout";
import { href } from "~/paths";
import { log } from "~/server/core/log.server";

// Signing out changes state, so it only happens on POST; a GET just goes home.
export const loader = () => redirect(href("/start"));

export async function action({ request }: Route.ActionArgs) {
  const refused = refusedPost(request);
  if (refused) return refused;
  try {
    return await endUserSession(request);
  } catch (error) {
    log.error({ err: error }, "logout failed");
    return redirectWithToast(href("/start"), {
      type: "error",
      title: "Logout Failed",
      description: error instanceof Error ? error.message : "Please try again.",
    });
  }
}
