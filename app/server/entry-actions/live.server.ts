import type { SubmissionResult } from "@conform-to/react";
import { ACTION_MESSAGES } from "../../domain/entry-actions";
import { ENTRY_ACTION_MESSAGES } from "../../domain/entry-action-forms";
import type { Campaign } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";
import type { ToastInput } from "../core/toast.server";
import { addLiveAction, creatorActionsView, editLiveAction, removeLiveAction, type ActionWriteOutcome } from "./manage.server";

/** A live campaign's actions section (decision 076): its frozen limit (decision 074). */
export function liveActionsView(campaign: Pick<Campaign, "id" | "entryActionLimit">) {
  return creatorActionsView(campaign.id, campaign.entryActionLimit);
}

export type LiveActionOutcome =
  | { kind: "action-saved"; toast: ToastInput }
  | { kind: "action-refused"; status: 400 | 409; toast: ToastInput; result: SubmissionResult<string[]> | null };

function outcomeOf(outcome: ActionWriteOutcome): LiveActionOutcome {
  switch (outcome.kind) {
    case "done": {
      const words = ENTRY_ACTION_MESSAGES[outcome.change];
      return { kind: "action-saved", toast: { type: "success", ...words } };
    }
    case "invalid":
      return { kind: "action-refused", status: 400, toast: { type: "error", ...ENTRY_ACTION_MESSAGES.invalid }, result: outcome.result };
    case "limit":
      return {
        kind: "action-refused",
        status: 409,
        toast: { type: "error", title: ENTRY_ACTION_MESSAGES.limitTitle, description: ACTION_MESSAGES.limitReached(outcome.limit) },
        result: null,
      };
    case "locked":
      return {
        kind: "action-refused",
        status: 409,
        toast: { type: "error", title: ENTRY_ACTION_MESSAGES.lockedTitle, description: ACTION_MESSAGES.locked },
        result: null,
      };
    case "unknown":
      return {
        kind: "action-refused",
        status: 409,
        toast: { type: "error", title: ENTRY_ACTION_MESSAGES.unknownTitle, description: ACTION_MESSAGES.unknownAction },
        result: null,
      };
    case "closed":
      return {
        kind: "action-refused",
        status: 409,
        toast: { type: "error", title: ENTRY_ACTION_MESSAGES.closedTitle, description: ENTRY_ACTION_MESSAGES.closed },
        result: null,
      };
  }
}

/** The live page's action forms: add, edit (actionId) and remove (actionId), by their intent. */
export async function liveEntryAction(user: CurrentUser, campaign: Pick<Campaign, "id">, formData: FormData): Promise<LiveActionOutcome> {
  const intent = formData.get("intent");
  const actionId = String(formData.get("actionId") ?? "");
  if (intent === "add-action") return outcomeOf(await addLiveAction(campaign.id, user, formData));
  if (intent === "edit-action") return outcomeOf(await editLiveAction(campaign.id, user, actionId, formData));
  return outcomeOf(await removeLiveAction(campaign.id, user, actionId));
}
