import { Link } from "react-router";

/**
 * A row of status pills with counts (All, Pending, …), each a plain link, so filters live in the URL.
 * All counts every row, whatever its status; `href` gives the list's address for a status (null: All).
 */
export function StatusFilters<Status extends string>({
  label,
  statuses,
  labels,
  counts,
  current,
  href,
}: {
  label: string;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  counts: Partial<Record<string, number>>;
  current: Status | null;
  href: (status: Status | null) => string;
}) {
  const all = Object.values(counts).reduce((sum: number, n) => sum + (n ?? 0), 0);
  const filters = [
    { label: "All", status: null, count: all },
    ...statuses.map((status) => ({ label: labels[status], status, count: counts[status] ?? 0 })),
  ];
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-2">
        {filters.map((filter) => {
          const active = filter.status === current;
          return (
            <li key={filter.label}>
              <Link
                to={href(filter.status)}
                aria-current={active ? "page" : undefined}
                className={`inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium ${
                  active
                    ? "bg-brand-700 text-white dark:bg-brand-300 dark:text-slate-950"
                    : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                }`}
              >
                {filter.label}
                <span className={`text-xs ${active ? "opacity-90" : "text-slate-600 dark:text-slate-300"}`}>{filter.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
