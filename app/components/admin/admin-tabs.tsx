import { NavLink } from "react-router";
import { adminEmailsPath, adminOrdersPath, href } from "~/paths";

/** The admin panel's tabs (SPEC "Admin control panel"); each is a page of its own, so they work without JavaScript. */
export const ADMIN_TABS = [
  { label: "Overview", to: href("/admin/dashboard") },
  { label: "Users", to: href("/admin/dashboard/users") },
  { label: "Orders", to: adminOrdersPath() },
  { label: "Settings", to: href("/admin/dashboard/settings") },
  { label: "Emails", to: adminEmailsPath() },
  { label: "API Keys", to: href("/admin/dashboard/api-keys") },
  { label: "System", to: href("/admin/dashboard/system") },
] as const;

export function AdminTabs() {
  return (
    <nav aria-label="Admin sections">
      {/* Wraps on a phone rather than scrolling: every tab stays in sight. */}
      <ul className="flex flex-wrap gap-x-0 border-b border-slate-200 sm:gap-x-1 dark:border-slate-800">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              // Overview's URL starts every other tab's; the rest stay current on their sub-pages.
              end={tab.to === href("/admin/dashboard")}
              className={({ isActive }) =>
                `-mb-px block border-b-2 px-3 py-2.5 text-sm font-semibold sm:px-4 ${
                  isActive
                    ? "border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200"
                    : "border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
