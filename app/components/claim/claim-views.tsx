import type { ReactNode } from "react";
import { Link } from "react-router";
import { CLAIM_MESSAGES, countryName, type ClaimOptions, type ClaimPrize } from "~/domain/claims";
import { PRODUCT_COLORS } from "~/domain/campaign-schemas";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import type { CampaignImage } from "~/domain/mockups";
import type { WinnerOrderProgress } from "~/domain/orders";
import { productLabel } from "../campaign/campaign-sections";
import { GiftReceived, GiftSummary, tierLabel } from "./gift-views";
import { href } from "~/paths";

export interface ClaimSummary {
  campaignId: string;
  title: string;
  /** The campaign's zone, in which every date on the page is written (decision 096). */
  timeZone: string;
  brandName: string;
  productType: string;
  image: CampaignImage | null;
  /** Mockup (or null) per colour key, for the colour choices. */
  colorImages: Record<string, string | null>;
  bonusGift: { name: string; code: string; instructions: string } | null;
  /** The tier this link claims (decision 050). */
  prize: ClaimPrize;
}

export interface ClaimedOrderView {
  kind: "merch" | "gift";
  claimNote: string;
  deliveredAt: string | null;
  size: string | null;
  style: string | null;
  color: string | null;
  shipCity: string | null;
  shipCountry: string | null;
  status: string;
  progress: WinnerOrderProgress;
  claimedAt: string;
}

/** Everything the claim page can show; each state has its own HTTP status (see the route). */
export type ClaimPageView =
  | { kind: "invalid" }
  | { kind: "superseded"; campaign: ClaimSummary }
  | { kind: "expired"; campaign: ClaimSummary; deadline: string }
  | { kind: "claimed"; campaign: ClaimSummary; order: ClaimedOrderView; winnerEmail: string }
  | { kind: "open"; campaign: ClaimSummary; deadline: string; options: ClaimOptions; winnerEmail: string };

export function colorName(key: string | null): string {
  return key ? (PRODUCT_COLORS.find((color) => color.key === key)?.name ?? key) : "";
}

function Notice({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center sm:py-24" data-testid={testId}>
      <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
      {children}
      <Link to={href("/giveaways")} className="btn-primary mt-2">
        Browse Giveaways
      </Link>
    </div>
  );
}

export function ClaimInvalid() {
  return (
    <Notice title="Claim link not valid" testId="claim-invalid">
      <p className="text-lg text-slate-800 dark:text-slate-200">{CLAIM_MESSAGES.invalid}</p>
      <p className="text-slate-700 dark:text-slate-300">
        Please open the link exactly as it appears in your winner email. If it still doesn't work, write to us through our contact form.
      </p>
    </Notice>
  );
}

export function ClaimExpired({ campaign, deadline }: { campaign: ClaimSummary; deadline: string }) {
  return (
    <Notice title="Claim link expired" testId="claim-expired">
      <p className="text-lg text-slate-800 dark:text-slate-200">
        {CLAIM_MESSAGES.expired} The deadline to claim your prize from <strong>{campaign.title}</strong> was{" "}
        <time dateTime={deadline}>{formatZonedDateTime(new Date(deadline), campaign.timeZone)}</time>.
      </p>
      <p className="text-slate-700 dark:text-slate-300">Unclaimed prizes may be redrawn for another entrant.</p>
    </Notice>
  );
}

export function ClaimSuperseded({ campaign }: { campaign: ClaimSummary }) {
  return (
    <Notice title="Prize redrawn" testId="claim-superseded">
      <p className="text-lg text-slate-800 dark:text-slate-200">{CLAIM_MESSAGES.superseded}</p>
      <p className="text-slate-700 dark:text-slate-300">
        The prize from <strong>{campaign.title}</strong> by {campaign.brandName} went to another entrant.
      </p>
    </Notice>
  );
}

