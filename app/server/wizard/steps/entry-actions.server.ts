import { ACTION_MESSAGES } from "../../../domain/entry-actions";
import { ENTRY_ACTION_MESSAGES, isEntryActionIntent } from "../../../domain/entry-action-forms";
import type { Campaign } from "../../core/db.server";
import type { CurrentUser } from "../../auth/session.server";
import { liveEntryAction, type LiveActionOutcome } from "../../entry-actions/live.server";
import { saveLiveEdit, type LiveEditOutcome } from "../live-edit.server";
import type { ToastInput } from "../../core/toast.server";
import { addDraftAction, removeDraftAction, type ActionWriteOutcome } from "../../entry-actions/manage.server";
import { nextStep, saveStep, type StepAction, type StepContext, type StepOutcome } from "../step.server";

/**
 * Step 4's entry actions (decision 076): "add-action" and "remove-action" save at once, like a list
 * button, and come back to step 4. A visitor's draft may have actions too (decision 006).
 */
function toOutcome(step: StepContext, outcome: ActionWriteOutcome): StepOutcome {
  const campaign = step.campaign;
  const back = (toast: ToastInput): StepOutcome => (campaign ? nextStep(step, campaign, 4, toast) : { kind: "refused", reason: "gone" });
  switch (outcome.kind) {
    case "invalid":
      return {
        kind: "invalid",
        result: outcome.result,
        toast: { type: "error", ...ENTRY_ACTION_MESSAGES.invalid },
        status: 400,
        form: "entry-action",
      };
    case "done":
      return back({ type: "success", ...(outcome.change === "removed" ? ENTRY_ACTION_MESSAGES.removed : ENTRY_ACTION_MESSAGES.added) });
    case "limit":
      return {
        kind: "invalid",
        result: null,
        toast: { type: "error", title: ENTRY_ACTION_MESSAGES.limitTitle, description: ACTION_MESSAGES.limitReached(outcome.limit) },
        status: 400,
        form: "entry-action",
      };
    case "unknown":
      return back({ type: "error", title: ENTRY_ACTION_MESSAGES.unknownTitle, description: ACTION_MESSAGES.unknownAction });
    case "locked":
      return back({ type: "error", title: ENTRY_ACTION_MESSAGES.lockedTitle, description: ACTION_MESSAGES.locked });
    case "closed":
      return { kind: "refused", reason: "launched" };
  }
}

export const addEntryAction: StepAction = async (step, formData) => {
  // The first save of a new draft (or a copy) creates it, as every step's save does.
  const campaign = step.campaign ?? (await saveStep(step, {}));
  return toOutcome(step, await addDraftAction(campaign, step.user, formData));
};

export const removeEntryAction: StepAction = async (step, formData) => {
  const actionId = formData.get("actionId");
  if (!step.campaign || typeof actionId !== "string") return toOutcome(step, { kind: "unknown" });
  return toOutcome(step, await removeDraftAction(step.campaign, step.user, actionId));
};

/** A POST to a live campaign's page: one of the actions' forms (by its intent), or the presentation's (decision 048). */
export function liveEditOrAction(user: CurrentUser, campaign: Campaign, formData: FormData): Promise<LiveEditOutcome | LiveActionOutcome> {
  return isEntryActionIntent(formData.get("intent")) ? liveEntryAction(user, campaign, formData) : saveLiveEdit(user, campaign, formData);
}
