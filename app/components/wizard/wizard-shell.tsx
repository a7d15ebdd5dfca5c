import type { ReactNode } from "react";
import { Link } from "react-router";
import { href, myCampaignsPath } from "~/paths";

export interface WizardStepInfo {
  number: number;
  title: string;
}

/** Progress, the signed-out banner and the way out; every step renders inside. */
export function WizardShell({
  steps,
  current,
  stepHref,
  signedIn,
  signInHref,
  notice,
  children,
}: {
  steps: readonly WizardStepInfo[];
  current: number;
  stepHref: (step: number) => string;
  signedIn: boolean;
  signInHref: string;
  notice: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <div className="flex gap-4">
          <Link
            to={signedIn ? myCampaignsPath() : href("/home")}
            className="font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            ← {signedIn ? "Back to My Campaigns" : "Back to Home"}
          </Link>
        </div>
        <p className="text-slate-600 dark:text-slate-400">
          Step {current} of {steps.length}
        </p>
      </div>

      {!signedIn ? (
        <div className="mb-6 flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p>You're not signed in. Your progress is saved on this device; sign in to upload files and launch.</p>
          <Link to={signInHref} className="btn-secondary shrink-0">
            Sign in
          </Link>
        </div>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-100"
        >
          {notice}
        </p>
      ) : null}

      <nav aria-label="Wizard steps" className="mb-8">
        <ol className="grid grid-cols-5 gap-2">
          {steps.map((step) => {
            const state = step.number < current ? "done" : step.number === current ? "current" : "todo";
            const body = (
              <>
                <span
                  className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                    state === "current"
                      ? "bg-brand-700 text-white"
                      : state === "done"
                        ? "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100"
                        : "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                  }`}
                >
                  {step.number}
                </span>
                <span className="hidden text-center text-xs font-medium sm:block">{step.title}</span>
              </>
            );
            return (
              <li key={step.number} className="flex flex-col items-center gap-1">
                {state === "done" ? (
                  <Link
                    to={stepHref(step.number)}
                    className="flex flex-col items-center gap-1"
                    aria-label={`Step ${step.number}: ${step.title}`}
                  >
                    {body}
                  </Link>
                ) : (
                  <span className="flex flex-col items-center gap-1" aria-current={state === "current" ? "step" : undefined}>
                    {body}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {children}
    </div>
  );
}

export function StepActions({ backHref, children }: { backHref: string | null; children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
      {backHref ? (
        <Link to={backHref} className="btn-secondary">
          Back
        </Link>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}
