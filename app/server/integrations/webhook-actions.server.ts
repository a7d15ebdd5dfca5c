import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatUtcDateTime } from "../../domain/campaign-status";
import { EndpointSchema, WEBHOOK_MESSAGES } from "../../domain/webhooks";
import { createEndpoint, deleteEndpoint, redeliver, rollSecret, sendTestEvent, setEndpointEnabled } from "./webhooks.server";
import { actionToast } from "../core/toast.server";
import type { ToastInput } from "../core/toast.server";

/** What the page shows after an action: the add form's state, a secret shown once, or a refusal. */
export type WebhookActionData =
  | {
      kind: "create";
      result: SubmissionResult;
      secret: { url: string; secret: string; rolled: boolean } | null;
      toast: ReturnType<typeof actionToast> | null;
    }
  | { kind: "roll"; secret: { url: string; secret: string; rolled: boolean }; toast: ReturnType<typeof actionToast> }
  | { kind: "error"; error: string; toast: ReturnType<typeof actionToast> };

function refuse(status: number, title: string, message: string) {
  return page({ kind: "error", error: message, toast: actionToast({ type: "error", title, description: message }) }, status);
}

/**
 * The webhooks page's intents (decision 055) for the signed-in `userId`: add an endpoint, roll its
 * secret, enable, disable, delete, send a test event, redeliver. "back" returns to the page with a
 * toast; "page" answers the page itself (a secret is in that answer only, never in a later page).
 */
/** What the route answers: back to the page with a toast, or the page itself with its status. */
export type WebhookAnswer = { kind: "back"; toast: ToastInput } | { kind: "page"; status: number; body: WebhookActionData };

const back = (toast: ToastInput): WebhookAnswer => ({ kind: "back", toast });
const page = (body: WebhookActionData, status: number): WebhookAnswer => ({ kind: "page", status, body });

export async function webhookAction(userId: string, form: FormData): Promise<WebhookAnswer> {
  const intent = String(form.get("intent") ?? "");
  const endpointId = String(form.get("endpointId") ?? "");
  const deliveryId = String(form.get("deliveryId") ?? "");

  switch (intent) {
    case "create": {
      const submission = parseWithZod(form, { schema: EndpointSchema });
      if (submission.status !== "success") {
        return page({ kind: "create", result: submission.reply(), secret: null, toast: null }, 400);
      }
      const outcome = await createEndpoint(userId, submission.value);
      if (outcome.kind === "refused") {
        const result =
          outcome.field === "url"
            ? submission.reply({ fieldErrors: { url: [outcome.message] } })
            : submission.reply({ formErrors: [outcome.message] });
        return page(
          {
            kind: "create",
            result,
            secret: null,
            toast: actionToast({ type: "error", title: "Endpoint not added", description: outcome.message }),
          },
          outcome.message === WEBHOOK_MESSAGES.secretsUnavailable ? 503 : 400,
        );
      }
      // The secret is in this answer only (never in a cookie or a later page): the page shows it once.
      return page(
        {
          kind: "create",
          result: submission.reply({ resetForm: true }),
          secret: { url: outcome.url, secret: outcome.secret, rolled: false },
          toast: actionToast({
            type: "success",
            title: "Endpoint added",
            description: "Copy its signing secret now: it is shown only once.",
          }),
        },
        201,
      );
    }
    case "roll": {
      const outcome = await rollSecret(userId, endpointId);
      if (outcome.kind === "not-found") return refuse(404, "Endpoint not found", WEBHOOK_MESSAGES.notFound);
      if (outcome.kind === "refused") return refuse(409, "Secret not rolled", outcome.message);
      return page(
        {
          kind: "roll",
          secret: { url: outcome.url, secret: outcome.secret, rolled: true },
          toast: actionToast({
            type: "success",
            title: "Secret rolled",
            description: "Copy the new signing secret now: it is shown only once.",
          }),
        },
        200,
      );
    }
    case "enable":
    case "disable": {
      const outcome = await setEndpointEnabled(userId, endpointId, intent === "enable");
      if (outcome.kind !== "done") return refuse(404, "Endpoint not found", WEBHOOK_MESSAGES.notFound);
      return back(
        intent === "enable"
          ? { type: "success", title: "Endpoint enabled", description: "New events will be sent to it." }
          : { type: "success", title: "Endpoint disabled", description: "No events will be sent to it until you enable it again." },
      );
    }
    case "delete": {
      const outcome = await deleteEndpoint(userId, endpointId);
      if (outcome.kind !== "done") return refuse(404, "Endpoint not found", WEBHOOK_MESSAGES.notFound);
      return back({ type: "success", title: "Endpoint deleted", description: "Its delivery log was deleted with it." });
    }
    case "test":
    case "redeliver": {
      const outcome = intent === "test" ? await sendTestEvent(userId, endpointId) : await redeliver(userId, deliveryId);
      if (outcome.kind === "not-found") {
        return refuse(
          404,
          intent === "test" ? "Endpoint not found" : "Delivery not found",
          intent === "test" ? WEBHOOK_MESSAGES.notFound : WEBHOOK_MESSAGES.deliveryNotFound,
        );
      }
      if (outcome.kind === "refused") return refuse(409, intent === "test" ? "Test event not sent" : "Not redelivered", outcome.message);
      const { delivery } = outcome;
      const what = intent === "test" ? "Test event" : "Event";
      if (delivery.status === "delivered") {
        return back({
          type: "success",
          title: `${what} delivered`,
          description: `Your endpoint answered ${delivery.lastStatusCode} in ${delivery.lastDurationMs} ms.`,
        });
      }
      const retry =
        delivery.status === "pending" && delivery.attempts > 0
          ? ` It will be tried again ${formatUtcDateTime(delivery.nextAttemptAt)}.`
          : "";
      return back({
        type: "error",
        title: `${what} not delivered`,
        description: `${delivery.lastError ?? "It is waiting to be sent."}${retry}`,
      });
    }
    default:
      return refuse(400, "Unknown action", "That action is not one this page offers.");
  }
}
