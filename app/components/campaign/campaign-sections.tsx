import { Link } from "react-router";
import { PRODUCT_COLORS, PRODUCT_TYPES } from "~/domain/campaign-schemas";
import { entriesSoFar } from "~/domain/campaign-status";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { responsiveImage } from "~/domain/images";
import type { CampaignPageData, CampaignWinners } from "~/domain/campaign-page";
import { campaignDrawPath, href } from "~/paths";
import { Confetti } from "../ui/confetti";
import { CampaignFrame } from "./brand-frame";
import { ColourSwitcher } from "./colour-switcher";

export function productLabel(productType: string): string {
  return PRODUCT_TYPES.find((product) => product.key === productType)?.label ?? "T-Shirt";
}

export function colorNames(keys: string[]): string[] {
  return keys.map((key) => PRODUCT_COLORS.find((color) => color.key === key)?.name ?? key);
}

/** The 404 of every page of a campaign (the page, its rules, draw and winners), in the plain frame: no brand to show. */
export function CampaignNotFound() {
  return (
    <CampaignFrame frame={null}>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">Campaign Not Found</h1>
        <p className="text-slate-700 dark:text-slate-300">This giveaway doesn't exist, or it isn't public yet.</p>
        <Link to={href("/giveaways")} className="btn-primary">
          Browse Giveaways
        </Link>
      </div>
    </CampaignFrame>
  );
}

/**
 * The title with, on phones, a compact prize picture beside it: the page's first, high-priority image
 * (the big picture waits lower down). Wide screens show the big picture beside the card instead.
 */
