import { redirect, useLocation, useNavigation } from "react-router";
import { CampaignCard } from "~/components/campaign/campaign-card";
import { FeaturedBand } from "~/components/campaign/featured-band";
import { browseSearch, campaignCard, parseBrowseQuery, resultSummary } from "~/domain/browse";
import { featuredBand } from "~/server/campaigns/add-ons.server";
import { browseCampaigns } from "~/server/campaigns/browse.server";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/giveaways";
import { href } from "~/paths";
import { BrowseFilters, EmptyResult, emptyMessage, Pagination } from "~/components/campaign/browse-controls";

export const meta = () => [
  { title: "Browse Giveaways · Giveawear" },
  { name: "description", content: "Find live merch giveaways from brands and creators, and enter with just your email." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseBrowseQuery(url.searchParams);
  const now = new Date();
  // The featured band (decision 068) heads the first page, whatever the filters: read fresh on every request.
  const [result, referralsEnabled, featured] = await Promise.all([
    browseCampaigns(query, now),
    platformSetting("referralsEnabled"),
    query.page === 1 ? featuredBand(now) : [],
  ]);
  // An old link past the last page lands on the last page, with the URL saying so.
  if (result.page !== query.page) throw redirect(`${href("/giveaways")}${browseSearch(query, { page: result.page })}`);

  const featuredIds = new Set(featured.map((campaign) => campaign.id));
  const campaigns = result.campaigns.map((campaign) => campaignCard(campaign, now, { featured: featuredIds.has(campaign.id) }));
  const featuredCards = featured.map((campaign) => campaignCard(campaign, now, { featured: true }));
  return {
    query,
    campaigns,
    featured: featuredCards,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    referralsEnabled,
  };
}

export default function Giveaways({ loaderData }: Route.ComponentProps) {
  const { query, campaigns, featured, total, page, pageCount, referralsEnabled } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // Bonus entries are promised only while referrals earn them (platform setting referralsEnabled).
  const intro = `Merch giveaways from brands and creators. Pick one, enter with your email, and ${
    referralsEnabled ? "share your link for bonus entries." : "share it with friends."
  }`;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Browse Giveaways</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{intro}</p>

      <FeaturedBand campaigns={featured} intro="Their creators paid to show them here first." className="mt-8" />

      <BrowseFilters query={query} />

      <div aria-busy={updating} className={updating ? "opacity-60 transition-opacity" : "transition-opacity"}>
        <h2 className="sr-only">Results</h2>
        <p role="status" className="mt-8 text-sm text-slate-700 dark:text-slate-300" data-testid="result-summary">
          {total > 0 ? resultSummary(page, campaigns.length, total) : <span className="sr-only">{emptyMessage(query)}</span>}
        </p>

        {campaigns.length > 0 ? (
          <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Giveaways">
            {campaigns.map((campaign, index) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} eager={page === 1 && index < 3} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyResult query={query} />
        )}

        {pageCount > 1 ? <Pagination query={query} page={page} pageCount={pageCount} /> : null}
      </div>
    </section>
  );
}
