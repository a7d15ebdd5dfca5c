import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { DrawControls } from "~/components/campaign/draw-controls";
import { FraudReview, REVIEW_SECTION_ID } from "~/components/dashboard/fraud-review";
import { ActionToast } from "~/components/ui/action-toast";
import { ChartCard, EntriesOverTimeChart, EntrySourcesChart, TopDomainsChart, TopReferrersList } from "~/components/dashboard/charts";
import { AiCredits } from "~/components/dashboard/ai-credits";
import { CapBanner } from "~/components/dashboard/cap-banner";
import { UpgradePanel, type UpgradeOffer } from "~/components/dashboard/upgrade-panel";
import { StatusBadge, toneFor } from "~/components/dashboard/status-badge";
import { productLabel } from "~/domain/browse";
import { analyticsBadge, campaignEndDate, formatUtcDate, isPublicStatus } from "~/domain/campaign-status";
import { chartWindow, dailySeries, DASHBOARD_MESSAGES, entryRateNote, formatCount, formatEntryRate, plural } from "~/domain/dashboard";
import type { DrawControlsData } from "~/domain/draw-controls";
import { type FraudReviewData, ReviewActionSchema } from "~/domain/fraud";
import { HOURLY_CHART_HOURS, hourlySeries, hourlyWindowStart } from "~/domain/hourly-series";
import { campaignImage } from "~/domain/mockups";
import { ANALYTICS_LEVEL_ADDS, cheapestPlanWith, hasAnalytics, toAnalyticsLevel, type AnalyticsLevel } from "~/domain/plan-features";
import { isShipped, orderStatusLabel } from "~/domain/orders";
import { analyticsPath, campaignPath, creatorDrawPath, entriesCsvPath, myCampaignsPath, wizardPath } from "~/paths";
import {
  entriesPerDay,
  entriesPerHour,
  entryFigures,
  ownCampaignForAnalytics,
  topEmailDomains,
  topReferrers,
  type AnalyticsCampaign,
} from "~/server/analytics/figures.server";
import { activePlans } from "~/server/plans/active-plans.server";
import { capNotices, upgradeLink } from "~/server/plans/cap-notices.server";
import { creditFigures } from "~/server/ai/credits.server";
import { drawControlsData } from "~/server/draw/controls.server";
import { readForm } from "~/server/core/forms.server";
import { disqualifyEntries, fraudReview, restoreEntries } from "~/server/analytics/fraud.server";
import { requireUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.analytics";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.campaign.title} - Analytics · Giveawear` : "Analytics · Giveawear" },
];

const backWithError = (description: string) =>
  redirectWithToast(myCampaignsPath(), { type: "error", title: DASHBOARD_MESSAGES.analyticsErrorTitle, description });

/**
 * Each section is read only when the campaign's analytics level (frozen at launch from its plan,
 * decision 046) includes it: a locked section is null in the page's data, not merely hidden.
 * "Entries to review" is on every level.
 */
async function loadAnalytics(userId: string, campaignId: string, now: Date, reviewPage: number) {
  const campaign = await ownCampaignForAnalytics(userId, campaignId);
  if (!campaign) return null;
  const level = toAnalyticsLevel(campaign.analyticsLevel);
  const window = chartWindow(campaign.startDate, campaign.endDate, now);
  const hourFrom = window.to ? hourlyWindowStart(window.to, window.from) : null;
  const [figures, perDay, perHour, domains, referrers, draw, review, offers, notices, upgradeHref, credits] = await Promise.all([
    entryFigures(campaign.id),
    hasAnalytics(level, "dailyChart") ? entriesPerDay(campaign.id) : null,
    hasAnalytics(level, "hourlyChart") ? (hourFrom ? entriesPerHour(campaign.id, hourFrom) : []) : null,
    hasAnalytics(level, "emailDomains") ? topEmailDomains(campaign.id) : null,
    hasAnalytics(level, "topReferrers") ? topReferrers(campaign.id) : null,
    drawPanel(campaign, now),
    reviewPanel(campaign, reviewPage, now),
    upgradeOffers(level),
    capNotices([campaign], now),
    upgradeLink(campaign, now),
    creditFigures(userId, campaign.id),
  ]);
  return {
    campaign,
    level,
    figures,
    series: perDay ? dailySeries(perDay, window.from, window.to) : null,
    hourly: perHour ? (hourFrom && window.to ? hourlySeries(perHour, hourFrom, window.to) : []) : null,
    domains,
    referrers,
    draw,
    review,
    offers,
    capNotice: notices[0] ?? null,
    upgradeHref,
    credits,
  };
}

