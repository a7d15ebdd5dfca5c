import { data, isRouteErrorResponse, Link } from "react-router";
import type { DashboardCampaign } from "~/components/dashboard/campaign-item";
import { AiCredits } from "~/components/dashboard/ai-credits";
import { CapBanner } from "~/components/dashboard/cap-banner";
import { CampaignsSection, Stat } from "~/components/dashboard/campaigns-section";
import { TipsAndPromoCard } from "~/components/dashboard/rotating-card";
import { SavedDesignsStrip, type SavedDesignCard } from "~/components/dashboard/saved-designs";
import { Icon, type IconName } from "~/components/marketing/icons";
import { describeError } from "~/domain/http-errors";
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_PROMOS,
  DASHBOARD_TIPS,
  dashboardSearch,
  formatCount,
  itemOfTheDay,
  parseDashboardQuery,
  PROMO_ROTATION_MS,
  TIP_ROTATION_MS,
} from "~/domain/dashboard";
import { addOnsPath, href, integrationsPath, myCampaignsPath, wizardPath } from "~/paths";
import { readForm } from "~/server/core/forms.server";
import { aiCreditFigures } from "~/domain/ai-credits";
import { creditFigures } from "~/server/ai/credits.server";
import type { capNotices } from "~/server/plans/cap-notices.server";
import { deleteOwnCampaign, rememberedView, viewSetCookie } from "~/server/campaigns/dashboard.server";
import { requireUser } from "~/server/auth/session.server";
import { dashboardContent } from "~/server/campaigns/dashboard-page.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/my-campaigns";
import { log } from "~/server/core/log.server";

export const meta = () => [{ title: "My Campaigns · Giveawear" }];

