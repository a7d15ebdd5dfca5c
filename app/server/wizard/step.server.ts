import type { SubmissionResult } from "@conform-to/react";
import { VALIDATION_TOAST } from "../../domain/campaign-schemas";
import type { Campaign, Prisma } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";
import type { ToastInput } from "../core/toast.server";
import { findCopySource, persistStep, WizardWriteRefused, type CopySource, type PrizeInput } from "./persist.server";

/**
 * What a wizard step's action comes to. The route turns each into its response: a form with errors,
 * a redirect to a step, the sign-in page, the launched campaign or the checkout.
 */
export type StepOutcome =
  /** The step's form comes back with its errors and a toast: nothing was saved. 200 for Conform's list buttons. */
  | {
      kind: "invalid";
      result: SubmissionResult<string[]> | null;
      toast: ToastInput | null;
      status: 200 | 400;
      /** The form the result is for when not the step's own: step 4's entry action form (decision 076). */
      form?: "entry-action";
    }
  /** Saved (or refused with a toast): on to `step`, of `campaignId` for a signed-in creator (a visitor's draft rides in its cookie). */
  | { kind: "next"; step: number; campaignId: string | null; extra?: Record<string, string>; toast: ToastInput | null }
  /** Only a signed-in creator may do this: the sign-in page, then back to `step`. */
  | { kind: "sign-in"; step: number; extra?: Record<string, string>; reason?: string; toast: ToastInput }
  /** The review found the campaign not ready to launch: what to fix, per step. */
  | { kind: "problems"; problems: { step: number; message: string }[] }
  /** Launched for free: live at once. */
  | { kind: "launched"; campaignId: string }
  /** Waiting for payment: the checkout page (Stripe's, or the built-in test checkout). */
  | { kind: "checkout"; url: string }
  /** The write found the campaign launched, gone or changed meanwhile (WizardWriteRefused): nothing was changed. */
  | { kind: "refused"; reason: WizardWriteRefused["reason"] };

/** One step's action (a step and intent of the wizard's forms). */
export type StepAction = (step: StepContext, formData: FormData) => Promise<StepOutcome>;

/** What a step works on: the creator, the draft being edited and the campaign being copied. */
export interface StepContext {
  readonly user: CurrentUser | null;
  /** The draft as last read or saved: null until the first save of a new draft or a copy. */
  campaign: Campaign | null;
  /** The user's own campaign being copied (duplicateId), with its prizes. */
  readonly copyFrom: CopySource | null;
  /** Set-Cookie values for the response: the draft's cookie when it was attached or created. */
  readonly cookies: string[];
}

export async function openStep(
  user: CurrentUser | null,
  campaign: Campaign | null,
  duplicateId: string | null,
  cookies: string[],
): Promise<StepContext> {
  return { user, campaign, copyFrom: await findCopySource(user, duplicateId), cookies };
}

/** Runs a step; a write refused because the campaign moved on (WizardWriteRefused) is an outcome too. */
export async function runStep(action: StepAction, step: StepContext, formData: FormData): Promise<StepOutcome> {
  try {
    return await action(step, formData);
  } catch (error) {
    if (!(error instanceof WizardWriteRefused)) throw error;
    return { kind: "refused", reason: error.reason };
  }
}

/** Saves the step's values (persistStep): the draft is created on the first save. */
export async function saveStep(
  step: StepContext,
  values: Partial<Campaign>,
  prizes?: PrizeInput[],
  unchanged?: Prisma.CampaignWhereInput,
): Promise<Campaign> {
  const persisted = await persistStep(step.campaign, step.user, values, step.copyFrom, prizes, unchanged);
  step.campaign = persisted.campaign;
  step.cookies.push(...persisted.cookies);
  return persisted.campaign;
}

export function nextStep(
  step: StepContext,
  saved: Campaign,
  to: number,
  toast: ToastInput | null = null,
  extra?: Record<string, string>,
): StepOutcome {
  return { kind: "next", step: to, campaignId: step.user ? saved.id : null, extra, toast };
}

/** The form again with its errors; by default the "please correct the errors" toast. */
export function invalid(
  result: SubmissionResult<string[]> | null,
  toast: ToastInput | null = { type: "error", ...VALIDATION_TOAST },
  status: 200 | 400 = 400,
): StepOutcome {
  return { kind: "invalid", result, toast, status };
}
