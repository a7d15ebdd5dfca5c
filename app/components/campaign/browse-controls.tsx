import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import {
  BROWSE_PRODUCTS,
  BROWSE_SORTS,
  BROWSE_STATUSES,
  browseSearch,
  isFiltered,
  MAX_SEARCH_LENGTH,
  pageWindow,
  parseBrowseQuery,
  type BrowseQuery,
} from "~/domain/browse";
import { href } from "~/paths";

const SEARCH_DEBOUNCE_MS = 400;

export function emptyMessage(query: BrowseQuery): string {
  return isFiltered(query) ? "No giveaways match your filters." : "No live giveaways right now.";
}

export function EmptyResult({ query }: { query: BrowseQuery }) {
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

export function BrowseFilters({ query }: { query: BrowseQuery }) {
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

export function Pagination({ query, page, pageCount }: { query: BrowseQuery; page: number; pageCount: number }) {
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
