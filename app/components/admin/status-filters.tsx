import { Link } from "react-router";

export interface StatusFilter {
  label: string;
  count: number;
  href: string;
  active: boolean;
}

/** A row of status pills with counts (All, Pending, …), each a plain link, so filters live in the URL. */
export function StatusFilters({ label, filters }: { label: string; filters: StatusFilter[] }) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-2">
        {filters.map((filter) => (
          <li key={filter.label}>
            <Link
              to={filter.href}
              aria-current={filter.active ? "page" : undefined}
              className={`inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium ${
                filter.active
                  ? "bg-brand-700 text-white dark:bg-brand-300 dark:text-slate-950"
                  : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
              }`}
            >
              {filter.label}
              <span className={`text-xs ${filter.active ? "opacity-90" : "text-slate-600 dark:text-slate-300"}`}>{filter.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
