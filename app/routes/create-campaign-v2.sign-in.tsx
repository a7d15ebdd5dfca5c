import { Form, Link } from "react-router";
import { HoneypotField } from "~/components/ui/honeypot";
import { safeRedirectPath } from "~/domain/redirect";
import { getConfig } from "~/server/core/config.server";
import type { Route } from "./+types/create-campaign-v2.sign-in";
import { href, loginPath, wizardPath } from "~/paths";

export const meta = () => [{ title: "Sign in to continue · Giveawear" }];

/**
 * The wizard's sign-in dialog as a page of its own, so it works without JavaScript: signing in
 * returns to the wizard step, which attaches the visitor's draft to the account.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    returnTo: safeRedirectPath(url.searchParams.get("returnTo"), wizardPath()),
    reason: url.searchParams.get("reason"),
    googleEnabled: getConfig().googleEnabled,
  };
}

export default function WizardSignIn({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center bg-slate-900/40 px-4 py-12">
      <div role="dialog" aria-modal="true" aria-labelledby="wizard-sign-in" className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="wizard-sign-in" className="text-2xl font-bold tracking-tight">
          Sign in to continue
        </h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {loaderData.reason === "launch"
            ? "Please sign in to launch your campaign. Your draft comes with you."
            : "Sign in to upload files, generate designs and launch. Your draft comes with you."}
        </p>
        <Form method="post" action={loginPath()} className="mt-6 space-y-4">
          <HoneypotField />
          <input type="hidden" name="redirectTo" value={loaderData.returnTo} />
          <div>
            <label htmlFor="wizard-email" className="label">
              Email
            </label>
            <input id="wizard-email" name="email" type="email" required autoComplete="email" className="input" />
          </div>
          <button type="submit" className="btn-primary w-full">
            Send Magic Link
          </button>
        </Form>
        {loaderData.googleEnabled ? (
          <Form method="post" action={href("/auth/google")} reloadDocument className="mt-3">
            <input type="hidden" name="redirectTo" value={loaderData.returnTo} />
            <button type="submit" className="btn-secondary w-full">
              Sign in with Google
            </button>
          </Form>
        ) : null}
        <Link
          to={loaderData.returnTo}
          className="mt-4 block text-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          Not now, back to the wizard
        </Link>
      </div>
    </div>
  );
}
