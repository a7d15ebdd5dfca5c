import { csvFileName } from "~/domain/csv";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { handlesCsvStream } from "~/server/analytics/claims.server";
import { ownsCampaign } from "~/server/analytics/figures.server";
import { requireUser } from "~/server/auth/session.server";
import { privateDownload, plainText } from "~/server/core/responses.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.handles.csv";

/**
 * The follow handles entrants claimed, as CSV (decision 078), for the campaign's creator only; anyone
 * else gets a 404. Part of reviewing claims, so every plan has it; the email only with consent.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const campaign = await ownsCampaign(user.id, params.campaignId);
  if (!campaign) {
    return plainText(DASHBOARD_MESSAGES.campaignNotFound, 404);
  }
  return privateDownload(handlesCsvStream(params.campaignId), csvFileName(`${campaign.title || "campaign"} handles`, new Date()));
}
