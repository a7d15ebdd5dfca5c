import { Link } from "react-router";
import type { CampaignCardData } from "~/domain/browse";
import { CampaignCard } from "./campaign-card";
import { href } from "~/paths";

/**
 * The giveaways a Featured Listing Boost is running for (decision 068), at the top of the home page
 * and of Browse Giveaways: the latest payer first, each card labelled "Featured". Nothing at all
 * when none is featured.
 */
export function FeaturedBand({
  campaigns,
  intro,
  browseLink = false,
  className = "",
}: {
  campaigns: readonly CampaignCardData[];
  intro?: string;
  /** Whether to end with a link to every giveaway (the home page). */
  browseLink?: boolean;
  className?: string;
}) {
  if (campaigns.length === 0) return null;
  return (
    <section aria-labelledby="featured-giveaways-title" className={className} data-testid="featured-giveaways">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-giveaways-title" className="text-2xl font-bold tracking-tight">
            Featured giveaways
          </h2>
          {intro ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{intro}</p> : null}
        </div>
        {browseLink ? (
          <Link to={href("/giveaways")} className="btn-secondary">
            Browse all giveaways
          </Link>
        ) : null}
      </div>
      {/* A strip to swipe through on phones (the page's own content stays near the top), a grid from sm up. */}
      <ul className="-mx-4 mt-5 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
        {campaigns.map((campaign, index) => (
          <li key={campaign.id} className={`shrink-0 snap-start sm:w-auto ${campaigns.length > 1 ? "w-[78%]" : "w-full"}`}>
            <CampaignCard campaign={campaign} eager={index < 3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
