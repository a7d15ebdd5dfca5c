import { Link, data } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { CampaignNotFound } from "~/components/campaign/campaign-sections";
import { EntrantTextProvider, richEntrantText, useEntrantText } from "~/components/campaign/entrant-text";
import { campaignLanguageFor } from "~/domain/entrant-language";
import { entrantText } from "~/i18n/entrant";
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
 * the draw page (decision 035): nothing here needs JavaScript. In the campaign's brand frame (decision 080),
 * in the campaign's language or one it allows that the visitor prefers (decision 097).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "view" in loaderData
        ? `${entrantText(loaderData.language).t("winnersTitle", { title: loaderData.view.title })} · Giveawear`
        : "Campaign Not Found · Giveawear",
  },
  ...(!loaderData || !("view" in loaderData) || loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await findVisibleCampaign(params.campaignId, await getCurrentUser(request));
  if (!found) return data({ notFound: true as const }, { status: 404 });
  const language = campaignLanguageFor(found.campaign, request.headers.get("Accept-Language"));
  return {
    view: await winnersList(found.campaign, new Date(), language),
    preview: found.preview,
    frame: brandFrame(found.campaign),
    language,
  };
}

/** Its words follow Accept-Language among the campaign's languages. */
export const headers: Route.HeadersFunction = () => ({ Vary: "Accept-Language" });

const LINK = "font-medium text-brand-700 underline dark:text-brand-300";

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  return (
    <EntrantTextProvider language={loaderData.language}>
      <Winners loaderData={loaderData} />
    </EntrantTextProvider>
  );
}

function Winners({ loaderData }: { loaderData: Extract<Route.ComponentProps["loaderData"], { view: unknown }> }) {
  const { view } = loaderData;
  const text = useEntrantText();
  const { t } = text;
  return (
    <CampaignFrame frame={loaderData.frame}>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={campaignPath(view.campaignId)} className={LINK}>
            {t("backToGiveaway")}
          </Link>
          <Link to={campaignRulesPath(view.campaignId)} className={LINK}>
            {text.language === "en" ? t("officialRules") : t("officialRulesEnglish")}
          </Link>
          <Link to={campaignDrawPath(view.campaignId)} className={LINK}>
            {t("winnersHowDrawn")}
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{t("winnersTitle", { title: view.title })}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {view.brandName ? `${endSentence(t("winnersBy", { brand: view.brandName }))} ` : ""}
          {t("winnersIntro")}
        </p>

        {view.pending ? (
          <p className="mt-6 rounded-xl bg-slate-100 p-4 dark:bg-slate-800" role="status" data-testid="winners-pending">
            {view.pending}
          </p>
        ) : (
          <>
            {view.drawnAt ? (
              <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="winners-drawn-at">
                {richEntrantText(text, "winnersDrawnOn", {
                  date: <time dateTime={view.drawnAt}>{text.dateTime(new Date(view.drawnAt), view.timeZone)}</time>,
                })}
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

        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">{t("winnersAreYou")}</p>
      </article>
    </CampaignFrame>
  );
}
