import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { CampaignNotFoundHere } from "~/components/dashboard/campaign-not-found";
import { ClaimReview } from "~/components/dashboard/claim-review";
import { ActionToast } from "~/components/ui/action-toast";
import { CLAIM_ROW_SECTIONS, ClaimActionSchema } from "~/domain/action-claims";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { analyticsPath, claimsReviewPath } from "~/paths";
import { claimsReview, disqualifyClaim, restoreClaim } from "~/server/analytics/claims.server";
import { ownCampaignForAnalytics } from "~/server/analytics/figures.server";
import { reviewPageParam } from "~/server/analytics/page.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/core/forms.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.claims";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: `${loaderData && !loaderData.notFound ? `Action claims · ${loaderData.review.campaign.title}` : "Campaign Not Found"} · Giveawear`,
  },
  { name: "robots", content: "noindex" },
];

/** The two lists' pages: ?page=N (flagged claims) and ?handles=N (every handle). */
function pages(url: string) {
  const search = new URL(url).searchParams;
  return { page: reviewPageParam(search.get("page")), handles: reviewPageParam(search.get("handles")) };
}

/** Action claims to review (decision 078), for the campaign's creator only: anyone else gets a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { page, handles } = pages(request.url);
  const review = await claimsReview(user.id, params.campaignId, page, handles);
  if (!review) return data({ notFound: true as const }, { status: 404 });
  return { notFound: false as const, review };
}

/**
 * Rejecting or restoring one claim (a row's plain POST form). A success goes back to the same lists
 * with a toast; a refusal answers the page with the message beside that claim and a 4xx.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const campaign = await ownCampaignForAnalytics(user.id, params.campaignId);
  if (!campaign) throw data(DASHBOARD_MESSAGES.noAccess, { status: 404 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ClaimActionSchema });
  const claimId = typeof formData.get("claimId") === "string" ? String(formData.get("claimId")) : "";
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.";
    return data(
      { failed: { claimId, message }, toast: actionToast({ type: "error", title: "Nothing changed", description: message }) },
      { status: 400 },
    );
  }
  const value = submission.value;
  const result =
    value.action === "disqualify"
      ? await disqualifyClaim(campaign.id, value.claimId, value.reason)
      : await restoreClaim(campaign.id, value.claimId);
  if (result.ok) {
    // Back to the row posted from (its list's anchor), in the same pages of the lists.
    const back = CLAIM_ROW_SECTIONS.find((section) => section === formData.get("back")) ?? "claim";
    return redirectWithToast(
      `${claimsReviewPath(campaign.id, pages(request.url))}#${back}-${value.claimId}`,
      { type: "success", title: result.title, description: result.description },
      { status: 303 },
    );
  }
  return data(
    {
      failed: { claimId, message: result.message },
      toast: actionToast({ type: "error", title: "Nothing changed", description: result.message }),
    },
    { status: result.status },
  );
}

export default function ActionClaims({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      {loaderData.notFound ? (
        <CampaignNotFoundHere />
      ) : (
        <>
          <Link to={analyticsPath(params.campaignId)} className="btn-ghost -ml-3">
            <span aria-hidden="true">←</span> Back to Analytics
          </Link>
          <h1 className="mt-3 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {loaderData.review.campaign.title} - Action claims
          </h1>
          <ClaimReview review={loaderData.review} failed={actionData?.failed ?? null} />
        </>
      )}
    </section>
  );
}
