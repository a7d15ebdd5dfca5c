import { Link, data } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { CampaignNotFound } from "~/components/campaign/campaign-sections";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import { campaignDrawPath, campaignPath, campaignRulesPath } from "~/paths";
import { brandFrame } from "~/server/campaigns/brand-frame.server";
import { findVisibleCampaign } from "~/server/campaigns/campaign-page.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { winnersList } from "~/server/draw/winners-list.server";
import { endSentence } from "~/domain/sentences";
import type { Route } from "./+types/campaign.$campaignId.winners";

/**
 * The campaign's winners list (decision 057, after UK CAP code 8.28.5): each prize's current winner
 * as the public may see them, kept available after the giveaway ends. Plain HTML like the rules and
 * the draw page (decision 035): nothing here needs JavaScript. In the campaign's brand frame (decision 080).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData && "view" in loaderData ? `Winners: ${loaderData.view.title} · Giveawear` : "Campaign Not Found · Giveawear",
  },
  ...(!loaderData || !("view" in loaderData) || loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await findVisibleCampaign(params.campaignId, await getCurrentUser(request));
  if (!found) return data({ notFound: true as const }, { status: 404 });
  return { view: await winnersList(found.campaign), preview: found.preview, frame: brandFrame(found.campaign) };
}

const LINK = "font-medium text-brand-700 underline dark:text-brand-300";

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  const { view } = loaderData;
  return (
    <CampaignFrame frame={loaderData.frame}>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={campaignPath(view.campaignId)} className={LINK}>
            Back to the giveaway
          </Link>
          <Link to={campaignRulesPath(view.campaignId)} className={LINK}>
            Official rules
          </Link>
          <Link to={campaignDrawPath(view.campaignId)} className={LINK}>
            How the winners were drawn
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">Winners: {view.title}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {view.brandName ? `${endSentence(`A giveaway by ${view.brandName}`)} ` : ""}
          Each prize's winner, as drawn by the published procedure. Winners choose how they are shown here, and may object to being listed.
        </p>

        {view.pending ? (
          <p className="mt-6 rounded-xl bg-slate-100 p-4 dark:bg-slate-800" role="status" data-testid="winners-pending">
            {view.pending}
          </p>
        ) : (
          <>
            {view.drawnAt ? (
              <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="winners-drawn-at">
                Drawn on <time dateTime={view.drawnAt}>{formatZonedDateTime(new Date(view.drawnAt), view.timeZone)}</time>.
              </p>
            ) : null}
            <ol className="mt-6 space-y-4" data-testid="winners-list">
              {view.tiers.map((tier) => (
                <li key={tier.rank} className="card p-4 sm:p-5" data-testid={`winner-tier-${tier.rank}`}>
                  <h2 className="text-sm font-semibold tracking-wide text-brand-700 uppercase [overflow-wrap:anywhere] dark:text-brand-300">
                    {tier.prize}
                  </h2>
                  {tier.winner ? (
                    <p
                      className={`mt-1 [overflow-wrap:anywhere] ${tier.named ? "text-xl font-bold" : "text-lg font-medium text-slate-700 dark:text-slate-300"}`}
                      data-testid="winner-shown"
                    >
                      {tier.winner}
                    </p>
                  ) : null}
                  {tier.region ? (
                    <p className="text-slate-700 dark:text-slate-300" data-testid="winner-region">
                      {tier.region}
                    </p>
                  ) : null}
                  {tier.notes.map((note) => (
                    <p key={note} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      {note}
                    </p>
                  ))}
                </li>
              ))}
            </ol>
          </>
        )}

        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
          Are you a winner? Choose your display name, or ask not to be listed, from the claim link in your winner email. This list stays
          available after the giveaway ends.
        </p>
      </article>
    </CampaignFrame>
  );
}
