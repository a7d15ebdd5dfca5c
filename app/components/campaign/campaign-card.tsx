import { Link } from "react-router";
import type { CampaignCardData } from "~/domain/browse";
import type { PublicPhase } from "~/domain/campaign-status";
import { campaignPath } from "~/paths";

export type { CampaignCardData };

/** Full width on phones, half on sm, a third of the 72rem container on lg. */
const IMAGE_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw";

const PHASE_BADGE: Record<PublicPhase, string> = {
  live: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  upcoming: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  ended: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

/**
 * A giveaway in a grid. The title is the link and its ::after covers the card, so the whole card is
 * clickable while screen readers hear one short link. Campaign pages are loaded as documents: they
 * are built to run with little or no client runtime.
 */
export function CampaignCard({ campaign, eager = false }: { campaign: CampaignCardData; eager?: boolean }) {
  return (
    <article className="card group relative flex h-full flex-col overflow-hidden transition hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600 dark:has-[a:focus-visible]:outline-brand-400">
      <div className="relative aspect-square bg-slate-100 dark:bg-slate-800">
        {campaign.featured ? (
          // A paid Featured Listing Boost (decision 068): said in words, not only by position.
          <span
            className="absolute top-3 left-3 rounded-full bg-amber-300 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-950 uppercase shadow-sm"
            data-testid="featured-badge"
          >
            Featured
          </span>
        ) : null}
        {campaign.image ? (
          <img
            src={campaign.image.src}
            srcSet={campaign.image.srcSet}
            sizes={campaign.image.srcSet ? IMAGE_SIZES : undefined}
            width={400}
            height={400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            alt={`${campaign.productLabel} design for ${campaign.title}`}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm font-medium text-slate-600 dark:text-slate-300">
            {campaign.productLabel}
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-center justify-between gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            {campaign.productLabel}
          </span>
          {campaign.full ? (
            <span
              className="rounded-full bg-rose-100 px-2 py-0.5 text-rose-900 dark:bg-rose-950 dark:text-rose-200"
              data-testid="full-badge"
            >
              Full
            </span>
          ) : (
            <span className={`rounded-full px-2 py-0.5 ${PHASE_BADGE[campaign.phase]}`} data-testid="time-left">
              {campaign.timeLabel}
            </span>
          )}
        </div>
        <h3 className="mt-2 text-base leading-snug font-semibold text-slate-900 dark:text-white">
          <Link
            to={campaignPath(campaign.id)}
            reloadDocument
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700 dark:group-hover:text-brand-300"
          >
            {campaign.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">by {campaign.brandName || "an independent creator"}</p>
        <p className="mt-auto pt-2 text-sm font-medium text-slate-800 dark:text-slate-200">{campaign.entriesLabel}</p>
      </div>
    </article>
  );
}
