import { data, redirect } from "react-router";
import { CampaignInfoStep } from "~/components/wizard/step-campaign-info";
import { EntryRulesStep } from "~/components/wizard/step-entry-rules";
import { PlanStep } from "~/components/wizard/step-plan";
import { ReviewStep } from "~/components/wizard/step-review";
import { ProductDesignStep } from "~/components/wizard/step-product-design";
import { WizardShell } from "~/components/wizard/wizard-shell";
import { ActionToast } from "~/components/ui/action-toast";
import { VALIDATION_TOAST, WIZARD_ACTION_REFUSALS, wizardSteps } from "~/domain/campaign-schemas";
import { frozenChangeMessage, LIVE_EDIT_MESSAGES } from "~/domain/live-edit";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { LiveEditForm } from "~/components/wizard/live-edit-form";
import { splitResults } from "~/components/entry-actions/entry-actions-section";
import type { CurrentUser } from "~/server/auth/session.server";
import { type EditedCampaign, isLiveEditable, liveEditPage } from "~/server/wizard/live-edit.server";
import { postedWizardAction, type WizardIntent, type WizardStepNumber } from "~/domain/wizard";
import { withUploadForm } from "~/server/core/forms.server";
import { WIZARD_UPLOAD_LIMITS } from "~/server/core/multipart.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast, type ToastInput } from "~/server/core/toast.server";
import { draftCookieFor, findWizardDraft, LAUNCHED_NOT_EDITABLE } from "~/server/wizard/drafts.server";
import { loadWizardPage } from "~/server/wizard/page.server";
import { openStep, runStep, type StepAction, type StepOutcome } from "~/server/wizard/step.server";
import { generateDesigns } from "~/server/wizard/steps/ai-generate.server";
import { saveCampaignInfo } from "~/server/wizard/steps/campaign-info.server";
import { confirmDesign, saveDesign } from "~/server/wizard/steps/design.server";
import { saveEntryRules } from "~/server/wizard/steps/entry-rules.server";
import { addEntryAction, liveEditOrAction, removeEntryAction } from "~/server/wizard/steps/entry-actions.server";
import { liveActionsView } from "~/server/entry-actions/live.server";
import { choosePlan } from "~/server/wizard/steps/plan.server";
import { applyCouponCode, launchFromReview } from "~/server/wizard/steps/review.server";
import type { Route } from "./+types/create-campaign-v2";
import { campaignPath, campaignSuccessPath, myCampaignsPath, wizardPath, wizardSignInPath } from "~/paths";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.mode === "live" ? `Edit ${data.live.title} · Giveawear` : "Create a Giveaway · Giveawear" },
];

const NOT_FOUND: ToastInput = {
  type: "error",
  title: "Not Found",
  description: "Campaign not found or you don't have permission to edit it.",
};
const LAUNCHED: ToastInput = { type: "error", ...LAUNCHED_NOT_EDITABLE };
const ENDED: ToastInput = { type: "error", ...LIVE_EDIT_MESSAGES.ended };
const CHANGED: ToastInput = {
  type: "error",
  title: "Please Try Again",
  description: "Your campaign changed while this step was being saved (a design was being generated). Nothing was saved.",
};
const CAMPAIGN_ACCESS_MESSAGE = DASHBOARD_MESSAGES.noAccess;
const TOO_LARGE: ToastInput = { type: "error", title: "File too large", description: "Please upload an image smaller than 10MB." };
/** A visitor's files are only named until they sign in (decision 006), so their posts are small (decision 064). */
const VISITOR_TOO_LARGE: ToastInput = {
  type: "error",
  title: "File too large",
  description: "Please sign in to upload images this large: until then a step can carry at most 10 MB of them.",
};

/** Wizard URLs carry the campaign for signed-in creators; a visitor's draft rides in its cookie. */
function stepUrl(step: number, campaignId: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ step: String(step), ...(campaignId ? { campaignId } : {}), ...extra });
  return wizardPath(params);
}

function signInUrl(returnTo: string, reason?: string): string {
  return wizardSignInPath({ returnTo, ...(reason ? { reason } : {}) });
}

