import { csvFileName } from "~/domain/csv";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { ANALYTICS_LEVEL_LABELS, hasAnalytics, toAnalyticsLevel } from "~/domain/plan-features";
import { entriesCsvStream, ownsCampaign } from "~/server/analytics/figures.server";
import { requireUser } from "~/server/auth/session.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.entries.csv";

/**
 * The campaign's entries as CSV (decision 018), for its creator only; anyone else gets a 404. The
 * export comes with standard analytics and above (decision 046): on basic it is a 403 that says so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const campaign = await ownsCampaign(user.id, params.campaignId);
  if (!campaign) {
    return new Response(DASHBOARD_MESSAGES.campaignNotFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const level = toAnalyticsLevel(campaign.analyticsLevel);
  if (!hasAnalytics(level, "csvExport")) {
    return new Response(
      `The entries export is not part of this campaign's plan (${ANALYTICS_LEVEL_LABELS[level].toLowerCase()}). ` +
        "Plans with standard or advanced analytics include it; see /pricing.",
      { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } },
    );
  }
  const fileName = csvFileName(`${campaign.title || "campaign"} entries`, new Date());
  return new Response(entriesCsvStream(params.campaignId), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      // Entrants' personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
