import type { ReactNode } from "react";
import { Link, NavLink, useMatches } from "react-router";
import { AdminTabs } from "./admin-tabs";
import { href } from "~/paths";

/**
 * What an admin page says above the tabs, exported as its route's `handle`: a title and an intro
 * (which may read the page's loader data). The admin layout route shows the deepest one.
 */
export interface AdminPageHandle<Data = never> {
  adminPage: { title: string; intro?: ReactNode | ((loaderData: Data) => ReactNode) };
}

export function adminPage<Data = never>(page: AdminPageHandle<Data>["adminPage"]): AdminPageHandle<Data> {
  return { adminPage: page };
}

/** The title and intro of the deepest matched route that has them. */
export function useAdminPageHeading(): { title: string; intro?: ReactNode } {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const page = (match.handle as Partial<AdminPageHandle<unknown>> | undefined)?.adminPage;
    if (page) return { title: page.title, intro: typeof page.intro === "function" ? page.intro(match.loaderData) : page.intro };
  }
  throw new Error(`No admin page heading: export handle = adminPage({ title }) from ${matches.at(-1)?.id ?? "the route"}.`);
}

/** Every admin tab: heading, the tab bar, then the tab's content. */
export function AdminPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Admin control panel</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
      {intro ? <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</p> : null}
      <div className="mt-6">
        <AdminTabs />
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

export const SETTINGS_SECTIONS = [
  { label: "Platform", to: href("/admin/dashboard/settings") },
  { label: "Email templates", to: href("/admin/dashboard/settings/templates") },
  { label: "Homepage slider", to: href("/admin/dashboard/settings/slider") },
  { label: "Plans", to: href("/admin/dashboard/settings/plans") },
  { label: "Coupons", to: href("/admin/dashboard/settings/coupons") },
] as const;

/** The Settings tab's sections, each a page of its own (so each works without JavaScript). */
export function SettingsNav() {
  return (
    <nav aria-label="Settings sections" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.to === href("/admin/dashboard/settings")}
              className={({ isActive }) =>
                `block rounded-full px-4 py-1.5 text-sm font-medium ${
                  isActive
                    ? "bg-brand-700 text-white dark:bg-brand-300 dark:text-slate-950"
                    : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A catalogue load error ("Could not load users.") in place of the list it stands for. */
export function LoadError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  );
}

export function SectionCard({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  // The section's own id is suffixed: a form inside may well use the plain id (Conform's form id),
  // and two elements with one id would detach the form's fields from it.
  return (
    <section aria-labelledby={headingId} id={id ? `${id}-section` : undefined} className="card p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

const BADGE_TONES = {
  neutral: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  brand: "bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100",
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  bad: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
} as const;

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full whitespace-nowrap px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONES[tone]}`}>
      {children}
    </span>
  );
}

/** Previous/next links around "Page N of M" for a paged admin list; `href` gives a page's address. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary" rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700 dark:text-slate-300">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn-secondary" rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
