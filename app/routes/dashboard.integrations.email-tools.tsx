import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ConnectEmailToolForm, EmailToolCard, ListPicker } from "~/components/integrations/email-tools";
import { ActionToast } from "~/components/ui/action-toast";
import { ConnectEmailToolSchema, EMAIL_TOOL_MESSAGES, EMAIL_TOOL_NAMES, PickListSchema, ReplaceKeySchema } from "~/domain/email-tools";
import { emailToolsPath, integrationsPath } from "~/paths";
import { readForm } from "~/server/core/forms.server";
import {
  connectEmailTool,
  disconnectEmailTool,
  emailToolsPage,
  pickEmailToolList,
  replaceEmailToolKey,
  retryFailedEmailToolSyncs,
} from "~/server/integrations/email-tools.server";
import { requireUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import type { IdentifiedToast } from "~/domain/toast";
import type { Route } from "./+types/dashboard.integrations.email-tools";

/**
 * Email tools (decision 056): connect Klaviyo or Mailchimp with an API key (checked against the
 * service before it is saved, sealed at rest, never shown again), pick the list consenting entrants
 * join, see how the sync is doing, replace the key, disconnect. Plain forms, one intent each.
 */

export const meta = () => [{ title: "Email Tools · Integrations · Giveawear" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const change = new URL(request.url).searchParams.get("change");
  return data(await emailToolsPage(user.id, change), { headers: { "Cache-Control": "no-store" } });
}

type Refusal = { intent: string; connectionId: string | null; message: string };

interface ActionData {
  /** The connect form's submission (its key left out). */
  result?: SubmissionResult;
  /** A replace-key form's submission (its key left out). */
  replaceResult?: SubmissionResult;
  refusal: Refusal | null;
  toast: IdentifiedToast | null;
}

function answer(status: number, body: ActionData) {
  return data(body, { status });
}

function refuse(status: number, title: string, refusal: Refusal, forms: Pick<ActionData, "result" | "replaceResult"> = {}) {
  return answer(status, { ...forms, refusal, toast: actionToast({ type: "error", title, description: refusal.message }) });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = emailToolsPath();

  if (intent === "connect") {
    const submission = parseWithZod(form, { schema: ConnectEmailToolSchema });
    // The key never comes back in the page, not even after a refusal.
    const hidden = { hideFields: ["apiKey"] };
    if (submission.status !== "success") return answer(400, { result: submission.reply(hidden), refusal: null, toast: null });
    const { provider, apiKey } = submission.value;
    const outcome = await connectEmailTool(user.id, provider, apiKey);
    const name = EMAIL_TOOL_NAMES[provider];
    switch (outcome.kind) {
      case "connected":
        return redirectWithToast(
          back,
          {
            type: "success",
            title: `${name} Connected`,
            description: `The key works. Now choose the ${provider === "klaviyo" ? "list" : "audience"} entrants join.`,
          },
          { status: 303 },
        );
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
    const outcome = await pickEmailToolList(user.id, submission.value.connectionId, submission.value.listId);
    switch (outcome.kind) {
      case "picked":
        return redirectWithToast(
          back,
          {
            type: "success",
            title: "List Saved",
            description:
              `Confirmed entrants who agree to marketing emails now join "${outcome.listName}" in ${EMAIL_TOOL_NAMES[outcome.provider]}.` +
              (outcome.queued > 0
                ? ` ${outcome.queued === 1 ? "1 entrant" : `${outcome.queued} entrants`} from before are on the way.`
                : ""),
          },
          { status: 303 },
        );
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
    const outcome = await replaceEmailToolKey(user.id, submission.value.connectionId, submission.value.apiKey);
    switch (outcome.kind) {
      case "replaced":
        return redirectWithToast(
          back,
          {
            type: "success",
            title: "Key Replaced",
            description: outcome.listKept
              ? `${EMAIL_TOOL_NAMES[outcome.provider]} accepted the new key; waiting entrants are sent now.`
              : `${EMAIL_TOOL_NAMES[outcome.provider]} accepted the new key. Please choose the list again: the new key does not see the old one.`,
          },
          { status: 303 },
        );
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
    const outcome = await disconnectEmailTool(user.id, connectionId);
    if (!outcome) return notFound();
    return redirectWithToast(
      back,
      {
        type: "success",
        title: `${EMAIL_TOOL_NAMES[outcome.provider]} Disconnected`,
        description: "Its API key was deleted. Entrants already added stay in your list.",
      },
      { status: 303 },
    );
  }

  if (intent === "retry-failed") {
    const count = await retryFailedEmailToolSyncs(user.id, connectionId);
    if (count === null) return notFound();
    return redirectWithToast(
      back,
      {
        type: "success",
        title: "Trying Again",
        description: count === 1 ? "1 entrant is sent again." : `${count} entrants are sent again.`,
      },
      { status: 303 },
    );
  }

  return refuse(400, "Unknown Action", { intent, connectionId, message: "That action is not known." });
}

export default function EmailTools({ loaderData, actionData }: Route.ComponentProps) {
  const { connections, available, picker } = loaderData;
  const refusal = actionData?.refusal ?? null;
  const pickerConnection = picker ? connections.find((connection) => connection.id === picker.connectionId) : undefined;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      <Link to={integrationsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Integrations
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Email tools</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Connect Klaviyo or Mailchimp, and every confirmed entrant who ticked the marketing box on one of your giveaways is subscribed to the
        list you choose, with the time they agreed and the giveaway as the source. Entrants who did not tick it are never sent. Entrants who
        later withdraw their consent or erase their data are unsubscribed there too.
      </p>

      {!loaderData.secretsAvailable ? (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {EMAIL_TOOL_MESSAGES.encryptionKeyMissing}
        </p>
      ) : null}

      {picker && pickerConnection ? (
        <ListPicker
          connection={pickerConnection}
          outcome={picker.outcome}
          currentListId={picker.currentListId}
          refusal={refusal?.intent === "pick-list" && refusal.connectionId === pickerConnection.id ? refusal.message : null}
        />
      ) : null}

      {connections.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Connected email tools">
          {connections.map((connection) => (
            <li key={connection.id}>
              <EmailToolCard
                connection={connection}
                choosing={picker?.connectionId === connection.id}
                canReplaceKey={loaderData.secretsAvailable}
                refusal={refusal && refusal.connectionId === connection.id && refusal.intent !== "pick-list" ? refusal.message : null}
                replaceResult={refusal?.connectionId === connection.id ? actionData?.replaceResult : undefined}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {available.length > 0 && loaderData.secretsAvailable ? (
        <ConnectEmailToolForm providers={available} lastResult={actionData?.result} />
      ) : null}
    </section>
  );
}
