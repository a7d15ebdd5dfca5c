import { Link } from "react-router";
import { PRODUCT_COLORS, PRODUCT_TYPES } from "~/domain/campaign-schemas";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { responsiveImage } from "~/domain/images";
import type { CampaignPageData, CampaignWinners } from "~/domain/campaign-page";
import { campaignDrawPath, campaignWinnersPath, href } from "~/paths";
import { CampaignFrame } from "./brand-frame";
import { ColourSwitcher } from "./colour-switcher";
import { capNote } from "./entry-views";
import { useEntrantText } from "./entrant-text";
import type { EntrantText } from "~/i18n/entrant";

export function productLabel(productType: string): string {
  return PRODUCT_TYPES.find((product) => product.key === productType)?.label ?? "T-Shirt";
}

export function colorNames(keys: string[]): string[] {
  return keys.map((key) => PRODUCT_COLORS.find((color) => color.key === key)?.name ?? key);
}

/** The product as the entrant's language calls it ("T-Shirt", "camiseta"), decision 097. */
function productWord({ t }: EntrantText, productType: string): string {
  const key = PRODUCT_TYPES.some((product) => product.key === productType) ? productType : "t-shirt";
  return t(`product_${key}` as Parameters<EntrantText["t"]>[0]);
}

/**
 * The beacon round's time: in English the campaign's zone with the UTC instant (decision 096), in the
 * locale's words (UTC) otherwise (decision 097).
 */
function beaconTime(text: EntrantText, iso: string, zonedText: string | null): string {
  return text.language === "en" && zonedText ? zonedText : text.dateTime(new Date(iso), "UTC");
}

/** The colours in the entrant's language. */
function colourWords({ t }: EntrantText, keys: string[]): string[] {
  return keys.map((key) =>
    PRODUCT_COLORS.some((color) => color.key === key) ? t(`color_${key}` as Parameters<EntrantText["t"]>[0]) : key,
  );
}

/** The 404 of every page of a campaign (the page, its rules, draw and winners), in the plain frame: no brand to show. */
export function CampaignNotFound() {
  const { t } = useEntrantText();
  return (
    <CampaignFrame frame={null}>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">{t("notFoundTitle")}</h1>
        <p className="text-slate-700 dark:text-slate-300">{t("notFoundText")}</p>
        <Link to={href("/giveaways")} className="btn-primary">
          Browse Giveaways
        </Link>
      </div>
    </CampaignFrame>
  );
}

/**
 * The title with a compact prize picture beside it: the page's first, high-priority image (the big
 * picture waits lower down). `thumbnail`: on phones only (wide screens show the big picture beside
 * the card), always (the minimal layout has no big picture), or none (the picture-first layout opens
 * with the picture), decision 106.
 */
