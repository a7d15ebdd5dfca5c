import { Link, data } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { CampaignNotFound, productLabel } from "~/components/campaign/campaign-sections";
import { madeColorNames } from "~/domain/campaign-schemas";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { RULES_VERSION, buildOfficialRules, rulesVersionLine, rulesVersionOf, sponsorName, type RulesPrize } from "~/domain/official-rules";
import { approximateRetailValueCents } from "~/domain/prize-values";
import { shipCountriesSentence } from "~/domain/ship-countries";
import { actionChangeLine } from "~/domain/entry-action-forms";
import { rulesActions } from "~/server/entry-actions/manage.server";
import { campaignDrawPath, campaignPath, campaignWinnersPath, href, privacyPath } from "~/paths";
import { publishedFairness } from "~/server/draw/fairness.server";
import { getConfig } from "~/server/core/config.server";
import { brandFrame } from "~/server/campaigns/brand-frame.server";
import { findVisibleCampaign } from "~/server/campaigns/campaign-page.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/campaign.$campaignId.rules";

/** Plain HTML in the campaign's brand frame (decision 080). */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "campaign" in loaderData
        ? `Official Rules: ${loaderData.campaign.title} · Giveawear`
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

const LINK = "font-medium text-brand-700 underline dark:text-brand-300";

export default function OfficialRules({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  const { campaign, sections } = loaderData;
  return (
    <CampaignFrame frame={loaderData.frame}>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3 [&_li]:mt-1">
        <p className="text-sm">
          <Link to={campaignPath(campaign.id)} className={LINK}>
            Back to the giveaway
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">Official Rules: {campaign.title}</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="rules-version">
          {loaderData.version}
        </p>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`rules-${section.id}`} className="[overflow-wrap:anywhere]">
            <h2 id={`rules-${section.id}`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.text} data-testid={paragraph.testId}>
                {paragraph.text}
              </p>
            ))}
            {section.items?.length ? (
              <ul className="list-disc pl-6" data-testid={`rules-${section.id}-list`}>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((paragraph) => (
              <p key={paragraph.text} data-testid={paragraph.testId}>
                {paragraph.text}
              </p>
            ))}
            {section.id === "draw" ? <DrawProcedure campaign={campaign} /> : null}
            {section.id === "publicity" ? (
              <p>
                <Link to={campaignWinnersPath(campaign.id)} className={LINK} data-testid="rules-winners-link">
                  The winners list
                </Link>
              </p>
            ) : null}
            {section.id === "privacy" ? (
              <p>
                See our{" "}
                <Link to={privacyPath()} className={LINK}>
                  Privacy Policy
                </Link>{" "}
                and{" "}
                <Link to={href("/terms")} className={LINK}>
                  Terms of Service
                </Link>
                .
              </p>
            ) : null}
          </section>
        ))}
      </article>
    </CampaignFrame>
  );
}

type RulesCampaign = Extract<Route.ComponentProps["loaderData"], { campaign: unknown }>["campaign"];

function DrawProcedure({ campaign }: { campaign: RulesCampaign }) {
  return (
    <>
      <ul className="list-disc pl-6" data-testid="rules-fairness">
        <li>
          Commitment (SHA-256 of the secret
          {campaign.drawCommitment && campaign.fairness.launchedAt
            ? `, published when the giveaway launched on ${campaign.fairness.launchedText ?? ""}`
            : ""}
          ):{" "}
          <span className="font-mono text-xs break-all" data-testid="rules-commitment">
            {campaign.drawCommitment ??
              (campaign.fairness.launchedAt
                ? "none was published for this giveaway, so its draw uses the empty string as the secret."
                : "published when the giveaway launches.")}
          </span>
        </li>
        <li data-testid="rules-beacon">
          {campaign.fairness.beacon
            ? `Beacon: ${campaign.fairness.beacon.chain}, round ${campaign.fairness.beacon.round}${
                campaign.fairness.beacon.roundTimeText ? `, produced at ${campaign.fairness.beacon.roundTimeText}` : ""
              }.`
            : "Beacon: this giveaway launched before draws used a beacon, so its round is chosen when the entry list is frozen and published on the draw page."}
        </li>
        <li>
          When the giveaway ends, the list of confirmed, not disqualified entries is frozen and its SHA-256 hash published on the draw page,
          before the beacon round exists. If freezing finishes too late for that round, the draw uses a later round chosen by the published
          procedure, and the draw page says so.
        </li>
        <li>
          When the round is out, the secret is revealed and mixed with the beacon's randomness into the seed that picks the winners.
          Additional prizes are drawn after the grand prize, without repeating a winner. The draw never uses the secret alone: if the beacon
          round cannot be had within 24 hours, the draw uses the first round at least 10 minutes after that moment, which nobody can know in
          advance, and the draw page says which round and why.
        </li>
      </ul>
      <p>
        Anyone can check that the secret matches the commitment and re-run the draw from the published list and beacon to get the same
        winners; every entrant can find their own line in the frozen list.{" "}
        <Link to={`${campaignDrawPath(campaign.id)}#procedure`} className={LINK}>
          The exact procedure
        </Link>{" "}
        ·{" "}
        <Link to={campaignDrawPath(campaign.id)} className={LINK} data-testid="rules-draw-record">
          {campaign.drawn ? "See how the winner was drawn" : "The draw page (the draw record)"}
        </Link>
      </p>
    </>
  );
}
