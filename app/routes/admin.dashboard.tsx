import { prisma } from "~/server/db.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/admin.dashboard";

export const meta = () => [{ title: "Admin Dashboard · Giveawear" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [users, campaigns, entries] = await Promise.all([prisma.user.count(), prisma.campaign.count(), prisma.entry.count()]);
  return { users, campaigns, entries };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const stats = [
    { label: "Users", value: loaderData.users },
    { label: "Campaigns", value: loaderData.campaigns },
    { label: "Entries", value: loaderData.entries },
  ];
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className="card p-5">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-bold">{stat.value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
