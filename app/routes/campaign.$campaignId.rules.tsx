import { Link, data } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { CampaignNotFound, productLabel } from "~/components/campaign/campaign-sections";
import { EntrantTextProvider, useEntrantText } from "~/components/campaign/entrant-text";
import { campaignLanguageFor } from "~/domain/entrant-language";
import { entrantText } from "~/i18n/entrant";
import { madeColorNames } from "~/domain/campaign-schemas";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { RULES_VERSION, buildOfficialRules, rulesVersionLine, rulesVersionOf, sponsorName, type RulesPrize } from "~/domain/official-rules";
import { approximateRetailValueCents } from "~/domain/prize-values";
import { shipCountriesSentence } from "~/domain/ship-countries";
import { actionChangeLine } from "~/domain/entry-action-forms";
import { rulesActions } from "~/server/entry-actions/manage.server";
import { campaignPath, campaignWinnersPath, privacyPath } from "~/paths";
import { RulesBody } from "~/components/campaign/official-rules-body";
import { publishedFairness } from "~/server/draw/fairness.server";
import { getConfig } from "~/server/core/config.server";
import { brandFrame } from "~/server/campaigns/brand-frame.server";
import { findVisibleCampaign } from "~/server/campaigns/campaign-page.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/campaign.$campaignId.rules";

