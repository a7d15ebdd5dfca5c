import { csvFileName } from "~/domain/csv";
import { answersCsvStream, ownQuestionAction } from "~/server/analytics/actions.server";
import { requireUser } from "~/server/auth/session.server";
import { privateDownload, plainText } from "~/server/core/responses.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.actions.$actionId.answers.csv";

/**
 * A question action's answers as CSV (decision 079), for the campaign's creator only: anyone else,
 * another campaign's action or an action that is not a question gets a 404. Anonymous answers, like
 * the analytics page's list, so every plan has it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const action = await ownQuestionAction(user.id, params.campaignId, params.actionId);
  if (!action) {
    return plainText("That question does not exist (or is not yours).", 404);
  }
  return privateDownload(
    answersCsvStream(action.id),
    csvFileName(`${action.campaign.title || "campaign"} ${action.label} answers`, new Date()),
  );
}