/** For each level above the campaign's: the cheapest plan on offer that has it (the upgrade panels' text). */
async function upgradeOffers(level: AnalyticsLevel): Promise<{ standard: UpgradeOffer | null; advanced: UpgradeOffer | null }> {
  if (level === "advanced") return { standard: null, advanced: null };
  let plans: Awaited<ReturnType<typeof activePlans>> = [];
  try {
    plans = await activePlans();
  } catch (error) {
    console.error("[analytics] could not read the plans on offer; the upgrade panels name none", error);
  }
  const offer = (needed: AnalyticsLevel): UpgradeOffer => ({
    planName: cheapestPlanWith(plans, needed)?.name ?? null,
    adds: ANALYTICS_LEVEL_ADDS[needed],
  });
  return { standard: level === "basic" ? offer("standard") : null, advanced: offer("advanced") };
}

/** "Entries to review" (decision 041); if it cannot be read, the rest of the page still shows. */
async function reviewPanel(campaign: AnalyticsCampaign, page: number, now: Date): Promise<FraudReviewData | null> {
  try {
    return await fraudReview(campaign, page, now);
  } catch (error) {
    console.error(`[analytics] could not load the fraud review of ${campaign.id}`, error);
    return null;
  }
}

/** The review list's page (?review=N), 1 when absent or not a whole number. */
function reviewPageParam(value: FormDataEntryValue | null): number {
  const page = typeof value === "string" ? Number(value) : NaN;
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The draw panel's data; if it cannot be read, the page still shows, with a link to the draw page. */
async function drawPanel(campaign: AnalyticsCampaign, now: Date): Promise<DrawControlsData | null> {
  try {
    return await drawControlsData(campaign, now);
  } catch (error) {
    console.error(`[analytics] could not load the draw panel of ${campaign.id}`, error);
    return null;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const now = new Date();
  let loaded: Awaited<ReturnType<typeof loadAnalytics>>;
  try {
    loaded = await loadAnalytics(user.id, params.campaignId, now, reviewPageParam(new URL(request.url).searchParams.get("review")));
  } catch (error) {
    console.error(`[analytics] could not load ${params.campaignId}`, error);
    throw await backWithError(DASHBOARD_MESSAGES.campaignLoadFailed);
  }
  if (!loaded) throw await backWithError(DASHBOARD_MESSAGES.noAccess);

  const { campaign, level, figures, series, hourly, domains, referrers, draw, review, offers, capNotice, upgradeHref, credits } = loaded;
  const end = campaignEndDate(campaign);
  const ended = end !== null && end.getTime() <= now.getTime();
  const order = campaign.orders[0] ?? null;
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title.trim() || "Untitled campaign",
      isPublic: isPublicStatus(campaign.status),
      badge: analyticsBadge(campaign, now),
      endLabel: end ? `${ended ? "Ended" : "Ends"} ${formatUtcDate(end)}` : "No end date yet",
      analyticsLevel: level,
      csvExport: hasAnalytics(level, "csvExport"),
      upgradeHref,
    },
    capNotice,
    figures: {
      total: figures.total,
      referral: figures.referral,
      direct: figures.direct,
      pending: figures.pending,
      pageViews: campaign.pageViews,
      entryRate: formatEntryRate(figures.total, campaign.pageViews),
      entryRateNote: entryRateNote(figures.total, campaign.pageViews),
    },
    series,
    hourly,
    hourlyHours: HOURLY_CHART_HOURS,
    referrers,
    offers,
    seriesEmptyText: campaign.startDate
      ? `Entries will show here from ${formatUtcDate(campaign.startDate)}.`
      : "Entries will show here once the campaign launches.",
    domains,
    design: {
      image: campaignImage(campaign),
      alt: `${productLabel(campaign.productType)} design for ${campaign.title || "this campaign"}`,
      generationsUsed: campaign.aiGenerationsUsed,
      credits,
    },
    fulfilment: {
      winner: order?.winnerEmail ?? campaign.winnerEmail ?? "Pending Selection",
      status: orderStatusLabel(order?.status),
      printifyOrderId: order?.printifyOrderId ?? null,
      shipping: isShipped(order?.status) ? "Shipped" : "Not Yet Shipped",
      trackingNumber: order?.trackingNumber ?? null,
      hasOrder: order !== null,
    },
    draw,
    review,
  };
}

