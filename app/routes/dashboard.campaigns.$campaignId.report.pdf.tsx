import { ADD_ON_MESSAGES } from "~/domain/add-ons";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { addOnsPath } from "~/paths";
import { reportAccess } from "~/server/campaigns/add-ons.server";
import { analyticsReportPdf, reportData, reportFileName } from "~/server/analytics/report.server";
import { requireUser } from "~/server/auth/session.server";
import { privateDownload, plainText } from "~/server/core/responses.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.report.pdf";

/**
 * The Advanced Analytics Report of a campaign as a PDF (decision 068), with the figures of this
 * moment: for its creator and admins once the report is paid for. Anyone else's campaign is a 404;
 * an unpaid report sends the creator to Add-ons, where it is bought, with a message saying so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const access = await reportAccess(user, params.campaignId);
  if (access.kind === "not-found") {
    return plainText(DASHBOARD_MESSAGES.campaignNotFound, 404);
  }
  if (access.kind === "unpaid") {
    return redirectWithToast(
      addOnsPath({ campaignId: params.campaignId }),
      { type: "info", title: "Report not bought yet", description: ADD_ON_MESSAGES.reportNotBought(access.title) },
      { status: 303 },
    );
  }
  const report = await reportData(access.campaignId);
  if (!report) return plainText(DASHBOARD_MESSAGES.campaignNotFound, 404);
  const pdf = await analyticsReportPdf(report);
  return privateDownload(new Uint8Array(pdf), reportFileName(report.title), "application/pdf");
}
