import { redirect } from "react-router";
import { postLoginPath } from "~/domain/redirect";
import { getAuthenticator, GOOGLE_STRATEGY } from "~/server/auth/sign-in.server";
import { getConfig } from "~/server/core/config.server";
import { findCurrentUser, getRememberedRedirect, startUserSession } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/auth.google.callback";
import { loginPath } from "~/paths";
import { log } from "~/server/core/log.server";

// OAuth returns with a GET by design; the state cookie checked by the strategy ties it to our POST.
export async function loader({ request }: Route.LoaderArgs) {
  if (!getConfig().googleEnabled) throw redirect(loginPath());
  let userId: string;
  try {
    userId = (await getAuthenticator().authenticate(GOOGLE_STRATEGY, request)).id;
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    log.error({ err: thrown }, "google: sign-in failed");
    throw await redirectWithToast(loginPath(), {
      type: "error",
      title: "Google Login Failed",
      description: thrown instanceof Error ? thrown.message : "Google sign-in failed.",
    });
  }
  const user = await findCurrentUser({ id: userId });
  return startUserSession(request, user, postLoginPath(await getRememberedRedirect(request), user.role), {
    type: "success",
    title: "Login Successful",
    description: `Welcome back, ${user.name}!`,
  });
}