/**
 * The fraud review's disqualify / restore (decision 041), for the campaign's creator only. A
 * success redirects back to the review; a refusal answers the page with its message and a 4xx.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const campaign = await ownCampaignForAnalytics(user.id, params.campaignId);
  if (!campaign) throw data(DASHBOARD_MESSAGES.noAccess, { status: 404 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ReviewActionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.";
    return data(
      { review: submission.reply(), toast: actionToast({ type: "error", title: "Nothing changed", description: message }) },
      { status: 400 },
    );
  }
  const value = submission.value;
  const result =
    value.action === "disqualify"
      ? await disqualifyEntries(campaign.id, value.ids, value.reason, value.note)
      : await restoreEntries(campaign.id, value.ids);
  if (result.ok) {
    const page = reviewPageParam(formData.get("page"));
    return redirectWithToast(
      `${analyticsPath(campaign.id)}${page > 1 ? `?review=${page}` : ""}#${REVIEW_SECTION_ID}`,
      { type: "success", title: result.title, description: result.description },
      { status: 303 },
    );
  }
  return data(
    {
      review: submission.reply(result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] }),
      toast: actionToast({ type: "error", title: "Nothing changed", description: result.message }),
    },
    { status: result.status },
  );
}

export default function CampaignAnalytics({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, figures, series, hourly, domains, referrers, offers, design, fulfilment, draw, review, capNotice } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      <Link to={myCampaignsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div className="mt-3 flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{campaign.title} - Analytics</h1>
        <div className="flex flex-wrap gap-2 xl:shrink-0 xl:flex-nowrap">
          {campaign.isPublic ? (
            <Link to={campaignPath(campaign.id)} reloadDocument target="_blank" rel="noopener" className="btn-secondary">
              View Public Page <span className="sr-only">(opens in a new tab)</span>
            </Link>
          ) : null}
          <Link to={wizardPath({ duplicateId: campaign.id })} className="btn-secondary">
            Duplicate Campaign
          </Link>
          {campaign.upgradeHref ? (
            <Link to={campaign.upgradeHref} className="btn-secondary">
              Upgrade Plan
            </Link>
          ) : null}
          {campaign.csvExport ? (
            <a href={entriesCsvPath(campaign.id)} download className="btn-primary" aria-describedby="csv-consent-note">
              Export Entries (CSV)
            </a>
          ) : null}
        </div>
      </div>
      {campaign.csvExport ? (
        // Decision 057: contact details only with marketing consent.
        <p id="csv-consent-note" className="mt-2 text-sm text-slate-600 xl:text-right dark:text-slate-400">
          The export marks each entry's marketing consent, and includes email and phone only for entrants who agreed to hear from you.
        </p>
      ) : null}

      {capNotice ? (
        <div className="mt-6">
          <CapBanner notice={capNotice} showTitle={false} />
        </div>
      ) : null}

      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-label="Key figures">
        <StatCard
          label="Total Entries"
          value={formatCount(figures.total)}
          note={`Confirmed; ${plural(figures.pageViews, "page view", "page views")}`}
          testId="total-entries"
        />
        <StatCard
          label="Awaiting Confirmation"
          value={formatCount(figures.pending)}
          note="Not counted until confirmed by email"
          testId="pending-entries"
        />
        <StatCard label="Email Entry Rate" value={figures.entryRate} note={figures.entryRateNote} testId="entry-rate" />
        <StatCard label="Referral Entries" value={formatCount(figures.referral)} note="Via shared links" testId="referral-entries" />
        <StatCard
          label="Campaign Status"
          value={
            <StatusBadge tone={toneFor(campaign.badge)} testId="campaign-status">
              {campaign.badge}
            </StatusBadge>
          }
          note={campaign.endLabel}
        />
      </ul>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        {series ? (
          <div className="lg:col-span-2">
            <ChartCard title="Entries Over Time" subtitle="Daily, UTC">
              <EntriesOverTimeChart series={series} emptyText={loaderData.seriesEmptyText} />
            </ChartCard>
          </div>
        ) : null}
        {hourly ? (
          <div className="lg:col-span-2">
            <ChartCard title="Entries by Hour" subtitle={`Last ${loaderData.hourlyHours} hours of the campaign, UTC`}>
              <EntriesOverTimeChart series={hourly} emptyText={loaderData.seriesEmptyText} unit="hour" />
            </ChartCard>
          </div>
        ) : null}
        {domains && referrers ? (
          <>
            <ChartCard title="Entry Sources" subtitle="Referral vs Direct">
              <EntrySourcesChart referral={figures.referral} direct={figures.direct} />
            </ChartCard>
            <ChartCard title="Top Email Domains" subtitle="Top 5">
              <TopDomainsChart domains={domains} total={figures.total} />
            </ChartCard>
            <div className="lg:col-span-2">
              <ChartCard title="Top Referrers" subtitle="Entrants whose links brought the most confirmed entries">
                <TopReferrersList referrers={referrers} />
              </ChartCard>
            </div>
          </>
        ) : null}
        {offers.standard ? (
          <UpgradePanel
            title="Charts and CSV export"
            offer={offers.standard}
            upgradeHref={campaign.upgradeHref}
            testId="upgrade-standard"
          />
        ) : null}
        {offers.advanced ? (
          <UpgradePanel
            title="Sources, referrers, email domains and hourly chart"
            offer={offers.advanced}
            upgradeHref={campaign.upgradeHref}
            testId="upgrade-advanced"
          />
        ) : null}
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DesignPerformance design={design} />
        <FulfilmentStatus fulfilment={fulfilment} />
      </div>

      <div className="mt-6">
        {draw ? <DrawControls controls={draw} returnTo={analyticsPath(campaign.id)} /> : <DrawFallback campaignId={campaign.id} />}
      </div>

      <div className="mt-6">
        {review ? (
          <FraudReview review={review} pagePath={analyticsPath(campaign.id)} lastResult={actionData?.review} />
        ) : (
          <p className="card p-5 text-sm sm:p-6" role="status">
            The entries to review could not be loaded. Please reload the page.
          </p>
        )}
      </div>
    </section>
  );
}

function StatCard({ label, value, note, testId }: { label: string; value: ReactNode; note: string; testId?: string }) {
  return (
    <li className="card p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-2 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p>
    </li>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t border-slate-100 py-2.5 first:border-t-0 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm font-semibold break-all text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function DesignPerformance({ design }: { design: Route.ComponentProps["loaderData"]["design"] }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="design-performance">
      <h2 id="design-performance" className="text-base font-semibold">
        Design Performance
      </h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row">
        <div className="size-32 shrink-0 overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
          {design.image ? (
            <img
              src={design.image.src}
              srcSet={design.image.srcSet}
              sizes="8rem"
              alt={design.alt}
              width={128}
              height={128}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center p-2 text-center text-xs text-slate-600 dark:text-slate-400">
              No design yet
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <dl>
            <Row label="AI Generations Used">{formatCount(design.generationsUsed)}</Row>
          </dl>
          <div className="mt-3">
            <AiCredits figures={design.credits} bar={false} />
          </div>
        </div>
      </div>
    </section>
  );
}

function FulfilmentStatus({ fulfilment }: { fulfilment: Route.ComponentProps["loaderData"]["fulfilment"] }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="fulfilment-status">
      <h2 id="fulfilment-status" className="text-base font-semibold">
        Fulfillment Status
      </h2>
      <dl className="mt-3" data-testid="fulfilment">
        <Row label="Winner">{fulfilment.winner}</Row>
        <Row label="Status">{fulfilment.status}</Row>
        {fulfilment.printifyOrderId ? <Row label="Printify Order ID">{fulfilment.printifyOrderId}</Row> : null}
        <Row label="Shipping">{fulfilment.shipping}</Row>
        {fulfilment.trackingNumber ? <Row label="Tracking Number">{fulfilment.trackingNumber}</Row> : null}
      </dl>
      {fulfilment.hasOrder ? null : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{DASHBOARD_MESSAGES.fulfilmentUnavailable}</p>
      )}
    </section>
  );
}

/** When the draw panel's data could not be read: its own page may still work. */
function DrawFallback({ campaignId }: { campaignId: string }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="draw-section" data-testid="draw-section">
      <h2 id="draw-section" className="text-base font-semibold">
        Winner Draw
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Draw, redraw and whether the winner is shown publicly.</p>
      <Link to={creatorDrawPath(campaignId)} className="btn-secondary mt-4">
        Manage the draw
      </Link>
    </section>
  );
}