export async function loader({ request }: Route.LoaderArgs) {
  const found = await loadWizardPage(request, await getCurrentUser(request), new URL(request.url).searchParams);
  if (found.kind === "not-found") throw await redirectWithToast(myCampaignsPath(), NOT_FOUND);
  if (found.kind === "launched") {
    // A live campaign's presentation is edited here, on one page (decision 048); an ended one is a record.
    if (!isLiveEditable(found.campaign)) throw await redirectWithToast(myCampaignsPath(), ENDED);
    const [live, actions] = await Promise.all([liveEditPage(found.campaign), liveActionsView(found.campaign)]);
    return { mode: "live" as const, live, actions };
  }
  const headers = new Headers();
  for (const cookie of found.cookies) headers.append("Set-Cookie", cookie);
  return data({ mode: "wizard" as const, ...found.page }, { headers });
}

/** Each step's actions, by the `intent` its buttons send (domain/wizard: WIZARD_STEP_INTENTS). */
const STEP_ACTIONS: { [S in WizardStepNumber]: Record<WizardIntent<S>, StepAction> } = {
  1: { next: saveCampaignInfo },
  2: { next: choosePlan },
  3: { next: saveDesign, "confirm-design": confirmDesign, generate: generateDesigns },
  4: { next: saveEntryRules, "add-action": addEntryAction, "remove-action": removeEntryAction },
  5: { "apply-coupon": applyCouponCode, launch: launchFromReview },
};

/**
 * A wizard step never writes to a launched campaign: a POST for one that already had goes to the live
 * edit (decision 048), and a launch or payment that lands while a step is being saved refuses the write
 * itself (WizardWriteRefused, 409, nothing changed).
 */
export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request);
  // Refused before reading the body: an oversized upload costs nothing. One sent without a length
  // is counted as it streams (withUploadForm).
  const limits = user ? WIZARD_UPLOAD_LIMITS.signedIn : WIZARD_UPLOAD_LIMITS.visitor;
  if (Number(request.headers.get("Content-Length") ?? 0) > limits.maxBodyBytes)
    return reply(null, user ? TOO_LARGE : VISITOR_TOO_LARGE, 413);
  const lookup = await findWizardDraft(request, user, url.searchParams.get("campaignId"));
  // A signed-in creator posting to someone else's campaign is told it does not exist (404), like every owner check.
  if (lookup.kind === "not-found" && user) throw data(CAMPAIGN_ACCESS_MESSAGE, { status: 404 });
  if (lookup.kind === "not-found") return redirectWithToast(myCampaignsPath(), NOT_FOUND);
  if (lookup.kind === "launched") return liveEdit(request, user, lookup.campaign);
  const cookies: string[] = lookup.kind === "found" && lookup.attached ? [await draftCookieFor({ id: lookup.campaign.id })] : [];

  return withUploadForm(request, limits, async (formData) => {
    const posted = postedWizardAction(formData);
    if (!posted.ok) return reply(null, { type: "error", ...WIZARD_ACTION_REFUSALS[posted.refusal] }, 400);
    // Copying starts a new draft: the remembered one stays untouched.
    const duplicateId = url.searchParams.has("campaignId") ? null : String(formData.get("duplicateId") ?? "") || null;
    const step = await openStep(user, lookup.kind === "found" && !duplicateId ? lookup.campaign : null, duplicateId, cookies);
    const stepAction = (STEP_ACTIONS[posted.step] as Partial<Record<string, StepAction>>)[posted.intent];
    if (!stepAction) return reply(null, { type: "error", ...WIZARD_ACTION_REFUSALS.intent }, 400);
    return respond(await runStep(stepAction, step, formData), cookies);
  });
}

/**
 * A POST for a launched campaign: a live one saves its presentation, all or nothing; a form that
 * tries to change what was fixed at launch is refused (409) and names the fields; an ended one is a
 * record (409). Every wizard step's form lands here too once the campaign is live.
 */
async function liveEdit(request: Request, user: CurrentUser | null, campaign: EditedCampaign) {
  if (!user || !isLiveEditable(campaign)) return reply(null, ENDED, 409);
  // The actions' own forms post here too (decision 076).
  const outcome = await withUploadForm(request, WIZARD_UPLOAD_LIMITS.signedIn, (formData) => liveEditOrAction(user, campaign, formData));
  switch (outcome.kind) {
    case "action-saved":
      return redirectWithToast(wizardPath({ campaignId: campaign.id }), outcome.toast);
    case "action-refused":
      return reply(outcome.result, outcome.toast, outcome.status, null, "entry-action");
    case "saved":
      return redirectWithToast(wizardPath({ campaignId: campaign.id }), { type: "success", ...LIVE_EDIT_MESSAGES.saved });
    case "invalid":
      return reply(outcome.result, { type: "error", title: VALIDATION_TOAST.title, description: outcome.message }, 400);
    case "frozen":
      return reply(null, { type: "error", title: LIVE_EDIT_MESSAGES.frozen.title, description: frozenChangeMessage(outcome.labels) }, 409);
    case "ended":
      return reply(null, ENDED, 409);
  }
}