export function CampaignTitle({ page, thumbnail }: { page: CampaignPageData; thumbnail: "phone" | "always" | "none" }) {
  const { campaign, image } = page;
  const text = useEntrantText();
  const { t } = text;
  return (
    <div className="flex items-start gap-3">
      {image && thumbnail !== "none" ? (
        <img
          src={image.srcSet ? (image.srcSet.split(" ")[0] ?? image.src) : responsiveImage(image.src, [192]).src}
          width={80}
          height={80}
          alt=""
          fetchPriority="high"
          decoding="async"
          className={`size-20 shrink-0 rounded-xl bg-slate-100 object-contain dark:bg-slate-900 ${thumbnail === "phone" ? "lg:hidden" : ""}`}
          data-testid="prize-thumbnail"
        />
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
          {t("giveawayOf", { product: productWord(text, campaign.productType) })}
          <span className="font-medium text-slate-600 normal-case dark:text-slate-400">
            {" · "}
            <span data-testid="entry-count">
              {t(page.phase === "ended" ? "entriesInTotal" : "entriesSoFar", { count: campaign.entryCount })}
            </span>
          </span>
        </p>
        <h1
          id="campaign-title"
          // Under the picture-first layout's picture the phone's title is a step smaller: the picture has its height.
          className={`mt-1 ${thumbnail === "none" ? "text-lg" : "text-xl"} leading-snug font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-3xl`}
        >
          {campaign.title}
        </h1>
      </div>
    </div>
  );
}

/** The big prize picture in each colour, and the description. */
export function PrizeGallery({ page }: { page: CampaignPageData }) {
  const { campaign, colorImages } = page;
  const text = useEntrantText();
  const product = productWord(text, campaign.productType);
  return (
    <div className="space-y-5">
      <ColourSwitcher
        images={colorImages}
        alt={(colour) =>
          text.t("prizeIn", { title: campaign.title, product: text.language === "en" ? product.toLowerCase() : product, colour })
        }
      />
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
  const text = useEntrantText();
  const { t } = text;
  const product = productWord(text, campaign.productType);
  const colours = colourWords(text, campaign.colors).join(", ");
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="prizes-heading" className="card p-5 sm:p-6">
        <h2 id="prizes-heading" className="text-xl font-bold">
          {t("whatYouCanWin")}
        </h2>
        <ul className="mt-4 space-y-3">
          <li>
            <p className="font-semibold">{t("grandPrize", { product: text.language === "en" ? product.toLowerCase() : product })}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {campaign.productType === "mug"
                ? t("mugColours", { colours })
                : t("garmentChoice", { colours, sizes: campaign.sizes.join(", ") })}
            </p>
          </li>
          {campaign.bonusGift ? (
            <li>
              <p className="font-semibold">{t("bonusGift", { gift: campaign.bonusGift })}</p>
            </li>
          ) : null}
          {campaign.bonusProduct ? (
            <li className="flex items-start gap-3">
              <PrizeThumbnail src={campaign.bonusProduct.imageUrl} alt={campaign.bonusProduct.title || t("bonusPrizeAlt")} />
              <div>
                <p className="font-semibold">
                  {t("bonusPrize", { title: campaign.bonusProduct.title })}
                  {campaign.bonusProduct.value ? ` ${t("approxValue", { value: campaign.bonusProduct.value })}` : ""}
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
              <p className="font-semibold">{t(prize.rank === 2 ? "place_2" : "place_3", { title: prize.title })}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-heading" className="card p-5 sm:p-6">
        <h2 id="how-heading" className="text-xl font-bold">
          {t("howItWorks")}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800 dark:text-slate-200">
          <li>{t("howEnter")}</li>
          {page.referralsEnabled && !page.full && page.phase !== "ended" ? (
            <li>
              {t("howShareReferrals", { bonus: REFERRAL_BONUS_ENTRIES })}
              {capNote(t, page.referralCap)}
            </li>
          ) : !page.full ? (
            <li>{t("howShare")}</li>
          ) : null}
          {campaign.endDate ? (
            <li>
              {t(page.phase === "ended" ? "howFrozenEnded" : "howFrozen", { date: campaign.endText ?? "" })}
              {campaign.fairness.beacon?.roundTime
                ? t("howDrawnBeacon", {
                    date: beaconTime(text, campaign.fairness.beacon.roundTime, campaign.fairness.beacon.roundTimeText),
                  })
                : t("howDrawnSoon")}
            </li>
          ) : null}
          <li>{t("howRandom")}</li>
        </ol>
        {campaign.drawCommitment || campaign.fairness.beacon ? (
          // Decision 091: the hashes and the round wait behind one disclosure, open to anyone who asks.
          <details className="mt-4 rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="draw-fairness">
            <summary className="cursor-pointer font-semibold">{t("fairSummary")}</summary>
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
                {campaign.revealedSeed ? t("drawSeeHow") : t("drawWillBe")}
              </Link>
            </p>
          </details>
        ) : null}
      </section>
    </div>
  );
}

/** An ended giveaway's notice: drawn or still drawing, and the link to its winners list. */
export function EndedNotice({ page, drawn }: { page: CampaignPageData; drawn: boolean }) {
  const { t } = useEntrantText();
  return (
    <div className="text-center">
      <p className="text-2xl font-bold">{t("campaignEnded")}</p>
      {page.view === "ended" ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">{drawn ? t("closedDrawn") : t("closedDrawing")}</p>
      ) : null}
      <p className="mt-2 text-sm">
        <Link
          to={campaignWinnersPath(page.campaign.id)}
          className="font-medium text-brand-700 underline dark:text-brand-300"
          data-testid="campaign-winners-link"
        >
          {t("winnersList")}
        </Link>
      </p>
    </div>
  );
}

export function WinnerAnnouncement({ winners }: { winners: CampaignWinners }) {
  const { t } = useEntrantText();
  return (
    <section aria-labelledby="winner-heading" className="text-center">
      <h2 id="winner-heading" className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
        {t("winner")}
      </h2>
      <p className="mt-1 text-2xl font-bold [overflow-wrap:anywhere]" data-testid="winner-name">
        {winners.grandPrize}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("winnerNotified")}</p>
      {winners.additional.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {winners.additional.map((winner) => (
            <li key={winner.rank}>
              {t(winner.rank === 2 ? "placeWinner_2" : "placeWinner_3", { title: winner.title })} <strong>{winner.name}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
