/**
 * The claim page's action data, and its redraw objection form's action (decision 105): only through a
 * link whose pick the draw record marks replaced (others are refused: 404 for links we never signed,
 * 403 otherwise), once per pick; a second one changes nothing and says so (409).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ClaimPageView } from "../../domain/claim-page";
import { ObjectionSchema } from "../../domain/redraw-objection";
import { claimText } from "../../i18n/claim-text";
import { claimPath } from "../../paths";
import { redirectWithToast } from "../core/toast.server";
import { requestLanguage } from "../core/language.server";
import { CLAIM_WORDS, claimView, claimViewIn } from "./claim-page.server";
import { claimState } from "./claim.server";
import { submitObjection } from "./objection.server";

export type ClaimActionData = {
  result: SubmissionResult<string[]> | null;
  view: ClaimPageView | null;
  /** The new state's dates, written on the server (decision 097). */
  dates?: Record<string, string>;
  /** The display-name form's errors (decision 057). */
  listing?: SubmissionResult<string[]> | null;
  /** The redraw objection form's errors, or that one was sent before (decision 105). */
  objection?: SubmissionResult<string[]> | null;
  objectionAlready?: boolean;
};

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function objectionAction(request: Request, token: string, formData: FormData) {
  const state = await claimState(token);
  const language = state.kind === "invalid" ? "en" : await requestLanguage(state.campaign.id, request.headers.get("Accept-Language"));
  const refused = () =>
    data<ClaimActionData>(
      { result: null, ...claimViewIn(claimView(state), language) },
      { status: state.kind === "invalid" ? 404 : 403, headers: NO_STORE },
    );
  if (state.kind !== "superseded") return refused();
  const submission = parseWithZod(formData, { schema: ObjectionSchema });
  if (submission.status !== "success")
    return data<ClaimActionData>({ result: null, view: null, objection: submission.reply() }, { status: 400, headers: NO_STORE });
  const outcome = await submitObjection(token, submission.value.message);
  if (outcome.kind === "refused") return refused();
  if (outcome.kind === "already")
    return data<ClaimActionData>({ result: null, view: null, objectionAlready: true }, { status: 409, headers: NO_STORE });
  const { t } = claimText(CLAIM_WORDS[language]);
  return redirectWithToast(
    claimPath(token),
    { type: "success", title: t("objectionTitle"), description: t("objectionSent") },
    { status: 303 },
  );
}
