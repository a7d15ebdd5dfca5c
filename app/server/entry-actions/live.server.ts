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

/** A refusal the action list's state causes (its limit, a completion, a change meanwhile): 409 with its words. */
function conflict(title: string, description: string): LiveActionOutcome {
  return { kind: "action-refused", status: 409, toast: { type: "error", title, description }, result: null };
}

function outcomeOf(outcome: ActionWriteOutcome): LiveActionOutcome {
  switch (outcome.kind) {
    case "done": {
      const words = ENTRY_ACTION_MESSAGES[outcome.change];
      return { kind: "action-saved", toast: { type: "success", ...words } };
    }
    case "invalid":
      return { kind: "action-refused", status: 400, toast: { type: "error", ...ENTRY_ACTION_MESSAGES.invalid }, result: outcome.result };
    case "limit":
      return conflict(ENTRY_ACTION_MESSAGES.limitTitle, ACTION_MESSAGES.limitReached(outcome.limit));
    case "locked":
      return conflict(ENTRY_ACTION_MESSAGES.lockedTitle, ACTION_MESSAGES.locked);
    case "unknown":
      return conflict(ENTRY_ACTION_MESSAGES.unknownTitle, ACTION_MESSAGES.unknownAction);
    case "closed":
      return conflict(ENTRY_ACTION_MESSAGES.closedTitle, ENTRY_ACTION_MESSAGES.closed);
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
