import { Link, data } from "react-router";
import { CampaignNotFound, productLabel } from "~/components/campaign/campaign-sections";
import { madeColorNames } from "~/domain/campaign-schemas";
import { formatUtcDateTime } from "~/domain/campaign-status";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { approximateRetailValue } from "~/domain/prize-values";
import { shipCountriesSentence } from "~/domain/ship-countries";
import { campaignDrawPath, campaignPath } from "~/paths";
import { publishedFairness } from "~/server/draw/fairness.server";
import { getConfig } from "~/server/config.server";
import { findVisibleCampaign } from "~/server/campaign-page.server";
import { getCurrentUser } from "~/server/session.server";
import { platformSetting } from "~/server/settings.server";
import type { Route } from "./+types/campaign.$campaignId.rules";

export const handle = { hydrate: false };

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
  return {
    preview,
    claimWindowDays: getConfig().CLAIM_WINDOW_DAYS,
    // Admins can switch referral bonuses off (decision 017); the rules then say none are offered.
    referralsEnabled: await platformSetting("referralsEnabled"),
    campaign: {
      id: campaign.id,
      title: campaign.title,
      brandName: campaign.brandName,
      brandUrl: campaign.brandUrl,
      productType: campaign.productType,
      approximateValue: approximateRetailValue(campaign.productType),
      colors: madeColorNames(campaign.productType, campaign.selectedColors),
      sizes: campaign.selectedSizes.split(",").filter(Boolean),
      start: campaign.startDate ? formatUtcDateTime(campaign.startDate) : "the launch date",
      end: campaign.endDate ? formatUtcDateTime(campaign.endDate) : "the end of the campaign",
      entryLimit: campaign.entryLimit,
      bonusGift: campaign.giveBonusGiftToWinner ? campaign.winnerBonusGiftName : null,
      bonusProduct: campaign.isPromotingProduct ? { title: campaign.productTitle, value: campaign.productValue } : null,
      additionalPrizes: campaign.additionalPrizes.map((prize) => ({
        rank: prize.rank,
        title: prize.title,
        kind: prize.kind === "merch" ? ("merch" as const) : ("gift" as const),
        needsAddress: prize.needsAddress,
      })),
      // Decision 050: where the printed prizes ship, stated in the rules.
      shipping: shipCountriesSentence(campaign.shipCountries),
      drawCommitment: campaign.drawCommitment,
      drawn: campaign.draw !== null,
      fairness: publishedFairness(campaign),
    },
  };
}

