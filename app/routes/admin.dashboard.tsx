import { Link } from "react-router";
import { adminPage, Badge } from "~/components/admin/admin-page";
import { Table } from "~/components/ui/table";
import { statusLabel } from "~/domain/status-labels";
import { adminOverview } from "~/server/admin/overview.server";
import type { Route } from "./+types/admin.dashboard";
import { adminOrdersPath, href } from "~/paths";

export const meta = () => [{ title: "Admin Dashboard · Giveawear" }];

export const handle = adminPage({ title: "Admin Dashboard", intro: "The whole platform at a glance." });

export async function loader() {
  return adminOverview();
}

const number = (value: number) => value.toLocaleString("en-US");

export default function AdminOverview({ loaderData: data }: Route.ComponentProps) {
  const totals = [
    { label: "Users", value: data.users, note: `${number(data.newUsers)} new in the last 7 days`, to: href("/admin/dashboard/users") },
    { label: "Campaigns", value: data.campaigns, note: `${number(data.liveNow)} live right now`, to: null },
    { label: "Entries", value: data.entries, note: `${number(data.newEntries)} in the last 7 days`, to: null },
    { label: "Orders", value: data.orders, note: "Prizes claimed or awaiting a claim", to: adminOrdersPath() },
  ];
  return (
    <>
      <h2 className="sr-only">Totals</h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {totals.map((stat) => (
          <div key={stat.label} className="card flex flex-col p-4 sm:p-5">
            <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{number(stat.value)}</dd>
            <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{stat.note}</dd>
            {stat.to ? (
              <dd className="mt-auto pt-3 text-sm">
                <Link to={stat.to} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
                  Open {stat.label}
                </Link>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <StatusTable title="Campaigns by status" rows={data.campaignsByStatus} total={data.campaigns} />
        <StatusTable title="Orders by status" rows={data.ordersByStatus} total={data.orders} />
      </div>
    </>
  );
}

function StatusTable({ title, rows, total }: { title: string; rows: { status: string; count: number }[]; total: number }) {
  const share = (count: number) => (total > 0 ? Math.round((count / total) * 100) : 0);
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <Table
        className="mt-4 w-full text-sm"
        headClassName="sr-only"
        rowClassName="border-t border-slate-100 first:border-t-0 dark:border-slate-800"
        columns={[
          {
            header: "Status",
            rowHeader: true,
            className: "py-2.5 pr-3 text-left font-normal",
            cell: (row) => <Badge tone={row.count > 0 ? "brand" : "neutral"}>{statusLabel(row.status)}</Badge>,
          },
          { header: "Count", className: "py-2.5 pr-3 text-right font-semibold tabular-nums", cell: (row) => number(row.count) },
          {
            header: "Share",
            className: "w-2/5 py-2.5",
            cell: (row) => (
              <>
                <div className="h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                  <div className="h-2 rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${share(row.count)}%` }} />
                </div>
                <span className="sr-only">{share(row.count)}%</span>
              </>
            ),
          },
        ]}
        rows={rows}
        rowKey={(row) => row.status}
      />
    </section>
  );
}
