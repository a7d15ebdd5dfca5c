import { csvFileName } from "~/domain/csv";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { handlesCsvStream } from "~/server/analytics/claims.server";
import { ownsCampaign } from "~/server/analytics/figures.server";
import { requireUser } from "~/server/auth/session.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.handles.csv";

/**
 * The follow handles entrants claimed, as CSV (decision 078), for the campaign's creator only; anyone
 * else gets a 404. Part of reviewing claims, so every plan has it; the email only with consent.
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
  const fileName = csvFileName(`${campaign.title || "campaign"} handles`, new Date());
  return new Response(handlesCsvStream(params.campaignId), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      // Entrants' personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