export default function OfficialRules({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <CampaignNotFound />;
  const { campaign } = loaderData;
  const product = productLabel(campaign.productType).toLowerCase();
  const sponsor = campaign.brandName || "the campaign's creator";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3 [&_li]:mt-1">
      <p className="text-sm">
        <Link to={campaignPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
          Back to the giveaway
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">Official Rules: {campaign.title}</h1>
      <p className="text-slate-700 dark:text-slate-300">
        NO PURCHASE NECESSARY TO ENTER OR WIN. A purchase does not improve your chances of winning.
      </p>

      <h2>1. Sponsor</h2>
      <p>
        This giveaway is sponsored by <strong>{sponsor}</strong>
        {campaign.brandUrl ? ` (${campaign.brandUrl})` : ""}. It is hosted on Giveawear, which runs the entry form, the draw and the prize
        fulfilment on the sponsor's behalf.
      </p>

      <h2>2. Dates</h2>
      <p>
        Entries open on <strong>{campaign.start}</strong> and close on <strong>{campaign.end}</strong>. All times are Coordinated Universal
        Time (UTC). Entries received outside this period are not accepted.
      </p>

      <h2>3. Eligibility</h2>
      <p>
        Open to individuals who are 18 years of age or older at the time of entry. Employees of the sponsor and their immediate families may
        not win. Void where prohibited by law.
      </p>

      <h2>4. How to enter</h2>
      <p>
        Enter your email address (and, if you like, a phone number for an SMS should you win) on the giveaway page and agree to these rules.
        We then email you a link to confirm your entry. <strong>Your entry counts once you confirm it</strong> from that email; if you are
        signed in and enter with your account's email address, it is confirmed at once. Entries not confirmed by the end of the giveaway are
        not in the draw.
      </p>
      <p>
        One entry per person: addresses that reach the same inbox count once (upper and lower case, "+" tags and, for Gmail, dots are
        ignored). Throwaway (disposable) email addresses are not accepted.
        {campaign.entryLimit !== null
          ? ` The giveaway accepts at most ${campaign.entryLimit.toLocaleString("en-US")} entries. Pending entries do not hold a place: the entry limit counts confirmed entries only, so when the limit is reached, entries still waiting for confirmation can no longer be confirmed.`
          : ""}
      </p>

      <h2>5. Bonus entries</h2>
      {loaderData.referralsEnabled ? (
        <p>
          After entering you receive a personal referral link. Each different person who enters for the first time through your link adds{" "}
          {REFERRAL_BONUS_ENTRIES} bonus entries to yours once they confirm their entry. Referring yourself, repeated entries, unconfirmed
          entries and unknown links earn nothing.
        </p>
      ) : (
        <p>
          Bonus entries are not offered in this giveaway. You are welcome to share it with friends, but sharing does not add entries to
          yours.
        </p>
      )}

      <h2>6. Disqualification</h2>
      <p>
        The sponsor may disqualify entries until the entry list is frozen at the end of the giveaway: suspected duplicates, fake or
        automated entries, and entries that break these rules. A disqualified entry is not in the draw and earns its referrer no bonus.
        Disqualified entry ids are published on the draw page with the reason.
      </p>

      <h2>7. Prizes</h2>
      <ul className="list-disc pl-6">
        <li>
          Grand prize: one {product} with the giveaway's design, in the winner's choice of {campaign.colors.join(", ")}
          {campaign.productType === "mug" ? "" : ` and size (${campaign.sizes.join(", ")})`}, printed and shipped free of charge.
          Approximate retail value: {campaign.approximateValue}.
        </li>
        {campaign.bonusGift ? <li>Winner's bonus gift: {campaign.bonusGift}.</li> : null}
        {campaign.bonusProduct ? (
          <li>
            Bonus: {campaign.bonusProduct.title}
            {campaign.bonusProduct.value ? `, approximate retail value ${campaign.bonusProduct.value}` : ""}.
          </li>
        ) : null}
        {campaign.additionalPrizes.map((prize) => (
          <li key={prize.rank}>
            {prize.rank === 2 ? "Second" : "Third"} prize: {prize.title}
            {prize.kind === "merch"
              ? `: one more ${product} with the giveaway's design, printed and shipped free of charge like the grand prize.`
              : `, delivered by ${sponsor}${prize.needsAddress ? " to the winner's postal address" : ""}.`}
          </li>
        ))}
      </ul>
      <p data-testid="rules-shipping">{campaign.shipping}</p>
      <p>Prizes are not transferable and cannot be exchanged for cash.</p>

      <h2>8. How the winners are drawn</h2>
      <p>
        Winners are drawn at random after the giveaway ends. Each entry has a weight of one plus its bonus entries. The draw mixes two
        things nobody can steer: a secret chosen when the giveaway launched, and a public random beacon round that does not exist until
        after the entry list is frozen.
      </p>
      <ul className="list-disc pl-6" data-testid="rules-fairness">
        <li>
          Commitment (SHA-256 of the secret
          {campaign.drawCommitment && campaign.fairness.launchedAt
            ? `, published when the giveaway launched on ${formatUtcDateTime(new Date(campaign.fairness.launchedAt))}`
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
                campaign.fairness.beacon.roundTime ? `, produced at ${formatUtcDateTime(new Date(campaign.fairness.beacon.roundTime))}` : ""
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
          Additional prizes are drawn after the grand prize, without repeating a winner. If no beacon can be had within 24 hours, the draw
          uses the secret alone and the draw page says so.
        </li>
      </ul>
      <p>
        Anyone can check that the secret matches the commitment and re-run the draw from the published list and beacon to get the same
        winners; every entrant can find their own line in the frozen list.{" "}
        <Link to={`${campaignDrawPath(campaign.id)}#procedure`} className="font-medium text-brand-700 underline dark:text-brand-300">
          The exact procedure
        </Link>{" "}
        ·{" "}
        <Link to={campaignDrawPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
          {campaign.drawn ? "See how the winner was drawn" : "The draw page"}
        </Link>
      </p>

      <h2>9. Winner notification and claim</h2>
      <p>
        Winners are notified by email at the address they entered with. To receive a prize, its winner follows their own link in that email
        and, for a printed prize, gives their {campaign.productType === "mug" ? "colour" : "size, style, colour"} and shipping address (in
        one of the countries above); for a prize the sponsor delivers, what the sponsor needs to deliver it. Each prize is claimed within{" "}
        {loaderData.claimWindowDays} days. A prize that is not claimed in time may be drawn again among the remaining entries. The winner's
        name is shown on the giveaway page as a masked email address (for example abc***@example.com) unless the sponsor hides it.
      </p>

      <h2>10. Privacy</h2>
      <p>
        Your email address is used to run this giveaway and to contact you if you win. The sponsor may send you news and offers only if you
        ticked the separate, optional marketing box. See our{" "}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>{" "}
        and{" "}
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>
        .
      </p>
    </article>
  );
}
