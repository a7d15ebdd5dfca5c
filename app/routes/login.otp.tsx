import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ActionToast } from "~/components/ui/action-toast";
import { FieldErrors } from "~/components/ui/field";
import { CODE_MESSAGES, MISSING_FIELDS, OtpSchema, VERIFY_FAILED } from "~/domain/auth-schemas";
import { normalizeEmail } from "~/domain/email-address";
import { postLoginPath } from "~/domain/redirect";
import { readForm } from "~/server/core/forms.server";
import { getAuthenticator, readMagicLinkCode, TOTP_STRATEGY, TOTP_SUCCESS_MARKER } from "~/server/auth/sign-in.server";
import { checkLoginCode } from "~/server/auth/login-codes.server";
import { isRedirectTo } from "~/server/core/responses.server";
import { findCurrentUser, getCurrentUser, getRememberedRedirect, startUserSession } from "~/server/auth/session.server";
import { actionToast, redirectWithToast, type ToastInput } from "~/server/core/toast.server";
import { readTotpCookie } from "~/server/auth/totp-cookie.server";
import type { Route } from "./+types/login.otp";
import { loginPath } from "~/paths";
import { log } from "~/server/core/log.server";

export const meta: Route.MetaFunction = () => [{ title: "Enter OTP · Giveawear" }];

const NO_EMAIL: ToastInput = { type: "error", title: "Error", description: "No email provided for OTP verification." };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user) throw redirect(postLoginPath(await getRememberedRedirect(request), user.role));
  const { email, error } = readTotpCookie(request);
  if (!email) throw await redirectWithToast(loginPath(), NO_EMAIL);
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  const linkCode = token ? await readMagicLinkCode(token) : undefined;
  return {
    email,
    linkCode: linkCode ?? "",
    linkProblem: token && !linkCode ? CODE_MESSAGES.expired : null,
    error: url.searchParams.has("failed") ? (error ?? VERIFY_FAILED) : null,
  };
}

function failure(message: string, fieldError: string, status: number, title = "Verification Failed") {
  return data(
    {
      result: { status: "error" as const, error: { code: [fieldError] } },
      toast: actionToast({ type: "error", title, description: message }),
    },
    { status },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { email, state } = readTotpCookie(request);
  if (!email) return redirectWithToast(loginPath(), NO_EMAIL);
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: OtpSchema });
  if (submission.status !== "success") {
    const message = submission.error?.code?.[0] ?? MISSING_FIELDS;
    return message === MISSING_FIELDS ? failure(MISSING_FIELDS, MISSING_FIELDS, 400, "Error") : failure(VERIFY_FAILED, message, 400);
  }

  const check = await checkLoginCode(normalizeEmail(email), submission.value.code, state);
  if (check === "wrong") return failure(VERIFY_FAILED, CODE_MESSAGES.wrong, 400);
  // A browser without the code's own state (another device, an older code) is asked for a new one; no try is counted.
  if (check === "expired" || check === "stale") return failure(CODE_MESSAGES.expired, CODE_MESSAGES.expired, 400);
  if (check === "locked") return failure(CODE_MESSAGES.locked, CODE_MESSAGES.locked, 429);

  try {
    await getAuthenticator().authenticate(TOTP_STRATEGY, request);
  } catch (thrown) {
    if (isRedirectTo(thrown, TOTP_SUCCESS_MARKER)) {
      const user = await findCurrentUser({ email: normalizeEmail(email) });
      const target = postLoginPath(await getRememberedRedirect(request), user.role);
      const strategyCookies = new Headers();
      for (const cookie of thrown.headers.getSetCookie()) strategyCookies.append("Set-Cookie", cookie);
      return startUserSession(
        request,
        user,
        target,
        { type: "success", title: "Login Successful", description: `Welcome back, ${user.name}!` },
        strategyCookies,
      );
    }
    if (!(thrown instanceof Response)) log.error({ err: thrown }, "login: verifying a code failed");
  }
  return failure(VERIFY_FAILED, VERIFY_FAILED, 400);
}

export default function LoginOtp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const verifying = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { code: loaderData.linkCode },
    // Validate on submit, then as you type: blur-validating the autofocused field would flash an
    // error (and shift the page) when someone heads for another button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OtpSchema }),
  });
  const problem = loaderData.linkProblem ?? loaderData.error;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <ActionToast toast={actionData?.toast} />
      <div className="card p-6 sm:p-8">
        <h1 className="text-center text-3xl font-bold tracking-tight">Enter OTP</h1>
        <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">
          We sent a 6-digit code to <strong className="break-all text-slate-900 dark:text-white">{loaderData.email}</strong>.
        </p>
        {loaderData.linkCode ? (
          <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
            Your code is filled in from the magic link. Press “Verify OTP &amp; Login” to finish signing in.
          </p>
        ) : null}
        {problem && !actionData ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {problem}
          </p>
        ) : null}

        <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
          <div>
            <label htmlFor={fields.code.id} className="label">
              One-Time Password
            </label>
            <input
              {...getInputProps(fields.code, { type: "text" })}
              className="input text-center font-mono text-2xl tracking-[0.5em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal"
              placeholder="Enter your 6-digit OTP"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              autoFocus
            />
            <FieldErrors id={fields.code.errorId} errors={fields.code.errors} />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={verifying}>
            {verifying ? "Verifying..." : "Verify OTP & Login"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
          Didn't get it? Check your spam folder, or{" "}
          <Link to={loginPath()} className="font-medium text-brand-700 underline dark:text-brand-300">
            request a new code from the login page
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
