import { data, Link } from "react-router";
import { DrawControls } from "~/components/campaign/draw-controls";
import { ActionToast } from "~/components/ui/action-toast";
import { CAMPAIGN_ACCESS_MESSAGE } from "~/domain/claims";
import { safeRedirectPath } from "~/domain/redirect";
import { analyticsPath, creatorCampaignPrefix, creatorDrawPath, myCampaignsPath } from "~/paths";
import {
  creatorDraw,
  creatorRedraw,
  drawControlsData,
  markGiftDelivered,
  ownedCampaign,
  setWinnerPublic,
  type CreatorActionResult,
} from "~/server/draw/controls.server";
import { readForm } from "~/server/core/forms.server";
import { requireUser } from "~/server/auth/session.server";
import { creatorObjections } from "~/server/claims/objection.server";
import { RedrawObjections } from "~/components/campaign/redraw-objections";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.draw";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData && !loaderData.notFound ? `Draw · ${loaderData.title}` : "Campaign Not Found"} · Giveawear` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const campaign = await ownedCampaign(params.campaignId, user.id);
  if (!campaign) return data({ notFound: true as const }, { status: 404 });
  return {
    notFound: false as const,
    title: campaign.title,
    controls: await drawControlsData(campaign),
    // Decision 105: replaced winners who say they did claim, with their messages (the creator's only).
    objections: await creatorObjections(campaign),
  };
}

const RANK_MESSAGE = "The prize rank must be 1 (the grand prize), 2 or 3.";

/** The prize rank a redraw names (1 when none is sent): a whole number from 1 to 3, or null. */
function prizeRank(value: FormDataEntryValue | null): number | null {
  if (value === null || value === "") return 1;
  return typeof value === "string" && /^[1-3]$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** Back to this campaign's dashboard page that embeds the controls (this page unless told otherwise). */
function returnPath(value: FormDataEntryValue | null, campaignId: string): string {
  const fallback = creatorDrawPath(campaignId);
  const path = safeRedirectPath(value, fallback);
  return path.startsWith(creatorCampaignPrefix(campaignId)) ? path : fallback;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const campaign = await ownedCampaign(params.campaignId, user.id);
  if (!campaign) {
    return data(
      { error: CAMPAIGN_ACCESS_MESSAGE, toast: actionToast({ type: "error", title: "Error", description: CAMPAIGN_ACCESS_MESSAGE }) },
      { status: 404 },
    );
  }
  const formData = await readForm(request);
  const intent = formData.get("intent");
  let result: CreatorActionResult;
  if (intent === "draw") result = await creatorDraw(campaign);
  else if (intent === "redraw") {
    const rank = prizeRank(formData.get("rank"));
    result = rank === null ? { ok: false, status: 400, message: RANK_MESSAGE } : await creatorRedraw(campaign, rank);
  } else if (intent === "deliver") {
    // Decision 050: the creator marks a claimed gift (rank 2 or 3) delivered; the winner is emailed once.
    const rank = prizeRank(formData.get("rank"));
    result = rank === null ? { ok: false, status: 400, message: RANK_MESSAGE } : await markGiftDelivered(campaign, rank);
  } else if (intent === "winner-public") {
    const name = formData.get("winnerPublicName");
    result = await setWinnerPublic(campaign, formData.getAll("winnerPublic").includes("true"), typeof name === "string" ? name : "");
  } else result = { ok: false, status: 400, message: "Unknown action." };

  if (result.ok) {
    return redirectWithToast(
      returnPath(formData.get("returnTo"), campaign.id),
      { type: "success", title: result.title, description: result.description },
      { status: 303 },
    );
  }
  return data(
    { error: result.message, toast: actionToast({ type: "error", title: "Not allowed", description: result.message }) },
    { status: result.status },
  );
}

export default function CampaignDrawPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.notFound) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">Campaign Not Found</h1>
        <p className="text-slate-700 dark:text-slate-300">{CAMPAIGN_ACCESS_MESSAGE}</p>
        <Link to={myCampaignsPath()} className="btn-primary">
          Back to My Campaigns
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <ActionToast toast={actionData?.toast} />
      <div>
        <Link
          to={analyticsPath(loaderData.controls.campaignId)}
          className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          ← Campaign analytics
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{loaderData.title}</h1>
      </div>
      <DrawControls controls={loaderData.controls} error={actionData?.error} />
      <RedrawObjections objections={loaderData.objections} />
    </div>
  );
}