/** The prize: mockup, product and campaign, and the winner's bonus gift if there is one. Compact on phones. */
export function PrizeSummary({ campaign }: { campaign: ClaimSummary }) {
  if (campaign.prize.kind === "gift") return <GiftSummary campaign={campaign} />;
  const product = productLabel(campaign.productType);
  return (
    <section aria-labelledby="prize-heading" className="space-y-4">
      <div className="flex items-center gap-4 md:block md:space-y-4">
        <div className="w-28 shrink-0 overflow-hidden rounded-2xl bg-slate-100 sm:w-36 md:w-full md:rounded-3xl dark:bg-slate-900">
          {campaign.image ? (
            <img
              src={campaign.image.src}
              srcSet={campaign.image.srcSet}
              sizes="(min-width: 768px) 28rem, 9rem"
              width={800}
              height={800}
              alt={`Your prize: the ${campaign.title} ${product.toLowerCase()}`}
              decoding="async"
              className="aspect-square h-auto w-full object-contain"
            />
          ) : (
            <div className="flex aspect-square items-center justify-center text-sm text-slate-600 dark:text-slate-400">{product}</div>
          )}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 sm:text-sm dark:text-brand-300">
            {tierLabel(campaign.prize.rank)}
          </p>
          <h2 id="prize-heading" className="mt-1 text-lg font-bold [overflow-wrap:anywhere] sm:text-xl">
            {campaign.prize.title || campaign.title}
          </h2>
          <p className="text-sm text-slate-700 sm:text-base dark:text-slate-300">
            {product} by {campaign.brandName}
          </p>
        </div>
      </div>
      {campaign.bonusGift ? (
        <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-800 dark:bg-brand-900/30">
          <p className="font-semibold">Bonus gift: {campaign.bonusGift.name}</p>
          {campaign.bonusGift.code ? (
            <p className="mt-1">
              Gift code: <span className="font-mono font-semibold">{campaign.bonusGift.code}</span>
            </p>
          ) : null}
          {campaign.bonusGift.instructions ? <p className="mt-1 whitespace-pre-line">{campaign.bonusGift.instructions}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** One sentence that matches the status row below it: never "being prepared" next to "Shipped" (decision 052). */
function ProgressIntro({ progress, winnerEmail }: { progress: WinnerOrderProgress; winnerEmail: string }) {
  const email = <strong className="[overflow-wrap:anywhere]">{winnerEmail}</strong>;
  switch (progress.step) {
    case "problem":
      return <>Thanks for claiming your prize. There is a problem with your order; our team will contact you at {email}.</>;
    case "delivered":
      return <>Your prize has been delivered. Enjoy it!</>;
    case "shipped":
      return progress.trackingNumber ? (
        <>Your prize is on its way. Follow it with the tracking number below; we emailed it to {email} too.</>
      ) : (
        <>Your prize is on its way. We&apos;ll email {email} if tracking details follow.</>
      );
    case "production":
      return <>Your prize is being made. We&apos;ll email {email} when it ships.</>;
    default:
      return <>Thanks! Your prize is being prepared. We&apos;ll email {email} when it ships.</>;
  }
}

export function ClaimReceived({ campaign, order, winnerEmail }: { campaign: ClaimSummary; order: ClaimedOrderView; winnerEmail: string }) {
  if (order.kind === "gift") return <GiftReceived campaign={campaign} order={order} winnerEmail={winnerEmail} />;
  const rows: [string, string][] = [
    ["Product", productLabel(campaign.productType)],
    ...(order.size ? ([["Size", order.size]] as [string, string][]) : []),
    ...(order.style ? ([["Style", order.style]] as [string, string][]) : []),
    ["Colour", colorName(order.color) || "Not chosen"],
    ["Ships to", [order.shipCity, countryName(order.shipCountry)].filter(Boolean).join(", ")],
  ];
  const { progress } = order;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:py-14">
      <section
        aria-labelledby="claim-received-heading"
        className="card h-fit p-5 sm:p-6 md:col-start-2 md:row-start-1"
        data-testid="claim-received"
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" className="h-12 w-12 text-emerald-600 dark:text-emerald-400">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 id="claim-received-heading" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
          {CLAIM_MESSAGES.received}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          <ProgressIntro progress={progress} winnerEmail={winnerEmail} />
        </p>
        <dl className="mt-5 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-right font-medium [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-600 dark:text-slate-400">Status</dt>
            <dd className="text-right font-medium [overflow-wrap:anywhere]" data-testid="claim-order-status" data-step={progress.step}>
              {progress.text}
              {progress.step === "delivered" && progress.deliveredAt ? (
                <>
                  {" "}
                  on <time dateTime={progress.deliveredAt}>{formatZonedDateTime(new Date(progress.deliveredAt), campaign.timeZone)}</time>
                </>
              ) : progress.step === "shipped" && progress.shippedAt ? (
                <>
                  {" "}
                  on <time dateTime={progress.shippedAt}>{formatZonedDateTime(new Date(progress.shippedAt), campaign.timeZone)}</time>
                </>
              ) : null}
            </dd>
          </div>
          {progress.carrier ? (
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600 dark:text-slate-400">Carrier</dt>
              <dd className="text-right font-medium [overflow-wrap:anywhere]" data-testid="claim-carrier">
                {progress.carrier}
              </dd>
            </div>
          ) : null}
          {progress.trackingNumber ? (
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600 dark:text-slate-400">Tracking number</dt>
              <dd className="text-right font-mono font-medium [overflow-wrap:anywhere]" data-testid="claim-tracking-number">
                {progress.trackingNumber}
              </dd>
            </div>
          ) : null}
        </dl>
        {progress.trackingLink ? (
          <p className="mt-4">
            <a
              href={progress.trackingLink}
              target="_blank"
              rel="noreferrer noopener"
              className="btn-primary"
              data-testid="claim-tracking-link"
            >
              Track your parcel{progress.carrier ? ` on ${progress.carrier}` : ""}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
          Claimed <time dateTime={order.claimedAt}>{formatZonedDateTime(new Date(order.claimedAt), campaign.timeZone)}</time>. Need to
          change something? Reply to your winner email.
        </p>
      </section>
      <div className="md:col-start-1 md:row-start-1">
        <PrizeSummary campaign={campaign} />
      </div>
    </div>
  );
}
