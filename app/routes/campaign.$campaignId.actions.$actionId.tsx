import { Link, data, redirect } from "react-router";
import { ActionForm } from "~/components/campaign/entry-actions";
import { completedSentence } from "~/domain/entrant-actions";
import { entryActionsPath } from "~/paths";
import { completePostedAction } from "~/server/actions/complete.server";
import { entrantActions } from "~/server/actions/entrant.server";
import { readForm } from "~/server/core/forms.server";
import { clientIp } from "~/server/core/request.server";
import { toastCookie } from "~/server/core/toast.server";
import { markRedirectAfterPost } from "~/server/entries/page-views.server";
import { rememberedEntryId } from "~/server/entries/visitor.server";
import type { Route } from "./+types/campaign.$campaignId.actions.$actionId";

/**
 * Where an entry action's form posts (decision 077): code, question, follow and daily, plain form
 * POSTs that work without JavaScript. Counted: back to the entry's actions with the new total.
 * Refused: this page, with the refusal's words and status, and the form again where typing again helps.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = () => [{ title: "Bonus entries · Giveawear" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Opened rather than posted, the page only links back to the entry (a redirect here would also replace a refusal's page). */
export function loader() {
  return null;
}

const RETRY = new Set(["wrongCode", "noAnswer", "badHandle"]);

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const { campaignId, actionId } = params;
  const entryId = await rememberedEntryId(request, campaignId);
  const outcome = await completePostedAction({ campaignId, actionId, entryId, ip: clientIp(request) }, form);
  if (outcome.kind === "completed") {
    const headers = new Headers();
    headers.append("Set-Cookie", await markRedirectAfterPost(campaignId));
    headers.append(
      "Set-Cookie",
      await toastCookie({ type: "success", title: "Bonus entries", description: completedSentence(outcome.bonus, outcome.weight) }),
    );
    return redirect(entryActionsPath(campaignId), { status: 303, headers });
  }
  const retry =
    RETRY.has(outcome.reason) && entryId ? (await entrantActions(campaignId, entryId)).find((item) => item.id === actionId) : undefined;
  const typed = ["code", "answer", "handle"].map((name) => form.get(name)).find((value) => typeof value === "string");
  return data(
    {
      campaignId,
      message: outcome.message,
      reason: outcome.reason,
      retry: retry ?? null,
      typed: typeof typed === "string" ? typed.slice(0, 500) : "",
    },
    { status: outcome.status },
  );
}

export default function ActionRefusedPage({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
      <div className="card space-y-5 p-6">
        <h1 className="text-2xl font-bold">{actionData ? "Not counted" : "Bonus entries"}</h1>
        {actionData ? (
          <p role="alert" className="rounded-xl bg-slate-100 p-3 font-medium dark:bg-slate-800" data-testid="action-refusal">
            {actionData.message}
          </p>
        ) : null}
        {actionData?.retry ? (
          <div>
            <p className="mb-2 font-medium">{actionData.retry.label}</p>
            <ActionForm
              campaignId={actionData.campaignId}
              action={actionData.retry}
              value={actionData.retry.kind === "question" ? actionData.typed : undefined}
            />
          </div>
        ) : null}
        <p>
          <Link to={entryActionsPath(params.campaignId)} className="font-medium text-brand-700 underline dark:text-brand-300">
            Back to your entry
          </Link>
        </p>
      </div>
    </div>
  );
}
