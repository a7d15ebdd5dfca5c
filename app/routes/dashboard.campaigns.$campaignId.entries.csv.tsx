import { csvFileName } from "~/domain/csv";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { ANALYTICS_LEVEL_LABELS, hasAnalytics, toAnalyticsLevel } from "~/domain/plan-features";
import { entriesCsvStream, ownsCampaign } from "~/server/analytics/figures.server";
import { requireUser } from "~/server/auth/session.server";
import { privateDownload, plainText } from "~/server/core/responses.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.entries.csv";

/**
 * The campaign's entries as CSV (decision 018), for its creator only; anyone else gets a 404. The
 * export comes with standard analytics and above (decision 046): on basic it is a 403 that says so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const campaign = await ownsCampaign(user.id, params.campaignId);
  if (!campaign) {
    return plainText(DASHBOARD_MESSAGES.campaignNotFound, 404);
  }
  const level = toAnalyticsLevel(campaign.analyticsLevel);
  if (!hasAnalytics(level, "csvExport")) {
    return plainText(
      `The entries export is not part of this campaign's plan (${ANALYTICS_LEVEL_LABELS[level].toLowerCase()}). ` +
        "Plans with standard or advanced analytics include it; see /pricing.",
      403,
    );
  }
  return privateDownload(entriesCsvStream(params.campaignId), csvFileName(`${campaign.title || "campaign"} entries`, new Date()));
}
