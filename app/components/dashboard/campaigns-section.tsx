import { Link, useNavigation } from "react-router";
import { DASHBOARD_TABS, dashboardSearch, type DashboardQuery } from "~/domain/dashboard";
import { myCampaignsPath, wizardPath } from "~/paths";
import { CampaignGridCard, CampaignListRow, type DashboardCampaign } from "./campaign-item";

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value}</dd>
    </div>
  );
}

const pill =
  "inline-flex items-center gap-1 rounded-md px-2 py-1.5 sm:gap-1.5 sm:px-3 text-sm font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-brand-600";
const pillOn = "bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white";
const pillOff = "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white";

/** Your Campaigns: the status tabs with their counts, grid or list, and the campaigns of the tab. */
export function CampaignsSection({
  query,
  counts,
  campaigns,
}: {
  query: DashboardQuery;
  counts: Record<string, number>;
  campaigns: DashboardCampaign[];
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === myCampaignsPath();
  const tabLabel = DASHBOARD_TABS.find((tab) => tab.key === query.tab)?.label ?? "All";
  return (
    <section className="mt-10" aria-labelledby="campaigns-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="campaigns-heading" className="text-xl font-semibold tracking-tight">
          Your Campaigns
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label="Campaign status" className="-mx-1 overflow-x-auto px-1">
            <ul className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
              {DASHBOARD_TABS.map((tab) => (
                <li key={tab.key}>
                  <Link
                    to={dashboardSearch(query, { tab: tab.key })}
                    preventScrollReset
                    aria-current={tab.key === query.tab ? "page" : undefined}
                    className={`${pill} ${tab.key === query.tab ? pillOn : pillOff}`}
                  >
                    {tab.label}
                    <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{counts[tab.key] ?? 0}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Layout">
            <ul className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
              {(["grid", "list"] as const).map((view) => (
                <li key={view}>
                  <Link
                    to={dashboardSearch(query, { view })}
                    preventScrollReset
                    aria-current={view === query.view ? "true" : undefined}
                    className={`${pill} ${view === query.view ? pillOn : pillOff}`}
                  >
                    {view === "grid" ? "Grid" : "List"}
                    <span className="sr-only"> view</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>

      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        {campaigns.length === 0 ? (
          <div className="card mt-4 flex flex-col items-center gap-3 px-6 py-12 text-center">
            <h3 className="text-lg font-semibold">{query.tab === "all" ? "No campaigns yet" : `No ${tabLabel.toLowerCase()} campaigns`}</h3>
            <p className="max-w-md text-sm text-slate-700 dark:text-slate-300">
              Design a shirt and launch your first giveaway in a few minutes.
            </p>
            <Link to={wizardPath()} className="btn-primary">
              Create Giveaway
            </Link>
          </div>
        ) : query.view === "grid" ? (
          <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={`${tabLabel} campaigns`} data-view="grid">
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <CampaignGridCard campaign={campaign} query={query} />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="card mt-4 divide-y divide-slate-200 dark:divide-slate-800" aria-label={`${tabLabel} campaigns`} data-view="list">
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <CampaignListRow campaign={campaign} query={query} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
