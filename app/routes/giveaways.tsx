import { useEffect, useRef } from "react";
import { Form, Link, redirect, useLocation, useNavigation, useSubmit } from "react-router";
import { CampaignCard } from "~/components/campaign/campaign-card";
import { FeaturedBand } from "~/components/campaign/featured-band";
import {
  BROWSE_PRODUCTS,
  BROWSE_SORTS,
  BROWSE_STATUSES,
  browseSearch,
  campaignCard,
  isFiltered,
  MAX_SEARCH_LENGTH,
  pageWindow,
  parseBrowseQuery,
  resultSummary,
  type BrowseQuery,
} from "~/domain/browse";
import { featuredBand } from "~/server/campaigns/add-ons.server";
import { browseCampaigns } from "~/server/campaigns/browse.server";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/giveaways";
import { href } from "~/paths";

export const meta = () => [
  { title: "Browse Giveaways · Giveawear" },
  { name: "description", content: "Find live merch giveaways from brands and creators, and enter with just your email." },
];

const SEARCH_DEBOUNCE_MS = 400;

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

function emptyMessage(query: BrowseQuery): string {
  return isFiltered(query) ? "No giveaways match your filters." : "No live giveaways right now.";
}

function EmptyResult({ query }: { query: BrowseQuery }) {
  const filtered = isFiltered(query);
  return (
    <div className="card mt-4 flex flex-col items-center gap-3 px-6 py-12 text-center">
      <h3 className="text-lg font-semibold">{emptyMessage(query)}</h3>
      <p className="max-w-md text-sm text-slate-700 dark:text-slate-300">
        {filtered ? "Try another search, product or status." : "New giveaways appear here as soon as they launch."}
      </p>
      {filtered ? (
        <Link to={href("/giveaways")} className="btn-secondary">
          Clear filters
        </Link>
      ) : (
        <Link to={`${href("/giveaways")}?status=past`} className="btn-secondary">
          See past giveaways
        </Link>
      )}
    </div>
  );
}

function BrowseFilters({ query }: { query: BrowseQuery }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward and links change the URL under the form: show that state, except in the control
  // the visitor is using right now.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries({ q: query.q, status: query.status, product: query.product, sort: query.sort })) {
      const control = form.elements.namedItem(name);
      if ((control instanceof HTMLInputElement || control instanceof HTMLSelectElement) && control !== document.activeElement) {
        control.value = value;
      }
    }
  }, [query.q, query.status, query.product, query.sort]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** With JavaScript the URL carries only what differs from the defaults, and a new filter starts at page 1. */
  function apply(options: { replace?: boolean } = {}) {
    const form = formRef.current;
    if (!form) return;
    clearTimeout(timer.current);
    const values = new FormData(form);
    const next = parseBrowseQuery(new URLSearchParams([...values].map(([name, value]) => [name, String(value)])));
    submit(new URLSearchParams(browseSearch({ ...next, page: 1 }).slice(1)), {
      method: "get",
      action: href("/giveaways"),
      replace: options.replace,
      preventScrollReset: true,
    });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action={href("/giveaways")}
      role="search"
      aria-label="Filter giveaways"
      preventScrollReset
      className="card mt-8 grid grid-cols-2 items-end gap-x-3 gap-y-4 p-4 sm:gap-x-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="browse-q" className="label">
          Search
        </label>
        <input
          id="browse-q"
          name="q"
          type="search"
          className="input h-11"
          defaultValue={query.q}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Title or brand"
          autoComplete="off"
          onChange={() => {
            clearTimeout(timer.current);
            // One history entry per search: the first pause pushes, later ones refine it in place.
            timer.current = setTimeout(() => apply({ replace: query.q !== "" }), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      <FilterSelect id="browse-status" name="status" label="Status" value={query.status} options={BROWSE_STATUSES} onPick={apply} />
      <FilterSelect id="browse-product" name="product" label="Product" value={query.product} options={BROWSE_PRODUCTS} onPick={apply} />
      <FilterSelect id="browse-sort" name="sort" label="Sort by" value={query.sort} options={BROWSE_SORTS} onPick={apply} />
      <button type="submit" className="btn-primary h-11">
        Search
      </button>
    </Form>
  );
}

function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { key: string; label: string }[];
  onPick: () => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="label">
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.value} className="input h-11 px-2.5" onChange={() => props.onPick()}>
        {props.options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Pagination({ query, page, pageCount }: { query: BrowseQuery; page: number; pageCount: number }) {
  const href = (n: number) => `/giveaways${browseSearch(query, { page: n })}`;
  const step = "inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium";
  const enabled = `${step} border border-slate-300 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800`;
  const disabled = `${step} border border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400`;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={enabled}>
          Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Previous
        </span>
      )}
      {/* Phones get "Page 2 of 4" between the arrows; page numbers from sm up. */}
      <span className="px-2 text-sm text-slate-700 sm:hidden dark:text-slate-300">
        Page {page} of {pageCount}
      </span>
      <ul className="hidden flex-wrap items-center gap-2 sm:flex">
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600 dark:text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={
                  n === page
                    ? `${step} bg-brand-700 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`
                    : enabled
                }
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={enabled}>
          Next
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
