import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { DrawControls } from "~/components/campaign/draw-controls";
import { FraudReview, REVIEW_SECTION_ID } from "~/components/dashboard/fraud-review";
import { ActionToast } from "~/components/ui/action-toast";
import { ChartCard, EntriesOverTimeChart, EntrySourcesChart, TopDomainsChart, TopReferrersList } from "~/components/dashboard/charts";
import { DesignPerformance, DrawFallback, FulfilmentStatus, StatCard } from "~/components/dashboard/analytics-sections";
import { CapBanner } from "~/components/dashboard/cap-banner";
import { EntryActionFigures } from "~/components/dashboard/entry-action-figures";
import { UpgradePanel } from "~/components/dashboard/upgrade-panel";
import { StatusBadge, toneFor } from "~/components/dashboard/status-badge";
import { DASHBOARD_MESSAGES, formatCount, plural } from "~/domain/dashboard";
import { ReviewActionSchema } from "~/domain/fraud";
import { analyticsPath, campaignPath, claimsReviewPath, emailPreviewPath, entriesCsvPath, myCampaignsPath, wizardPath } from "~/paths";
import { ownCampaignForAnalytics } from "~/server/analytics/figures.server";
import { readForm } from "~/server/core/forms.server";
import { disqualifyEntries, restoreEntries } from "~/server/analytics/fraud.server";
import { analyticsPage, reviewPageParam } from "~/server/analytics/page.server";
import { requireUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.analytics";
import { log } from "~/server/core/log.server";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.campaign.title} - Analytics · Giveawear` : "Analytics · Giveawear" },
];

const backWithError = (description: string) =>
  redirectWithToast(myCampaignsPath(), { type: "error", title: DASHBOARD_MESSAGES.analyticsErrorTitle, description });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let page: Awaited<ReturnType<typeof analyticsPage>>;
  try {
    page = await analyticsPage(user.id, params.campaignId, reviewPageParam(new URL(request.url).searchParams.get("review")));
  } catch (error) {
    log.error({ err: error }, `[analytics] could not load ${params.campaignId}`);
    throw await backWithError(DASHBOARD_MESSAGES.campaignLoadFailed);
  }
  if (!page) throw await backWithError(DASHBOARD_MESSAGES.noAccess);
  return page;
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
          <Link to={emailPreviewPath(campaign.id)} className="btn-secondary">
            Preview Emails
          </Link>
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
            <ChartCard title="Entries Over Time" subtitle={`Daily, ${campaign.timeZoneLabel}`}>
              <EntriesOverTimeChart series={series} emptyText={loaderData.seriesEmptyText} zone={campaign.timeZone} />
            </ChartCard>
          </div>
        ) : null}
        {hourly ? (
          <div className="lg:col-span-2">
            <ChartCard title="Entries by Hour" subtitle={`Last ${loaderData.hourlyHours} hours of the campaign, ${campaign.timeZoneLabel}`}>
              <EntriesOverTimeChart series={hourly} emptyText={loaderData.seriesEmptyText} unit="hour" zone={campaign.timeZone} />
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
        <EntryActionFigures
          campaignId={campaign.id}
          actions={loaderData.actions}
          confirmed={figures.total}
          reviewHref={claimsReviewPath(campaign.id)}
        />
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