/** SPEC quick actions, with their exact targets. */
const QUICK_ACTIONS: { label: string; to: string; icon: IconName }[] = [
  { label: "New Giveaway", to: wizardPath(), icon: "gift" },
  { label: "Upload a Design", to: wizardPath({ step: "3", mode: "upload" }), icon: "shirt" },
  { label: "AI Designer", to: wizardPath({ step: "3", mode: "ai" }), icon: "sparkles" },
  { label: "Buy Credits", to: href("/buy-credits"), icon: "bolt" },
  { label: "Add-ons", to: addOnsPath(), icon: "megaphone" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const remembered = await rememberedView(request);
  const query = parseDashboardQuery(url.searchParams, remembered);
  const headers = new Headers();
  // The view chosen in the URL is remembered for the next visit without ?view=.
  if (url.searchParams.get("view") === query.view && query.view !== remembered)
    headers.append("Set-Cookie", await viewSetCookie(query.view));

  const now = new Date();
  const page = {
    name: user.name,
    // The same figure and words as the wizard and the analytics page (decision 049).
    credits: await creditFigures(user.id, null).catch(() => aiCreditFigures(user.aiDesignCredits, null)),
    query,
    tips: DASHBOARD_TIPS,
    tipIndex: itemOfTheDay(DASHBOARD_TIPS.length, now),
  };
  try {
    const content = await dashboardContent(user.id, query.tab, now);
    return data({ ...page, loadError: null, ...content }, { headers });
  } catch (error) {
    log.error({ err: error }, "[my-campaigns] could not load the dashboard");
    return data(
      {
        ...page,
        loadError: DASHBOARD_MESSAGES.loadFailed,
        capNotices: [] as Awaited<ReturnType<typeof capNotices>>,
        stats: null,
        counts: {} as Record<string, number>,
        campaigns: [] as DashboardCampaign[],
        designs: [] as SavedDesignCard[],
        promos: [...DASHBOARD_PROMOS],
        promoIndex: itemOfTheDay(DASHBOARD_PROMOS.length, now),
      },
      { status: 500, headers },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const campaignId = String(form.get("campaignId") ?? "");
  if (form.get("intent") !== "delete" || !campaignId) throw data("Bad Request", { status: 400 });
  const query = parseDashboardQuery(
    new URLSearchParams({ tab: String(form.get("tab") ?? ""), view: String(form.get("view") ?? "") }),
    null,
  );
  const back = `${myCampaignsPath()}${dashboardSearch(query)}`;

  let outcome: Awaited<ReturnType<typeof deleteOwnCampaign>>;
  try {
    outcome = await deleteOwnCampaign(user.id, campaignId);
  } catch (error) {
    log.error({ err: error }, `[my-campaigns] could not delete ${campaignId}`);
    return redirectWithToast(back, {
      type: "error",
      title: DASHBOARD_MESSAGES.deletionFailed,
      description: "Could not delete the campaign. Please try again.",
    });
  }
  // Someone else's campaign (or one already gone) is not admitted to exist.
  if (outcome.kind === "not-found") throw data(DASHBOARD_MESSAGES.campaignNotFound, { status: 404 });
  if (outcome.kind === "refused") {
    return redirectWithToast(back, {
      type: "error",
      title: DASHBOARD_MESSAGES.deletionFailed,
      description: DASHBOARD_MESSAGES.cannotDeleteLaunched,
    });
  }
  return redirectWithToast(back, {
    type: "success",
    title: DASHBOARD_MESSAGES.deleted,
    description: `"${outcome.title.trim() || "Untitled campaign"}" was deleted.`,
  });
}

export default function MyCampaigns({ loaderData }: Route.ComponentProps) {
  const { name, credits, stats, query } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {name}!</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">Here&apos;s how your giveaways are doing.</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={integrationsPath()} className="btn-secondary w-full sm:w-auto">
            Integrations
          </Link>
          <Link to={wizardPath()} className="btn-primary w-full sm:w-auto">
            Create Giveaway
          </Link>
        </div>
      </div>

      {loaderData.loadError ? (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {loaderData.loadError}{" "}
          <Link to={myCampaignsPath()} reloadDocument className="underline">
            Try again
          </Link>
        </p>
      ) : null}

      {loaderData.capNotices.length > 0 ? (
        <section aria-label="Entry limits" className="mt-6 flex flex-col gap-3">
          {loaderData.capNotices.map((notice) => (
            <CapBanner key={notice.campaignId} notice={notice} />
          ))}
        </section>
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <section className="card p-5 sm:p-6" aria-labelledby="stats-heading">
            <h2 id="stats-heading" className="sr-only">
              Your numbers
            </h2>
            <dl className="grid grid-cols-3 gap-4 text-center sm:text-left" data-testid="dashboard-stats">
              <Stat label="Campaigns" value={stats ? formatCount(stats.campaigns) : "—"} />
              <Stat label="Active" value={stats ? formatCount(stats.active) : "—"} />
              <Stat label="Total entries" value={stats ? formatCount(stats.totalEntries) : "—"} />
            </dl>
          </section>
          <nav aria-label="Quick actions" className="card p-5 sm:p-6">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <h2 className="text-base font-semibold">Quick actions</h2>
              <div className="sm:w-64">
                <AiCredits figures={credits} bar={false} />
              </div>
            </div>
            <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3">
              {QUICK_ACTIONS.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 px-1.5 py-3 text-center text-sm font-medium text-slate-800 transition hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:text-slate-100 dark:hover:border-brand-700 dark:hover:bg-brand-900/20"
                  >
                    <Icon name={item.icon} className="size-6 text-brand-700 dark:text-brand-300" />
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <TipsAndPromoCard
          tips={loaderData.tips}
          tipIndex={loaderData.tipIndex}
          tipIntervalMs={TIP_ROTATION_MS}
          promos={loaderData.promos}
          promoIndex={loaderData.promoIndex}
          promoIntervalMs={PROMO_ROTATION_MS}
        />
      </div>

      <CampaignsSection query={query} counts={loaderData.counts} campaigns={loaderData.campaigns} />
      <SavedDesignsStrip designs={loaderData.designs} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const page = describeError(error, isRouteErrorResponse);
  // On the server the fault is logged where it was thrown (entry.server.tsx's handleError, decision 083).
  if (page.serverFault && typeof document !== "undefined") console.error(error);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? DASHBOARD_MESSAGES.campaignNotFound : page.title}</h1>
      <p className="text-slate-700 dark:text-slate-300">{notFound ? "That campaign doesn't exist or isn't yours." : page.message}</p>
      <Link to={myCampaignsPath()} reloadDocument className="btn-primary">
        Back to My Campaigns
      </Link>
    </section>
  );
}
