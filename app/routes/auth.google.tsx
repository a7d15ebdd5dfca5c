import { redirect } from "react-router";
import { readForm } from "~/server/core/forms.server";
import { getAuthenticator, GOOGLE_STRATEGY } from "~/server/auth/sign-in.server";
import { getConfig } from "~/server/core/config.server";
import { withCookies } from "~/server/core/responses.server";
import { rememberRedirect } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/auth.google";
import { loginPath } from "~/paths";
import { log } from "~/server/core/log.server";

export const loader = () => redirect(loginPath());

export async function action({ request }: Route.ActionArgs) {
  if (!getConfig().googleEnabled) return redirect(loginPath());
  const formData = await readForm(request.clone());
  const remember = await rememberRedirect(request, formData.get("redirectTo"));
  try {
    await getAuthenticator().authenticate(GOOGLE_STRATEGY, request);
  } catch (thrown) {
    // The strategy answers with the redirect to Google's consent screen.
    if (thrown instanceof Response) return withCookies(thrown, [remember]);
    log.error({ err: thrown }, "google: could not start sign-in");
    return redirectWithToast(loginPath(), {
      type: "error",
      title: "Google Login Failed",
      description: thrown instanceof Error ? thrown.message : "Could not start Google sign-in.",
    });
  }
  return redirect(loginPath());
}
