import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ConnectEmailToolSchema, EMAIL_TOOL_MESSAGES, EMAIL_TOOL_NAMES, PickListSchema, ReplaceKeySchema } from "../../domain/email-tools";
import type { IdentifiedToast } from "../../domain/toast";
import { actionToast, type ToastInput } from "../core/toast.server";
import {
  connectEmailTool,
  disconnectEmailTool,
  pickEmailToolList,
  replaceEmailToolKey,
  retryFailedEmailToolSyncs,
} from "./email-tools.server";

type Refusal = { intent: string; connectionId: string | null; message: string };

export interface EmailToolActionData {
  /** The connect form's submission (its key left out). */
  result?: SubmissionResult;
  /** A replace-key form's submission (its key left out). */
  replaceResult?: SubmissionResult;
  refusal: Refusal | null;
  toast: IdentifiedToast | null;
}

/** What the route answers: back to the page with a toast, or the page again with the refusal. */
export type EmailToolAnswer = { kind: "done"; toast: ToastInput } | { kind: "refused"; status: number; body: EmailToolActionData };

function done(toast: Omit<ToastInput, "type">): EmailToolAnswer {
  return { kind: "done", toast: { type: "success", ...toast } };
}

function answer(status: number, body: EmailToolActionData): EmailToolAnswer {
  return { kind: "refused", status, body };
}

function refuse(status: number, title: string, refusal: Refusal, forms: Pick<EmailToolActionData, "result" | "replaceResult"> = {}) {
  return answer(status, { ...forms, refusal, toast: actionToast({ type: "error", title, description: refusal.message }) });
}

/**
 * The email tools page's five intents (decision 056): connect, pick a list, replace the key,
 * disconnect, retry failed syncs, for the signed-in `userId` only. "done" goes back to the page
 * with its toast; "refused" answers the page with the forms' state, the refusal and its toast.
 */
export async function emailToolAction(userId: string, form: FormData): Promise<EmailToolAnswer> {
  const intent = String(form.get("intent") ?? "");

  if (intent === "connect") {
    const submission = parseWithZod(form, { schema: ConnectEmailToolSchema });
    // The key never comes back in the page, not even after a refusal.
    const hidden = { hideFields: ["apiKey"] };
    if (submission.status !== "success") return answer(400, { result: submission.reply(hidden), refusal: null, toast: null });
    const { provider, apiKey } = submission.value;
    const outcome = await connectEmailTool(userId, provider, apiKey);
    const name = EMAIL_TOOL_NAMES[provider];
    switch (outcome.kind) {
      case "connected":
        return done({
          title: `${name} Connected`,
          description: `The key works. Now choose the ${provider === "klaviyo" ? "list" : "audience"} entrants join.`,
        });
      case "invalid":
        return refuse(
          400,
          "Key Not Accepted",
          { intent, connectionId: null, message: outcome.message },
          {
            result: submission.reply({ ...hidden, fieldErrors: { apiKey: [outcome.message] } }),
          },
        );
      case "unavailable":
        return refuse(
          502,
          `${name} Not Reached`,
          { intent, connectionId: null, message: outcome.message },
          {
            result: submission.reply({ ...hidden, formErrors: [outcome.message] }),
          },
        );
      case "already":
        return refuse(
          409,
          "Already Connected",
          { intent, connectionId: null, message: EMAIL_TOOL_MESSAGES.alreadyConnected },
          {
            result: submission.reply({ ...hidden, formErrors: [EMAIL_TOOL_MESSAGES.alreadyConnected] }),
          },
        );
      case "no-secrets":
        return refuse(
          503,
          "Cannot Store Keys",
          { intent, connectionId: null, message: EMAIL_TOOL_MESSAGES.encryptionKeyMissing },
          {
            result: submission.reply({ ...hidden, formErrors: [EMAIL_TOOL_MESSAGES.encryptionKeyMissing] }),
          },
        );
    }
  }

  const connectionId = String(form.get("connectionId") ?? "").slice(0, 64);
  const notFound = () => refuse(404, "Not Found", { intent, connectionId, message: EMAIL_TOOL_MESSAGES.notFound });

  if (intent === "pick-list") {
    const submission = parseWithZod(form, { schema: PickListSchema });
    if (submission.status !== "success") {
      return refuse(400, "Choose a List", { intent, connectionId, message: EMAIL_TOOL_MESSAGES.listRequired });
    }
    const outcome = await pickEmailToolList(userId, submission.value.connectionId, submission.value.listId);
    switch (outcome.kind) {
      case "picked":
        return done({
          title: "List Saved",
          description:
            `Confirmed entrants who agree to marketing emails now join "${outcome.listName}" in ${EMAIL_TOOL_NAMES[outcome.provider]}.` +
            (outcome.queued > 0 ? ` ${outcome.queued === 1 ? "1 entrant" : `${outcome.queued} entrants`} from before are on the way.` : ""),
        });
      case "not-found":
        return notFound();
      case "list-gone":
        return refuse(400, "List Not Found", { intent, connectionId, message: EMAIL_TOOL_MESSAGES.listGone });
      case "key-refused":
        return refuse(400, "Key Not Accepted", { intent, connectionId, message: outcome.message });
      case "unavailable":
        return refuse(502, "Service Not Reached", { intent, connectionId, message: outcome.message });
    }
  }

  if (intent === "replace-key") {
    const submission = parseWithZod(form, { schema: ReplaceKeySchema });
    const hidden = { hideFields: ["apiKey"] };
    if (submission.status !== "success") {
      return answer(400, { replaceResult: submission.reply(hidden), refusal: { intent, connectionId, message: "" }, toast: null });
    }
    const outcome = await replaceEmailToolKey(userId, submission.value.connectionId, submission.value.apiKey);
    switch (outcome.kind) {
      case "replaced":
        return done({
          title: "Key Replaced",
          description: outcome.listKept
            ? `${EMAIL_TOOL_NAMES[outcome.provider]} accepted the new key; waiting entrants are sent now.`
            : `${EMAIL_TOOL_NAMES[outcome.provider]} accepted the new key. Please choose the list again: the new key does not see the old one.`,
        });
      case "not-found":
        return notFound();
      case "invalid":
        return refuse(
          400,
          "Key Not Accepted",
          { intent, connectionId, message: outcome.message },
          {
            replaceResult: submission.reply({ ...hidden, fieldErrors: { apiKey: [outcome.message] } }),
          },
        );
      case "unavailable":
        return refuse(502, "Service Not Reached", { intent, connectionId, message: outcome.message });
      case "no-secrets":
        return refuse(503, "Cannot Store Keys", { intent, connectionId, message: EMAIL_TOOL_MESSAGES.encryptionKeyMissing });
    }
  }

  if (intent === "disconnect") {
    const outcome = await disconnectEmailTool(userId, connectionId);
    if (!outcome) return notFound();
    return done({
      title: `${EMAIL_TOOL_NAMES[outcome.provider]} Disconnected`,
      description: "Its API key was deleted. Entrants already added stay in your list.",
    });
  }

  if (intent === "retry-failed") {
    const count = await retryFailedEmailToolSyncs(userId, connectionId);
    if (count === null) return notFound();
    return done({
      title: "Trying Again",
      description: count === 1 ? "1 entrant is sent again." : `${count} entrants are sent again.`,
    });
  }

  return refuse(400, "Unknown Action", { intent, connectionId, message: "That action is not known." });
}
