import { Link } from "react-router";
import { ADD_ONS } from "~/components/admin/add-ons";
import { campaignCounts } from "~/server/admin/overview.server";
import type { Route } from "./+types/admin-dashboard-old";
import { href } from "~/paths";

export const meta = () => [{ title: "Admin Dashboard (reference) · Giveawear" }];

export async function loader() {
  return { counts: await campaignCounts() };
}

/** SPEC: the older reference admin dashboard, its counts now read from the database. */
export default function AdminDashboardOld({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const stats = [
    { label: "Total campaigns", value: counts.total },
    { label: "Live now", value: counts.active },
    { label: "Drafts", value: counts.draft },
    { label: "Awaiting payment", value: counts.pending },
    { label: "Ended", value: counts.ended },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Reference dashboard</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The earlier, simpler dashboard, kept for reference. Everything an admin manages is in the{" "}
        <Link to={href("/admin/dashboard")} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
          full admin panel
        </Link>
        .
      </p>

      <h2 className="mt-8 text-lg font-semibold">Campaigns</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.label} className="card p-4">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{stat.value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-10 text-lg font-semibold">Add-ons</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">What creators can buy for a campaign on their Add-ons page.</p>
      <ul className="mt-3 grid gap-4 md:grid-cols-3">
        {ADD_ONS.map((addOn) => (
          <li key={addOn.name} className="card flex flex-col p-5">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{addOn.name}</h3>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {addOn.price ? "On sale" : "Coming soon"}
              </span>
            </div>
            {addOn.price ? <p className="mt-1 text-2xl font-bold">{addOn.price}</p> : null}
            <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">{addOn.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