export function CampaignTitle({ page }: { page: CampaignPageData }) {
  const { campaign, image } = page;
  const product = productLabel(campaign.productType);
  return (
    <div className="flex items-start gap-3">
      {image ? (
        <img
          src={image.srcSet ? (image.srcSet.split(" ")[0] ?? image.src) : responsiveImage(image.src, [192]).src}
          width={80}
          height={80}
          alt=""
          fetchPriority="high"
          decoding="async"
          className="size-20 shrink-0 rounded-xl bg-slate-100 object-contain lg:hidden dark:bg-slate-900"
          data-testid="prize-thumbnail"
        />
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
          {product} giveaway
          <span className="font-medium text-slate-600 normal-case dark:text-slate-400">
            {" · "}
            <span data-testid="entry-count">
              {page.phase === "ended"
                ? `${campaign.entryCount.toLocaleString("en-US")} ${campaign.entryCount === 1 ? "entry" : "entries"} in total`
                : entriesSoFar(campaign.entryCount)}
            </span>
          </span>
        </p>
        <h1 id="campaign-title" className="mt-1 text-xl leading-snug font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {campaign.title}
        </h1>
      </div>
    </div>
  );
}

/** The big prize picture in each colour, and the description. */
export function PrizeGallery({ page }: { page: CampaignPageData }) {
  const { campaign, colorImages } = page;
  const product = productLabel(campaign.productType).toLowerCase();
  return (
    <div className="space-y-5">
      <ColourSwitcher images={colorImages} alt={(colour) => `${campaign.title}: the prize ${product} in ${colour}`} />
      <p className="text-slate-800 whitespace-pre-line [overflow-wrap:anywhere] dark:text-slate-200">{campaign.description}</p>
    </div>
  );
}

/** A small prize picture beside its line; lazy, with its box reserved so nothing shifts. */
function PrizeThumbnail({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return null;
  return (
    <img
      {...responsiveImage(src, [96, 192])}
      sizes="64px"
      width={64}
      height={64}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
    />
  );
}

export function PrizeList({ page }: { page: CampaignPageData }) {
  const { campaign } = page;
  const product = productLabel(campaign.productType);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="prizes-heading" className="card p-5 sm:p-6">
        <h2 id="prizes-heading" className="text-xl font-bold">
          What you can win
        </h2>
        <ul className="mt-4 space-y-3">
          <li>
            <p className="font-semibold">Grand prize: this {product.toLowerCase()}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {campaign.productType === "mug"
                ? `In ${colorNames(campaign.colors).join(", ")}.`
                : `Your choice of ${colorNames(campaign.colors).join(", ")} in sizes ${campaign.sizes.join(", ")}, printed and shipped to you.`}
            </p>
          </li>
          {campaign.bonusGift ? (
            <li>
              <p className="font-semibold">Winner's bonus gift: {campaign.bonusGift}</p>
            </li>
          ) : null}
          {campaign.bonusProduct ? (
            <li className="flex items-start gap-3">
              <PrizeThumbnail src={campaign.bonusProduct.imageUrl} alt={campaign.bonusProduct.title || "Bonus prize"} />
              <div>
                <p className="font-semibold">
                  Bonus: {campaign.bonusProduct.title}
                  {campaign.bonusProduct.value ? ` (approx. value ${campaign.bonusProduct.value})` : ""}
                </p>
                {campaign.bonusProduct.description ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">{campaign.bonusProduct.description}</p>
                ) : null}
              </div>
            </li>
          ) : null}
          {campaign.additionalPrizes.map((prize) => (
            <li key={prize.rank} className="flex items-center gap-3">
              <PrizeThumbnail src={prize.imageUrl} alt={prize.title} />
              <p className="font-semibold">
                {prize.rank === 2 ? "2nd" : "3rd"} place: {prize.title}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-heading" className="card p-5 sm:p-6">
        <h2 id="how-heading" className="text-xl font-bold">
          How it works
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800 dark:text-slate-200">
          <li>Enter with your email, then confirm your entry from the email we send. No account, no purchase.</li>
          {page.referralsEnabled && !page.full && page.phase !== "ended" ? (
            <li>
              Share your personal link: each friend who enters through it and confirms gives you {REFERRAL_BONUS_ENTRIES} bonus entries.
            </li>
          ) : !page.full ? (
            <li>Share the giveaway with your friends.</li>
          ) : null}
          {campaign.endDate ? (
            <li>
              {page.phase === "ended"
                ? "The entry list was frozen when the giveaway ended on"
                : "The entry list is frozen when the giveaway ends on"}{" "}
              {campaign.endText}
              {campaign.fairness.beacon?.roundTimeText
                ? `; the winner is drawn once the beacon round below is out (${campaign.fairness.beacon.roundTimeText}).`
                : "; the winner is drawn a few minutes later."}
            </li>
          ) : null}
          <li>The winner is drawn at random, weighted by entries, and notified by email.</li>
        </ol>
        {campaign.drawCommitment || campaign.fairness.beacon ? (
          // Decision 091: the hashes and the round wait behind one disclosure, open to anyone who asks.
          <details className="mt-4 rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="draw-fairness">
            <summary className="cursor-pointer font-semibold">How the winner is drawn fairly</summary>
            <p className="mt-2 font-medium">Fair draw: fixed when the giveaway launched</p>
            {campaign.drawCommitment ? (
              <>
                <p className="mt-2">Commitment (SHA-256 of the secret seed):</p>
                <p className="mt-1 font-mono text-xs break-all" data-testid="draw-commitment">
                  {campaign.drawCommitment}
                </p>
              </>
            ) : null}
            {campaign.fairness.launchedText ? <p className="mt-2">Launched {campaign.fairness.launchedText}.</p> : null}
            <p className="mt-2" data-testid="draw-beacon-round">
              {campaign.fairness.beacon
                ? `Beacon: ${campaign.fairness.beacon.chain}, round ${campaign.fairness.beacon.round}${
                    campaign.fairness.beacon.roundTimeText ? `, produced at ${campaign.fairness.beacon.roundTimeText}` : ""
                  }. ${
                    campaign.fairness.beacon.demo
                      ? "Its signing key is public, so this demo draw proves nothing about fairness."
                      : "Nobody, Giveawear included, can know its randomness before then."
                  }`
                : "Beacon round: chosen when the entry list is frozen (this giveaway launched before draws used a beacon)."}
            </p>
            <p className="mt-2">
              <Link to={campaignDrawPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
                {campaign.revealedSeed ? "See how the winner was drawn" : "How the winner will be drawn"}
              </Link>
            </p>
          </details>
        ) : null}
      </section>
    </div>
  );
}

export function WinnerAnnouncement({ winners }: { winners: CampaignWinners }) {
  return (
    <section aria-labelledby="winner-heading" className="text-center">
      <Confetti pieces={150} durationMs={6000} />
      <h2 id="winner-heading" className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
        Winner
      </h2>
      <p className="mt-1 text-2xl font-bold [overflow-wrap:anywhere]" data-testid="winner-name">
        {winners.grandPrize}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Congratulations! The winner has been notified by email.</p>
      {winners.additional.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {winners.additional.map((winner) => (
            <li key={winner.rank}>
              {winner.rank === 2 ? "2nd" : "3rd"} place ({winner.title}): <strong>{winner.name}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
