import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { ClaimForm, ClaimHeader } from "~/components/claim/claim-form";
import { WinnerListingBlock } from "~/components/claim/winner-listing";
import {
  ClaimExpired,
  ClaimInvalid,
  ClaimReceived,
  ClaimSuperseded,
  PrizeSummary,
  type ClaimPageView,
  type ClaimSummary,
} from "~/components/claim/claim-views";
import { claimSchema, giftClaimSchema } from "~/domain/claims";
import { DisplayNameSchema, WINNER_LISTING_MESSAGES, isListingIntent } from "~/domain/winners-list";
import { campaignImage, mockupUrl } from "~/domain/mockups";
import { parseProductColors, type ProductType } from "~/domain/campaign-schemas";
import { maskEmail } from "~/domain/profile";
import { claimPath } from "~/paths";
import { readForm } from "~/server/core/forms.server";
import { campaignBrandFrame } from "~/server/campaigns/brand-frame.server";
import { claimState, claimStateAndHolder, submitClaim, type ClaimCampaign, type ClaimState } from "~/server/claims/claim.server";
import { saveWinnerListing, winnerListingView } from "~/server/draw/winners-list.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/claim.$token";

/** The winner's page wears the campaign's brand frame, not the site's (decision 080). */
export const handle = { chrome: "own" };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData && loaderData.kind === "open" ? "Claim your prize" : "Your prize"} · Giveawear` },
  { name: "robots", content: "noindex" },
  // The link is a credential: never hand it to another site in a Referer header. ("no-referrer"
  // would also make the browser send "Origin: null" with the form, which React Router refuses.)
  { name: "referrer", content: "same-origin" },
];

function summary(campaign: ClaimCampaign, chosenColor?: string | null): ClaimSummary {
  const colors = parseProductColors(campaign.selectedColors);
  return {
    campaignId: campaign.id,
    title: campaign.title,
    timeZone: campaign.timeZone,
    brandName: campaign.brandName,
    productType: campaign.productType,
    // Once claimed, the prize is pictured in the colour the winner chose.
    image: campaignImage(chosenColor ? { ...campaign, selectedColors: chosenColor } : campaign),
    colorImages: Object.fromEntries(
      (colors.length ? colors : ["white" as const]).map((key) => [
        key,
        mockupUrl(campaign.finalDesignUrl, campaign.productType as ProductType, key, 400),
      ]),
    ),
    bonusGift: campaign.bonusGift,
    prize: campaign.prize,
  };
}

function view(state: ClaimState): ClaimPageView {
  switch (state.kind) {
    case "invalid":
      return { kind: "invalid" };
    case "superseded":
      return { kind: "superseded", campaign: summary(state.campaign) };
    case "expired":
      return { kind: "expired", campaign: summary(state.campaign), deadline: state.deadline.toISOString() };
    case "claimed":
      return {
        kind: "claimed",
        campaign: summary(state.campaign, state.order.color),
        order: {
          ...state.order,
          claimedAt: state.order.claimedAt.toISOString(),
          deliveredAt: state.order.deliveredAt?.toISOString() ?? null,
        },
        winnerEmail: maskEmail(state.winnerEmail),
      };
    case "open":
      return {
        kind: "open",
        campaign: summary(state.campaign),
        deadline: state.deadline.toISOString(),
        options: state.options,
        winnerEmail: state.winnerEmail,
      };
  }
}

/**
 * 404 for links we never signed, 410 for links whose prize is gone (expired or redrawn), and 409
 * for a claim sent on an already claimed prize. Reading a claimed link is the "Claim received"
 * page the claim redirects to, so it answers 200.
 */
function status(state: ClaimState, method: "GET" | "POST"): number {
  switch (state.kind) {
    case "invalid":
      return 404;
    case "superseded":
    case "expired":
      return 410;
    case "claimed":
      return method === "POST" ? 409 : 200;
    case "open":
      return 200;
  }
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/** A claim page carries a credential in its URL and the winner's details: never cached anywhere. */
export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ params }: Route.LoaderArgs) {
  const { state, holder } = await claimStateAndHolder(params.token);
  // The winner's choices for the public winners list (decision 057), while the link's entry holds the prize.
  const listing = holder ? await winnerListingView(holder) : null;
  // A link we signed names its campaign: its brand frame, whatever the campaign's status now.
  const frame = state.kind === "invalid" ? null : await campaignBrandFrame(state.campaign.id, "link");
  return data({ ...view(state), listing, frame }, { status: status(state, "GET"), headers: NO_STORE });
}

type ActionData = {
  result: SubmissionResult<string[]> | null;
  view: ClaimPageView | null;
  /** The display-name form's errors (decision 057). */
  listing?: SubmissionResult<string[]> | null;
};

/**
 * The winners-list forms (decision 057): a display name, or the objection and its withdrawal. Open to
 * the link's winner while their entry holds the prize: before claiming, after, and after the deadline.
 */
async function listingAction(token: string, formData: FormData, intent: "listing-name" | "listing-object" | "listing-unobject") {
  const { state, holder } = await claimStateAndHolder(token);
  if (!holder) return data<ActionData>({ result: null, view: view(state) }, { status: status(state, "POST"), headers: NO_STORE });
  let description: string;
  if (intent === "listing-name") {
    const submission = parseWithZod(formData, { schema: DisplayNameSchema });
    if (submission.status !== "success")
      return data<ActionData>({ result: null, view: null, listing: submission.reply() }, { status: 400, headers: NO_STORE });
    const outcome = await saveWinnerListing(holder.entryId, { intent, displayName: submission.value.displayName });
    if (outcome === "erased") return data<ActionData>({ result: null, view: null }, { status: 409, headers: NO_STORE });
    description = submission.value.displayName ? WINNER_LISTING_MESSAGES.nameSaved : WINNER_LISTING_MESSAGES.nameCleared;
  } else {
    const outcome = await saveWinnerListing(holder.entryId, { intent });
    if (outcome === "erased") return data<ActionData>({ result: null, view: null }, { status: 409, headers: NO_STORE });
    description = intent === "listing-object" ? WINNER_LISTING_MESSAGES.objected : WINNER_LISTING_MESSAGES.listedAgain;
  }
  return redirectWithToast(claimPath(token), { type: "success", title: WINNER_LISTING_MESSAGES.title, description }, { status: 303 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (isListingIntent(intent)) return listingAction(params.token, formData, intent);
  const state = await claimState(params.token);
  if (state.kind !== "open")
    return data<ActionData>({ result: null, view: view(state) }, { status: status(state, "POST"), headers: NO_STORE });

  const { prize } = state.campaign;
  const schema =
    prize.kind === "gift"
      ? giftClaimSchema({ needsAddress: prize.needsAddress, countries: state.options.countries })
      : claimSchema(state.options);
  const submission = parseWithZod(formData, { schema });
  // Without JavaScript, "Continue" after choosing the country: the same form again, now with that
  // country's address fields, keeping what was typed and saying nothing is wrong yet (decision 050).
  if (formData.get("intent") === "country") {
    const reply = submission.reply();
    return data<ActionData>({ result: { ...reply, error: {} }, view: null }, { status: 200, headers: NO_STORE });
  }
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply(), view: null }, { status: 400, headers: NO_STORE });

  const outcome = await submitClaim(params.token, submission.value);
  if (outcome.kind === "refused") {
    return data<ActionData>({ result: null, view: view(outcome.state) }, { status: status(outcome.state, "POST"), headers: NO_STORE });
  }
  return redirectWithToast(
    claimPath(params.token),
    {
      type: "success",
      title: "Claim received",
      description:
        prize.kind === "gift"
          ? `${state.campaign.brandName} now has what they need to deliver your prize.`
          : "Your prize is on its way to the printer.",
    },
    { status: 303 },
  );
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CampaignFrame frame={loaderData.frame}>
      <ClaimPageContent loaderData={loaderData} actionData={actionData} />
    </CampaignFrame>
  );
}

function ClaimPageContent({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  // A refused claim (claimed or redrawn meanwhile) brings the page's new state with it.
  const page = actionData?.view ?? loaderData;
  // A refused claim's new state comes without the listing: the section shows only while the link's entry holds the prize.
  const listing = actionData?.view ? null : loaderData.listing;
  const listingSection = <WinnerListingBlock listing={listing} lastResult={actionData?.listing} />;
  switch (page.kind) {
    case "invalid":
      return <ClaimInvalid />;
    case "expired":
      return (
        <>
          <ClaimExpired campaign={page.campaign} deadline={page.deadline} />
          {listingSection}
        </>
      );
    case "superseded":
      return <ClaimSuperseded campaign={page.campaign} />;
    case "claimed":
      return (
        <>
          <ClaimReceived campaign={page.campaign} order={page.order} winnerEmail={page.winnerEmail} />
          {listingSection}
        </>
      );
    case "open":
      return (
        <>
          <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
            <ClaimHeader
              options={page.options}
              deadline={page.deadline}
              winnerEmail={page.winnerEmail}
              prize={page.campaign.prize}
              campaign={page.campaign}
            />
            <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8">
              <div className="md:sticky md:top-6 md:h-fit">
                <PrizeSummary campaign={page.campaign} />
              </div>
              <ClaimForm key={page.campaign.campaignId} campaign={page.campaign} options={page.options} lastResult={actionData?.result} />
            </div>
          </div>
          {listingSection}
        </>
      );
  }
}
