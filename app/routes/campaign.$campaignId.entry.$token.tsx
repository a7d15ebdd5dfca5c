import { Link, data, redirect } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { EntrantTextProvider, useEntrantText } from "~/components/campaign/entrant-text";
import { entrantText } from "~/i18n/entrant";
import { campaignPath, entryFormAction } from "~/paths";
import { personalEntry } from "~/server/actions/entrant.server";
import { campaignBrandFrame } from "~/server/campaigns/brand-frame.server";
import { rememberEntry } from "~/server/entries/visitor.server";
import { requestLanguage } from "~/server/core/language.server";
import type { Route } from "./+types/campaign.$campaignId.entry.$token";

/**
 * The entrant's personal link from the confirmation email (decision 077): this browser now holds the
 * entry (the same signed entered_ cookie the entry form sets), and the campaign page shows it, scrolled
 * to its state and share buttons with its actions below (decision 091). Opening it changes nothing else, so a mail scanner opening it does no harm. A link
 * not valid is answered in the campaign's frame where the campaign page would show it (decision 080).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Your entry"} · Giveawear` },
  { name: "robots", content: "noindex" },
  // The link is a credential: never hand it to another site in a Referer header.
  { name: "referrer", content: "same-origin" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Accept-Language" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const entryId = await personalEntry(params.campaignId, params.token);
  if (!entryId) {
    const frame = await campaignBrandFrame(params.campaignId, { visitor: null });
    // The campaign's language, or one it allows that the visitor prefers (decision 097).
    const language = await requestLanguage(params.campaignId, request.headers.get("Accept-Language"));
    const title = entrantText(language).t("yourEntryTitle");
    return data(
      { campaignId: params.campaignId, frame, language, title },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return redirect(entryFormAction(params.campaignId), {
    status: 303,
    headers: {
      "Set-Cookie": await rememberEntry(params.campaignId, entryId),
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
    },
  });
}

export default function PersonalLinkInvalid(props: Route.ComponentProps) {
  return (
    <EntrantTextProvider language={props.loaderData.language}>
      <PersonalLinkInvalidView {...props} />
    </EntrantTextProvider>
  );
}

function PersonalLinkInvalidView({ loaderData }: Route.ComponentProps) {
  const { t } = useEntrantText();
  return (
    <CampaignFrame frame={loaderData.frame}>
      <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
        <div className="card space-y-5 p-6 text-center">
          <h1 className="text-2xl font-bold">{t("linkNotValid")}</h1>
          <p role="alert" className="text-slate-700 dark:text-slate-300">
            {t("personalLinkInvalid")}
          </p>
          <p>
            <Link to={campaignPath(loaderData.campaignId)} className="font-medium text-brand-700 underline dark:text-brand-300">
              {t("goToGiveaway")}
            </Link>
          </p>
        </div>
      </div>
    </CampaignFrame>
  );
}
