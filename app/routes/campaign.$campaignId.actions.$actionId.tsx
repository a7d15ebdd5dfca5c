import { Link, data, redirect } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { ActionForm } from "~/components/campaign/entry-actions";
import { EntrantTextProvider, useEntrantText } from "~/components/campaign/entrant-text";
import { entrantText, translateMessage } from "~/i18n/entrant";
import { entryActionsPath } from "~/paths";
import { completePostedAction } from "~/server/actions/complete.server";
import { entrantActions } from "~/server/actions/entrant.server";
import { campaignBrandFrame } from "~/server/campaigns/brand-frame.server";
import { readForm } from "~/server/core/forms.server";
import { clientIp } from "~/server/core/request.server";
import { actionLaneContext } from "~/server/core/load-context.server";
import { completedCookies } from "~/server/entries/action-lane.server";
import { rememberedEntryId } from "~/server/entries/visitor.server";
import { requestLanguage } from "~/server/core/language.server";
import type { Route } from "./+types/campaign.$campaignId.actions.$actionId";

/**
 * Where an entry action's form posts (decision 077): code, question, follow and daily, plain form
 * POSTs that work without JavaScript. Counted: back to the entry's actions with the new total.
 * Refused: this page, with the refusal's words and status, and the form again where typing again helps.
 * Most completions are answered before React Router by the action lane (entries/action-lane.server.ts);
 * this action takes the rest, and the lane's refusals with the outcome it computed. The page wears the
 * campaign's brand frame (decision 080).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Bonus entries"} · Giveawear` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Accept-Language" });

/**
 * Opened rather than posted, the page only links back to the entry (a redirect here would also replace a
 * refusal's page). Either way it reads the campaign's frame, shown where the campaign page would show it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  // The campaign's language, or one it allows that the visitor prefers (decision 097).
  const language = await requestLanguage(params.campaignId, request.headers.get("Accept-Language"));
  return {
    frame: await campaignBrandFrame(params.campaignId, { visitor: null }),
    language,
    title: entrantText(language).t("bonusEntriesTitle"),
  };
}

const RETRY = new Set(["wrongCode", "noAnswer", "badHandle"]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { campaignId, actionId } = params;
  // The action lane ran this completion already and left its refusal to answer here: running it
  // again would write a wrong code's try twice (decision 077).
  const lane = context.get(actionLaneContext);
  const handed = lane && lane.campaignId === campaignId && lane.actionId === actionId ? lane : null;
  const entryId = handed ? handed.entryId : await rememberedEntryId(request, campaignId);
  const outcome = handed ? handed.outcome : await completePostedAction({ campaignId, actionId, entryId, ip: clientIp(request) }, form);
  // Decision 097: the toast and the refusal in the entrant's language (a refusal by its English words).
  const text = entrantText(await requestLanguage(campaignId, request.headers.get("Accept-Language")));
  if (outcome.kind === "completed") {
    const headers = new Headers();
    for (const cookie of await completedCookies(campaignId, outcome.bonus, outcome.weight, text.language))
      headers.append("Set-Cookie", cookie);
    return redirect(entryActionsPath(campaignId), { status: 303, headers });
  }
  const retry =
    RETRY.has(outcome.reason) && entryId ? (await entrantActions(campaignId, entryId)).find((item) => item.id === actionId) : undefined;
  const typed = ["code", "answer", "handle"].map((name) => form.get(name)).find((value) => typeof value === "string");
  return data(
    {
      campaignId,
      message: translateMessage(outcome.message, text),
      reason: outcome.reason,
      retry: retry ?? null,
      typed: typeof typed === "string" ? typed.slice(0, 500) : "",
    },
    { status: outcome.status },
  );
}

export default function ActionRefusedPage(props: Route.ComponentProps) {
  return (
    <EntrantTextProvider language={props.loaderData.language}>
      <ActionRefusedView {...props} />
    </EntrantTextProvider>
  );
}

function ActionRefusedView({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useEntrantText();
  return (
    <CampaignFrame frame={loaderData.frame}>
      <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
        <div className="card space-y-5 p-6">
          <h1 className="text-2xl font-bold">{actionData ? t("notCounted") : t("bonusEntriesTitle")}</h1>
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
              {t("backToEntry")}
            </Link>
          </p>
        </div>
      </div>
    </CampaignFrame>
  );
}
