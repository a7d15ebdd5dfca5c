import { Link } from "react-router";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/my-campaigns";

export const meta = () => [{ title: "My Campaigns · Giveawear" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { name: user.name, credits: user.aiDesignCredits };
}

export default function MyCampaigns({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Welcome back, {loaderData.name}!</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        This is your campaign dashboard. You have <strong>{loaderData.credits}</strong> AI design credits.
      </p>
      <div className="card mt-8 p-6">
        <h2 className="text-lg font-semibold">No campaigns yet</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Design a shirt and launch your first giveaway in a few minutes.</p>
        <Link to="/create-campaign-v2" className="btn-primary mt-4">
          Create Giveaway
        </Link>
      </div>
    </section>
  );
}
