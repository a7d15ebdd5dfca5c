import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ClaimPageView, ClaimSummary, ClaimedOrderView } from "~/domain/claim-page";
import type { WinnerOrderProgress } from "~/domain/orders";
import { useClaimText } from "./claim-text";
import { GiftReceived, GiftSummary, TierLabel } from "./gift-views";
import { href } from "~/paths";

export type { ClaimPageView, ClaimSummary, ClaimedOrderView };

function Notice({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const { t } = useClaimText();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center sm:py-24" data-testid={testId}>
      <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
      {children}
      <Link to={href("/giveaways")} className="btn-primary mt-2">
        {t("browseGiveaways")}
      </Link>
    </div>
  );
}

export function ClaimInvalid() {
  const { t } = useClaimText();
  return (
    <Notice title={t("invalidTitle")} testId="claim-invalid">
      <p className="text-lg text-slate-800 dark:text-slate-200">{t("invalid")}</p>
      <p className="text-slate-700 dark:text-slate-300">{t("invalidHelp")}</p>
    </Notice>
  );
}

export function ClaimExpired({ campaign, deadline }: { campaign: ClaimSummary; deadline: string }) {
  const { t, rich, date } = useClaimText();
  return (
    <Notice title={t("expiredTitle")} testId="claim-expired">
      <p className="text-lg text-slate-800 dark:text-slate-200">
        {rich("expiredText", {
          title: <strong>{campaign.title}</strong>,
          deadline: <time dateTime={deadline}>{date(deadline, campaign.timeZone)}</time>,
        })}
      </p>
      <p className="text-slate-700 dark:text-slate-300">{t("expiredRedraw")}</p>
    </Notice>
  );
}

export function ClaimSuperseded({ campaign }: { campaign: ClaimSummary }) {
  const { t, rich } = useClaimText();
  return (
    <Notice title={t("supersededTitle")} testId="claim-superseded">
      <p className="text-lg text-slate-800 dark:text-slate-200">{t("superseded")}</p>
      <p className="text-slate-700 dark:text-slate-300">
        {rich("supersededText", { title: <strong>{campaign.title}</strong>, brand: campaign.brandName })}
      </p>
    </Notice>
  );
}

/** The prize: mockup, product and campaign, and the winner's bonus gift if there is one. Compact on phones. */
export function PrizeSummary({ campaign }: { campaign: ClaimSummary }) {
  const { t, rich } = useClaimText();
  if (campaign.prize.kind === "gift") return <GiftSummary campaign={campaign} />;
  const product = campaign.productName;
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
              alt={t("prizeAlt", { title: campaign.title, product: product.toLowerCase() })}
              decoding="async"
              className="aspect-square h-auto w-full object-contain"
            />
          ) : (
            <div className="flex aspect-square items-center justify-center text-sm text-slate-600 dark:text-slate-400">{product}</div>
          )}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 sm:text-sm dark:text-brand-300">
            <TierLabel rank={campaign.prize.rank} />
          </p>
          <h2 id="prize-heading" className="mt-1 text-lg font-bold [overflow-wrap:anywhere] sm:text-xl">
            {campaign.prize.title || campaign.title}
          </h2>
          <p className="text-sm text-slate-700 sm:text-base dark:text-slate-300">
            {t("productBy", { product, brand: campaign.brandName })}
          </p>
        </div>
      </div>
      {campaign.bonusGift ? (
        <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-800 dark:bg-brand-900/30">
          <p className="font-semibold">{t("bonusGift", { name: campaign.bonusGift.name })}</p>
          {campaign.bonusGift.code ? (
            <p className="mt-1">{rich("giftCode", { code: <span className="font-mono font-semibold">{campaign.bonusGift.code}</span> })}</p>
          ) : null}
          {campaign.bonusGift.instructions ? <p className="mt-1 whitespace-pre-line">{campaign.bonusGift.instructions}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** One sentence that matches the status row below it: never "being prepared" next to "Shipped" (decision 052). */
function ProgressIntro({ progress, winnerEmail }: { progress: WinnerOrderProgress; winnerEmail: string }) {
  const { rich } = useClaimText();
  const email = { email: <strong className="[overflow-wrap:anywhere]">{winnerEmail}</strong> };
  switch (progress.step) {
    case "problem":
      return rich("progressProblem", email);
    case "delivered":
      return rich("progressDelivered", email);
    case "shipped":
      return rich(progress.trackingNumber ? "progressShippedTracking" : "progressShipped", email);
    case "production":
      return rich("progressProduction", email);
    default:
      return rich("progressPrepared", email);
  }
}

export function ClaimReceived({ campaign, order, winnerEmail }: { campaign: ClaimSummary; order: ClaimedOrderView; winnerEmail: string }) {
  const { t, rich, date, label } = useClaimText();
  if (order.kind === "gift") return <GiftReceived campaign={campaign} order={order} winnerEmail={winnerEmail} />;
  const rows: [string, string][] = [
    [t("rowProduct"), campaign.productName],
    ...(order.size ? ([[t("size"), order.size]] as [string, string][]) : []),
    ...(order.style ? ([[t("style"), label("style", order.style)]] as [string, string][]) : []),
    [t("colour"), order.colorName || t("notChosen")],
    [t("rowShipsTo"), [order.shipCity, order.shipCountryName].filter(Boolean).join(", ")],
  ];
  const on = (step: string, iso: string) => rich("stepOn", { step, date: <time dateTime={iso}>{date(iso, campaign.timeZone)}</time> });
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
          {t("received")}
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
            <dt className="text-slate-600 dark:text-slate-400">{t("rowStatus")}</dt>
            <dd className="text-right font-medium [overflow-wrap:anywhere]" data-testid="claim-order-status" data-step={progress.step}>
              {progress.step === "delivered" && progress.deliveredAt
                ? on(t("step_delivered"), progress.deliveredAt)
                : progress.step === "shipped" && progress.shippedAt
                  ? on(t("step_shipped"), progress.shippedAt)
                  : t(`step_${progress.step}`)}
            </dd>
          </div>
          {progress.carrier ? (
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600 dark:text-slate-400">{t("rowCarrier")}</dt>
              <dd className="text-right font-medium [overflow-wrap:anywhere]" data-testid="claim-carrier">
                {progress.carrier}
              </dd>
            </div>
          ) : null}
          {progress.trackingNumber ? (
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600 dark:text-slate-400">{t("rowTracking")}</dt>
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
              {progress.carrier ? t("trackParcelOn", { carrier: progress.carrier }) : t("trackParcel")}
              <span className="sr-only">{t("opensNewTab")}</span>
            </a>
          </p>
        ) : null}
        <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
          {rich("claimedChange", { date: <time dateTime={order.claimedAt}>{date(order.claimedAt, campaign.timeZone)}</time> })}
        </p>
      </section>
      <div className="md:col-start-1 md:row-start-1">
        <PrizeSummary campaign={campaign} />
      </div>
    </div>
  );
}
