import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CampaignFrame } from "~/components/campaign/brand-frame";
import { ClaimForm, ClaimHeader } from "~/components/claim/claim-form";
import { WinnerListingBlock } from "~/components/claim/winner-listing";
import { ClaimExpired, ClaimInvalid, ClaimReceived, ClaimSuperseded, PrizeSummary } from "~/components/claim/claim-views";
import { ClaimTextProvider } from "~/components/claim/claim-text";
import { RedrawObjectionSection } from "~/components/claim/redraw-objection";
import { EntrantTextProvider } from "~/components/campaign/entrant-text";
import { claimSchema, giftClaimSchema } from "~/domain/claims";
import { OBJECTION_INTENT } from "~/domain/redraw-objection";
import { DisplayNameSchema, isListingIntent } from "~/domain/winners-list";
import type { EntrantLanguage } from "~/domain/entrant-language";
import { claimText } from "~/i18n/claim-text";
import { claimPath } from "~/paths";
import { readForm } from "~/server/core/forms.server";
import { campaignBrandFrame } from "~/server/campaigns/brand-frame.server";
import { claimState, claimStateAndHolder, submitClaim, type ClaimState } from "~/server/claims/claim.server";
import { CLAIM_WORDS, claimObjection, claimStatus as status, claimView, claimViewIn } from "~/server/claims/claim-page.server";
import { type ClaimActionData as ActionData, objectionAction } from "~/server/claims/objection-action.server";
import { requestLanguage } from "~/server/core/language.server";
import { saveWinnerListing, winnerListingView } from "~/server/draw/winners-list.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/claim.$token";

/** The winner's page wears the campaign's brand frame, not the site's (decision 080). */
export const handle = { chrome: "own" };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${claimText(loaderData?.words).t(loaderData?.kind === "open" ? "claimYourPrize" : "yourPrize")} · Giveawear` },
  { name: "robots", content: "noindex" },
  // The link is a credential: never hand it to another site in a Referer header. ("no-referrer"
  // would also make the browser send "Origin: null" with the form, which React Router refuses.)
  { name: "referrer", content: "same-origin" },
];

const NO_STORE = { "Cache-Control": "private, no-store" };

/** A claim page carries a credential in its URL and the winner's details: never cached anywhere. */
export const headers: Route.HeadersFunction = () => NO_STORE;

/** The campaign's language, or one it allows that the winner's browser prefers (decision 097). */
function languageOf(state: ClaimState, request: Request): Promise<EntrantLanguage> | EntrantLanguage {
  return state.kind === "invalid" ? "en" : requestLanguage(state.campaign.id, request.headers.get("Accept-Language"));
}

/** The state as the page shows it, in `language`, with its dates written on the server. */
const shown = (state: ClaimState, language: EntrantLanguage) => claimViewIn(claimView(state), language);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { state, holder } = await claimStateAndHolder(params.token);
  const language = await languageOf(state, request);
  const { view, dates } = shown(state, language);
  // A winner replaced by a redraw may say they did claim (decision 105).
  const { objection, dates: objectionDates } = await claimObjection(params.token, view, language);
  // The winner's choices for the public winners list (decision 057), while the link's entry holds the prize.
  const listing = holder ? await winnerListingView(holder) : null;
  // A link we signed names its campaign: its brand frame, whatever the campaign's status now.
  const frame = state.kind === "invalid" ? null : await campaignBrandFrame(state.campaign.id, "link");
  return data(
    // English is in the page's own code; another language's words travel with the page.
    {
      ...view,
      listing,
      objection,
      frame,
      language,
      words: language === "en" ? null : CLAIM_WORDS[language],
      dates: { ...dates, ...objectionDates },
    },
    { status: status(state, "GET"), headers: NO_STORE },
  );
}

/**
 * The winners-list forms (decision 057): a display name, or the objection and its withdrawal. Open to
 * the link's winner while their entry holds the prize: before claiming, after, and after the deadline.
 */
async function listingAction(
  request: Request,
  token: string,
  formData: FormData,
  intent: "listing-name" | "listing-object" | "listing-unobject",
) {
  const { state, holder } = await claimStateAndHolder(token);
  const language = await languageOf(state, request);
  if (!holder) return data<ActionData>({ result: null, ...shown(state, language) }, { status: status(state, "POST"), headers: NO_STORE });
  const { t } = claimText(CLAIM_WORDS[language]);
  let description: string;
  if (intent === "listing-name") {
    const submission = parseWithZod(formData, { schema: DisplayNameSchema });
    if (submission.status !== "success")
      return data<ActionData>({ result: null, view: null, listing: submission.reply() }, { status: 400, headers: NO_STORE });
    const outcome = await saveWinnerListing(holder.entryId, { intent, displayName: submission.value.displayName });
    if (outcome === "erased") return data<ActionData>({ result: null, view: null }, { status: 409, headers: NO_STORE });
    description = t(submission.value.displayName ? "listNameSaved" : "listNameCleared");
  } else {
    const outcome = await saveWinnerListing(holder.entryId, { intent });
    if (outcome === "erased") return data<ActionData>({ result: null, view: null }, { status: 409, headers: NO_STORE });
    description = t(intent === "listing-object" ? "listObjectedToast" : "listListedAgain");
  }
  return redirectWithToast(claimPath(token), { type: "success", title: t("listUpdated"), description }, { status: 303 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (isListingIntent(intent)) return listingAction(request, params.token, formData, intent);
  if (intent === OBJECTION_INTENT) return objectionAction(request, params.token, formData);
  const state = await claimState(params.token);
  const language = await languageOf(state, request);
  if (state.kind !== "open")
    return data<ActionData>({ result: null, ...shown(state, language) }, { status: status(state, "POST"), headers: NO_STORE });

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
    const refused = shown(outcome.state, language);
    return data<ActionData>({ result: null, ...refused }, { status: status(outcome.state, "POST"), headers: NO_STORE });
  }
  const { t } = claimText(CLAIM_WORDS[language]);
  const description = prize.kind === "gift" ? t("toastGift", { brand: state.campaign.brandName }) : t("toastMerch");
  return redirectWithToast(claimPath(params.token), { type: "success", title: t("received"), description }, { status: 303 });
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    // The brand frame's own words (its footer) follow the same language.
    <EntrantTextProvider language={loaderData.language}>
      <ClaimTextProvider words={loaderData.words} dates={actionData?.dates ?? loaderData.dates}>
        <CampaignFrame frame={loaderData.frame}>
          <ClaimPageContent loaderData={loaderData} actionData={actionData} />
        </CampaignFrame>
      </ClaimTextProvider>
    </EntrantTextProvider>
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
      return (
        <>
          <ClaimSuperseded campaign={page.campaign} />
          {!actionData?.view && loaderData.objection ? (
            <RedrawObjectionSection
              objection={loaderData.objection}
              timeZone={page.campaign.timeZone}
              lastResult={actionData?.objection}
              already={actionData?.objectionAlready === true}
            />
          ) : null}
        </>
      );
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
