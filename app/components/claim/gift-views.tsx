import type { ClaimedOrderView, ClaimSummary } from "./claim-views";
import { OrderStatus } from "~/domain/orders";
import { useClaimText } from "./claim-text";

/** "Your prize" for the grand prize, "Your 2nd-place prize" for a tier. */
export function TierLabel({ rank }: { rank: number }) {
  const { t } = useClaimText();
  return <>{t(rank === 2 ? "yourPrize2" : rank === 3 ? "yourPrize3" : "yourPrize")}</>;
}

/** A brand's own gift (decision 050): its title and picture, from the brand. */
export function GiftSummary({ campaign }: { campaign: ClaimSummary }) {
  const { t } = useClaimText();
  return (
    <section aria-labelledby="prize-heading" className="space-y-4">
      <div className="flex items-center gap-4 md:block md:space-y-4">
        {campaign.prize.imageUrl ? (
          <div className="w-28 shrink-0 overflow-hidden rounded-2xl bg-slate-100 sm:w-36 md:w-full md:rounded-3xl dark:bg-slate-900">
            <img
              src={campaign.prize.imageUrl}
              width={800}
              height={800}
              alt={t("giftAlt", { title: campaign.prize.title })}
              decoding="async"
              className="aspect-square h-auto w-full object-contain"
            />
          </div>
        ) : null}
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 sm:text-sm dark:text-brand-300">
            <TierLabel rank={campaign.prize.rank} />
          </p>
          <h2 id="prize-heading" className="mt-1 text-lg font-bold [overflow-wrap:anywhere] sm:text-xl">
            {campaign.prize.title}
          </h2>
          <p className="text-sm text-slate-700 sm:text-base dark:text-slate-300">
            {t("giftFrom", { brand: campaign.brandName, title: campaign.title })}
          </p>
        </div>
      </div>
    </section>
  );
}

/** The claimed page of a gift: what the brand was given, and whether the brand has delivered it. */
export function GiftReceived({ campaign, order, winnerEmail }: { campaign: ClaimSummary; order: ClaimedOrderView; winnerEmail: string }) {
  const { t, rich, date } = useClaimText();
  const delivered = order.status === OrderStatus.delivered;
  const brand = campaign.brandName;
  const rows: [string, string][] = [
    [t("rowPrize"), campaign.prize.title],
    ...(order.shipCountry
      ? ([[t("rowShipsTo"), [order.shipCity, order.shipCountryName].filter(Boolean).join(", ")]] as [string, string][])
      : []),
    ...(order.claimNote ? ([[t("rowNote"), order.claimNote]] as [string, string][]) : []),
    ...(campaign.prize.code ? ([[t("rowCode"), campaign.prize.code]] as [string, string][]) : []),
    [
      t("rowStatus"),
      delivered
        ? order.deliveredAt
          ? t("giftDeliveredByOn", { brand, date: date(order.deliveredAt, campaign.timeZone) })
          : t("giftDeliveredBy", { brand })
        : t("giftWaiting", { brand }),
    ],
  ];
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:py-14">
      <section
        aria-labelledby="claim-received-heading"
        className="card h-fit p-5 sm:p-6 md:col-start-2 md:row-start-1"
        data-testid="claim-received"
      >
        <h1 id="claim-received-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {delivered ? t("prizeDelivered") : t("received")}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="gift-status">
          {delivered
            ? t("giftDeliveredText", { brand })
            : rich("giftThanks", { brand, email: <strong className="[overflow-wrap:anywhere]">{winnerEmail}</strong> })}
        </p>
        <dl className="mt-5 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-right font-medium whitespace-pre-line [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
          {rich("claimedOn", { date: <time dateTime={order.claimedAt}>{date(order.claimedAt, campaign.timeZone)}</time> })}
        </p>
      </section>
      <div className="md:col-start-1 md:row-start-1">
        <GiftSummary campaign={campaign} />
      </div>
    </div>
  );
}