/**
 * Plain HTML in the campaign's brand frame (decision 080). The frame (title, heading, link back)
 * speaks the campaign's language or one it allows that the visitor prefers; the rules themselves
 * stay the English legal text, marked lang="en", with a line saying so (decision 097).
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "campaign" in loaderData
        ? `${entrantText(loaderData.language).t("rulesTitle", { title: loaderData.campaign.title })} · Giveawear`
        : "Campaign Not Found · Giveawear",
  },
  // The creator's preview of a draft or unpaid campaign stays out of search engines, like its page.
  ...(!loaderData || !("campaign" in loaderData) || loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await findVisibleCampaign(params.campaignId, await getCurrentUser(request));
  if (!found) return data({ notFound: true as const }, { status: 404 });
  const { campaign, preview } = found;
  const claimWindowDays = getConfig().CLAIM_WINDOW_DAYS;
  // Admins can switch referral bonuses off (decision 017); the rules then say none are offered.
  const referralsEnabled = await platformSetting("referralsEnabled");
  const product = productLabel(campaign.productType).toLowerCase();
  const colors = madeColorNames(campaign.productType, campaign.selectedColors);
  const sizes = campaign.selectedSizes.split(",").filter(Boolean);
  const sponsor = sponsorName(campaign);
  // Decision 076: the actions as they stand, and each change made while the giveaway ran.
  const { actions, changes } = await rulesActions(campaign.id);
  const fairness = publishedFairness(campaign);
  // Decision 053: built only from what was fixed at launch. Campaigns launched before the creator gave
  // the grand prize's value state the product's typical value (decision 015), as they always did.
  const prizes: RulesPrize[] = [
    {
      rank: 1,
      description: `Grand prize: one ${product} with the giveaway's design, in the winner's choice of ${colors.join(", ")}${
        campaign.productType === "mug" ? "" : ` and size (${sizes.join(", ")})`
      }, printed and shipped free of charge.`,
      valueCents: campaign.prizeValueCents ?? approximateRetailValueCents(campaign.productType),
    },
    ...campaign.additionalPrizes.map((prize) => ({
      rank: prize.rank,
      description: `${prize.rank === 2 ? "Second" : "Third"} prize: ${prize.title}${
        prize.kind === "merch"
          ? `: one more ${product} with the giveaway's design, printed and shipped free of charge like the grand prize.`
          : `, delivered by ${sponsor}${prize.needsAddress ? " to the winner's postal address" : ""}.`
      }`,
      valueCents: prize.valueCents ?? (prize.kind === "merch" ? approximateRetailValueCents(campaign.productType) : null),
    })),
  ];
  const extras = [
    ...(campaign.giveBonusGiftToWinner && campaign.winnerBonusGiftName ? [`Winner's bonus gift: ${campaign.winnerBonusGiftName}.`] : []),
    ...(campaign.isPromotingProduct && campaign.productTitle
      ? [`Bonus: ${campaign.productTitle}${campaign.productValue ? `, approximate retail value ${campaign.productValue}` : ""}.`]
      : []),
  ];
  // The campaign's zone with the UTC instant the draw record states (decision 096).
  const launchedAt = fairness.launchedText;
  // The wording the campaign launched with (decision 057); a draft's preview shows the current one.
  const version = preview ? RULES_VERSION : rulesVersionOf(campaign.rulesVersion);
  const sections = buildOfficialRules({
    sponsorLegalName: campaign.sponsorLegalName,
    sponsorAddress: campaign.sponsorAddress,
    brandName: campaign.brandName,
    brandUrl: campaign.brandUrl,
    minimumAge: campaign.minimumAge,
    // Decision 050: where the printed prizes ship, which is who may enter.
    shipping: shipCountriesSentence(campaign.shipCountries),
    excludedRegions: campaign.excludedRegions,
    // The entry period in the campaign's time zone, named (decision 095).
    start: campaign.startDate ? formatZonedDateTime(campaign.startDate, campaign.timeZone) : "the launch date",
    end: campaign.endDate ? formatZonedDateTime(campaign.endDate, campaign.timeZone) : "the end of the campaign",
    timeZone: campaign.timeZone,
    entryLimit: campaign.entryLimit,
    referralsEnabled,
    referralBonus: REFERRAL_BONUS_ENTRIES,
    referralCap: campaign.referralCap,
    prizes,
    extras,
    claimWindowDays,
    platforms: [
      ...(campaign.instagramHandle ? ["Instagram"] : []),
      ...(campaign.xHandle ? ["X"] : []),
      ...(campaign.tiktokHandle ? ["TikTok"] : []),
    ],
    launchedAt: preview ? null : launchedAt,
    version,
    winnersPath: campaignWinnersPath(campaign.id),
    privacyPath: privacyPath(),
    actions,
    actionChanges: changes.map((change) => actionChangeLine({ ...change, when: formatZonedDateTime(change.createdAt, campaign.timeZone) })),
  });
  return {
    preview,
    language: campaignLanguageFor(campaign, request.headers.get("Accept-Language")),
    frame: brandFrame(campaign),
    sections,
    version: rulesVersionLine(preview ? null : launchedAt, version),
    campaign: {
      id: campaign.id,
      title: campaign.title,
      drawCommitment: campaign.drawCommitment,
      drawn: campaign.draw !== null,
      fairness,
    },
  };
}

/** Its frame's words follow Accept-Language among the campaign's languages. */
export const headers: Route.HeadersFunction = () => ({ Vary: "Accept-Language" });

const LINK = "font-medium text-brand-700 underline dark:text-brand-300";

export default function OfficialRules({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  return (
    <EntrantTextProvider language={loaderData.language}>
      <CampaignFrame frame={loaderData.frame}>
        <RulesArticle loaderData={loaderData} />
      </CampaignFrame>
    </EntrantTextProvider>
  );
}

type RulesData = Extract<Route.ComponentProps["loaderData"], { campaign: unknown }>;

function RulesArticle({ loaderData }: { loaderData: RulesData }) {
  const { campaign } = loaderData;
  const { t, language } = useEntrantText();
  const translated = language !== "en";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3 [&_li]:mt-1">
      <p className="text-sm">
        <Link to={campaignPath(campaign.id)} className={LINK}>
          {t("backToGiveaway")}
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{t("rulesTitle", { title: campaign.title })}</h1>
      {translated ? (
        <p className="text-sm font-medium" data-testid="rules-in-english">
          {t("rulesInEnglish")}
        </p>
      ) : null}
      {/* The legal text is the organiser's, in English (decision 097): marked so on a page in another language. */}
      {translated ? (
        <div lang="en">
          <RulesBody loaderData={loaderData} />
        </div>
      ) : (
        <RulesBody loaderData={loaderData} />
      )}
    </article>
  );
}