function reply(
  result: unknown,
  toast: ToastInput | null = { type: "error", ...VALIDATION_TOAST },
  status = 400,
  problems: { step: number; message: string }[] | null = null,
  form: "entry-action" | null = null,
) {
  return data({ result, toast: toast ? actionToast(toast) : null, problems, form }, { status });
}

async function go(url: string, cookies: string[], toast?: ToastInput | null) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return toast ? redirectWithToast(url, toast, { headers }) : redirect(url, { headers });
}

function respond(outcome: StepOutcome, cookies: string[]) {
  switch (outcome.kind) {
    case "invalid":
      return reply(outcome.result, outcome.toast, outcome.status, null, outcome.form ?? null);
    case "problems":
      return reply(null, undefined, 400, outcome.problems);
    case "next":
      return go(stepUrl(outcome.step, outcome.campaignId, outcome.extra), cookies, outcome.toast);
    case "sign-in":
      return go(signInUrl(stepUrl(outcome.step, null, outcome.extra), outcome.reason), cookies, outcome.toast);
    case "launched":
      return go(campaignSuccessPath(outcome.campaignId, { free_campaign: "true" }), cookies);
    case "checkout":
      // Stripe's page is on another origin; React Router's <Form> follows such a redirect with a full page load.
      return go(outcome.url, cookies);
    case "refused":
      if (outcome.reason === "gone") return redirectWithToast(myCampaignsPath(), NOT_FOUND);
      return reply(null, outcome.reason === "changed" ? CHANGED : LAUNCHED, 409);
  }
}

export default function CreateCampaignV2({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "live") {
    return (
      <>
        <ActionToast toast={actionData?.toast} />
        <LiveEditForm
          key={loaderData.live.version}
          page={loaderData.live}
          actions={loaderData.actions}
          {...splitResults(actionData)}
          viewHref={campaignPath(loaderData.live.campaignId)}
        />
      </>
    );
  }
  const { step, campaignId } = loaderData;
  const hrefFor = (n: number) => stepUrl(n, campaignId);
  const backHref = step > 1 ? hrefFor(step - 1) : null;
  const { lastResult, actionResult } = splitResults(actionData);
  const common = { values: loaderData.values, lastResult, duplicateId: loaderData.duplicateId, backHref };
  return (
    <WizardShell
      steps={wizardSteps(loaderData.values.productType)}
      current={step}
      stepHref={hrefFor}
      signedIn={loaderData.signedIn}
      signInHref={signInUrl(hrefFor(step))}
      notice={loaderData.notice}
    >
      <ActionToast toast={actionData?.toast} />
      {step === 1 ? <CampaignInfoStep {...common} signedIn={loaderData.signedIn} branding={loaderData.branding} /> : null}
      {step === 2 ? <PlanStep {...common} plans={loaderData.plans} /> : null}
      {step === 3 ? (
        <ProductDesignStep
          {...common}
          signedIn={loaderData.signedIn}
          credits={loaderData.credits}
          aiDesigns={loaderData.aiDesigns}
          savedDesigns={loaderData.savedDesigns}
          hardToSeeColors={loaderData.hardToSeeColors}
          aiBuiltIn={loaderData.aiBuiltIn}
          reuseHref={(designUrl) => stepUrl(3, campaignId, { mode: "upload", designUrl })}
          justGenerated={loaderData.justGenerated}
          generateAction={stepUrl(3, campaignId, { mode: "ai" })}
          modeHref={(mode) => stepUrl(3, campaignId, { mode })}
          signInHref={signInUrl(hrefFor(3))}
        />
      ) : null}
      {step === 4 ? <EntryRulesStep {...loaderData} {...common} actionResult={actionResult} /> : null}
      {step === 5 ? (
        <ReviewStep
          {...common}
          plans={loaderData.plans}
          pricing={loaderData.pricing}
          problems={actionData?.problems ?? loaderData.problems}
          signedIn={loaderData.signedIn}
          status={loaderData.status}
          stepHref={hrefFor}
        />
      ) : null}
    </WizardShell>
  );
}
