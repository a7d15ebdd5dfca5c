import { useState } from "react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { ActionToast } from "~/components/ui/action-toast";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { HoneypotField } from "~/components/ui/honeypot";
import { LoginSchema } from "~/domain/auth-schemas";
import { postLoginPath, safeRedirectPath } from "~/domain/redirect";
import { readForm } from "~/server/core/forms.server";
import { OTP_PATH, requestSignInCode, TOTP_FAILURE_MARKER } from "~/server/auth/sign-in.server";
import { getConfig } from "~/server/core/config.server";
import { honeypotFilled } from "~/server/core/honeypot.server";
import { bindLoginCodeState, codeRequestLimit } from "~/server/auth/login-codes.server";
import { clientIp } from "~/server/core/request.server";
import { signedInHereBefore } from "~/server/auth/sign-in-device.server";
import { isRedirectTo, withCookies } from "~/server/core/responses.server";
import { getCurrentUser, rememberRedirect } from "~/server/auth/session.server";
import { actionToast, toastCookie } from "~/server/core/toast.server";
import { totpStateFromResponse } from "~/server/auth/totp-cookie.server";
import type { Route } from "./+types/login";
import { href } from "~/paths";
import { log } from "~/server/core/log.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Giveawear" }];

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const user = await getCurrentUser(request);
  if (user) throw redirect(postLoginPath(redirectTo, user.role));
  return { redirectTo: safeRedirectPath(redirectTo, ""), googleEnabled: getConfig().googleEnabled };
}

const SEND_FAILED = { type: "error", title: "Login Failed", description: "Could not send OTP. Please try again." } as const;

/**
 * remix-auth-totp reads the form itself: it gets a copy whose email is the address as validated
 * (trimmed), not as typed, so "you@example.com " is not refused as an invalid address.
 */
function withTrimmedEmail(request: Request, formData: FormData): Request {
  const body = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
  body.set("email", String(formData.get("email") ?? "").trim());
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  if (honeypotFilled(formData)) {
    return data({ result: submission.reply({ formErrors: [SEND_FAILED.description] }), toast: actionToast(SEND_FAILED) }, { status: 400 });
  }
  const { email, redirectTo } = submission.value;
  // A browser that signed in as this address before asks outside the address's ceiling (decision 066).
  const ownDevice = await signedInHereBefore(request, email);
  const limited = await codeRequestLimit(email, clientIp(request), { ownDevice });
  if (limited) {
    const description = "Too many sign-in codes were requested. Please wait 15 minutes and try again.";
    return data(
      {
        result: submission.reply({ formErrors: [description] }),
        toast: actionToast({ type: "error", title: "Login Failed", description }),
      },
      { status: 429 },
    );
  }

  const { outcome, codeId } = await requestSignInCode(withTrimmedEmail(request, formData), { ownDevice });
  if (isRedirectTo(outcome, OTP_PATH)) {
    // Only this browser's state can try the code (see checkLoginCode).
    const state = totpStateFromResponse(outcome);
    if (codeId && state) {
      await bindLoginCodeState(codeId, state);
      return withCookies(outcome, [
        await rememberRedirect(request, redirectTo),
        await toastCookie({ type: "success", title: "OTP Sent", description: `An OTP has been sent to ${email}.` }),
      ]);
    }
    log.error("login: the new code has no sign-in state to tie it to");
  } else if (!isRedirectTo(outcome, TOTP_FAILURE_MARKER)) {
    log.error({ err: outcome }, "login: sending a code failed");
  }
  return data({ result: submission.reply({ formErrors: [SEND_FAILED.description] }), toast: actionToast(SEND_FAILED) }, { status: 503 });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === "/login";
  // A full-page post: the answer is a redirect to Google, which client-side routing cannot follow.
  const [signingInWithGoogle, setSigningInWithGoogle] = useState(false);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    // Validate on submit, then as you type: blur-validating the autofocused field would flash an
    // error (and shift the page) when someone heads for another button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <ActionToast toast={actionData?.toast} />
      <div className="card p-6 sm:p-8">
        <h1 className="text-center text-3xl font-bold tracking-tight">Welcome!</h1>
        <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">Sign in or create your account with your email.</p>

        <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
          <HoneypotField />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <InputField
            meta={fields.email}
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            autoFocus
          />
          <button type="submit" className="btn-primary w-full" disabled={sending}>
            {sending ? "Sending Magic Link..." : "Send Magic Link"}
          </button>
        </Form>

        {loaderData.googleEnabled ? (
          <>
            <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
              Or continue with
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            </div>
            <Form method="post" action={href("/auth/google")} reloadDocument onSubmit={() => setSigningInWithGoogle(true)}>
              <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              {/* Not disabled while busy: disabling the submitter inside the submit event cancels the post. */}
              <button type="submit" className="btn-secondary w-full" aria-busy={signingInWithGoogle}>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
                  <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
                  <path
                    fill="#34A853"
                    d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
                  />
                  <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
                  <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
                </svg>
                {signingInWithGoogle ? "Signing in..." : "Sign in with Google"}
              </button>
            </Form>
          </>
        ) : null}

        <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
          No password needed: we'll email you a 6-digit code and a magic link to sign in.
        </p>
      </div>
    </div>
  );
}
