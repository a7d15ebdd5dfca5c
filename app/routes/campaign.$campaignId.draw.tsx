import { data, redirect } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { CampaignNotFound } from "~/components/campaign/campaign-sections";
import { DrawRecordPage } from "~/components/draw/draw-page";
import { EntrantTextProvider } from "~/components/campaign/entrant-text";
import { requestLanguage } from "~/server/core/language.server";
import { entrantText } from "~/i18n/entrant";
import { campaignDrawCsvPath } from "~/paths";
import { getCurrentUser } from "~/server/auth/session.server";
import { drawPage } from "~/server/campaigns/draw-page.server";
import type { Route } from "./+types/campaign.$campaignId.draw";

/**
 * Plain HTML like the campaign page: nothing here needs JavaScript ("Check my entry" is a GET form).
 * It wears the campaign's brand frame (decision 080).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData && "page" in loaderData ? `${loaderData.title} · Giveawear` : "Campaign Not Found · Giveawear",
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The ordered entry list is a file of its own (a page's loader cannot answer with a raw CSV body).
  if (url.searchParams.get("format") === "csv") return redirect(campaignDrawCsvPath(params.campaignId));
  const outcome = await drawPage(
    params.campaignId,
    await getCurrentUser(request),
    url.searchParams.get("entry"),
    url.searchParams.get("hash"),
  );
  if (outcome.kind === "not-found") return data({ notFound: true as const }, { status: 404 });
  // "Check my entry" and the page's links in the campaign's language, or one it allows that the visitor prefers (decision 097).
  const language = await requestLanguage(params.campaignId, request.headers.get("Accept-Language"));
  const title = entrantText(language).t("drawPageTitle", { title: outcome.page.campaign.title });
  return { page: outcome.page, frame: outcome.frame, language, title };
}

export default function DrawPage({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  return (
    <EntrantTextProvider language={loaderData.language}>
      <CampaignFrame frame={loaderData.frame}>
        <DrawRecordPage page={loaderData.page} />
      </CampaignFrame>
    </EntrantTextProvider>
  );
}
