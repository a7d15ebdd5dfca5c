import { Link, data, redirect } from "react-router";
import { Countdown } from "~/components/campaign/countdown";
import { EntryConfirmation, EntryForm, EntryPending } from "~/components/campaign/entry-views";
import { CampaignNotFound, CampaignSummary, PrizeList, WinnerAnnouncement } from "~/components/campaign/campaign-sections";
import { CAMPAIGN_PAGE_SCRIPT } from "~/components/campaign/page-script";
import { useNonce } from "~/components/nonce";
import { entriesSoFar } from "~/domain/campaign-status";
import { CONFIRM_MESSAGES, ENTRY_MESSAGES, REFERRER_ID_PATTERN } from "~/domain/entries";
import { campaignPath, campaignRulesPath } from "~/paths";
import { readForm } from "~/server/forms.server";
import { campaignPage } from "~/server/campaign-page.server";
import { type EntryFormErrors, type EntryFormValues, entryOrigin, takeEntry } from "~/server/entry-form.server";
import { rememberEntry, rememberedEntryId, resendEntryConfirmation } from "~/server/entries.server";
import { countPageView, markRedirectAfterPost } from "~/server/page-views.server";
import { clientIp } from "~/server/request.server";
import { getCurrentUser } from "~/server/session.server";
import { platformSetting } from "~/server/settings.server";
import { toastCookie } from "~/server/toast.server";
import type { Route } from "./+types/campaign.$campaignId";

/** Served as plain HTML with a few lines of inline script: entrants arrive on slow phones. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || !("campaign" in loaderData))
    return [{ title: "Campaign Not Found · Giveawear" }, { name: "robots", content: "noindex" }];
  const { campaign, pageUrl, socialImage } = loaderData;
  const description = (campaign.campaignCopy || campaign.description || `Enter ${campaign.title} by ${campaign.brandName}.`).slice(0, 200);
  const title = `${campaign.title} · ${campaign.brandName} giveaway`;
  return [
    { title: `${title} · Giveawear` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Giveawear" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    ...(socialImage
      ? [
          { property: "og:image", content: socialImage },
          { property: "og:image:alt", content: `${campaign.title} design` },
        ]
      : []),
    { name: "twitter:card", content: socialImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(socialImage ? [{ name: "twitter:image", content: socialImage }] : []),
    { tagName: "link", rel: "canonical", href: pageUrl },
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const page = await campaignPage(request, params.campaignId, user);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  // The creator's own preview is not a view.
  const clearMark = page.preview ? null : await countPageView(request, page.campaign.id);
  const ref = new URL(request.url).searchParams.get("ref");
  return data(
    { ...page, referrerId: ref && REFERRER_ID_PATTERN.test(ref) ? ref : null },
    clearMark ? { headers: { "Set-Cookie": clearMark } } : undefined,
  );
}

/** A repeat from a browser that does not hold the entry: the same words whether or not the email went out again just now. */
const ALREADY_ENTERED_ELSEWHERE =
  "This email has already entered this giveaway. Its confirmation email, with the entry's personal link, has been sent to that address; we send it again at most once every 10 minutes.";

type ActionResult = { errors: EntryFormErrors; values: EntryFormValues };

/** Back to the campaign page (the same visit, not a new view) with these cookies. */
async function backToPage(campaignId: string, cookies: (string | null)[]) {
  const headers = new Headers();
  headers.append("Set-Cookie", await markRedirectAfterPost(campaignId));
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(campaignPath(campaignId), { status: 303, headers });
}

export async function action({ request, params }: Route.ActionArgs) {
  const campaignId = params.campaignId;
  const formData = await readForm(request);

  // "Resend confirmation email" on the pending view: only for the entry this browser made, and
  // the same neutral words whether or not the limits let a message go.
  if (formData.get("intent") === "resend") {
    const entryId = await rememberedEntryId(request, campaignId);
    if (entryId) await resendEntryConfirmation(entryId, entryOrigin(), clientIp(request));
    return backToPage(campaignId, [await toastCookie({ type: "info", title: "Confirmation email", description: CONFIRM_MESSAGES.resent })]);
  }

  const user = await getCurrentUser(request);
  const result = await takeEntry(request, campaignId, formData, user);
  // Bots get the page back as if it had worked; nothing is stored.
  if (result.kind === "bot") return backToPage(campaignId, []);
  if (result.kind === "refused") return data<ActionResult>({ errors: result.errors, values: result.values }, { status: result.status });

  const { outcome, browserCookie } = result;
  // Typing an address proves nothing: a repeat shows its entry only to the browser that made it, or
  // to its signed-in owner. Anyone else is told neutrally and the entry's own email goes out again.
  if (outcome.kind === "already" && !user && (await rememberedEntryId(request, campaignId)) !== outcome.entryId) {
    await resendEntryConfirmation(outcome.entryId, entryOrigin(), clientIp(request));
    return backToPage(campaignId, [
      browserCookie,
      await toastCookie({ type: "info", title: ENTRY_MESSAGES.alreadyEntered, description: ALREADY_ENTERED_ELSEWHERE }),
    ]);
  }
  const sharePrompt = (await platformSetting("referralsEnabled")) ? " Share your link to earn bonus entries." : "";
  const toast =
    outcome.kind === "already"
      ? {
          type: "info" as const,
          title: ENTRY_MESSAGES.alreadyEntered,
          description: "You've already entered this giveaway with that email.",
        }
      : outcome.confirmed
        ? { type: "success" as const, title: "You're In!", description: `Your entry is confirmed.${sharePrompt}` }
        : { type: "info" as const, title: CONFIRM_MESSAGES.checkEmail, description: CONFIRM_MESSAGES.pendingExplained };
  return backToPage(campaignId, [browserCookie, await rememberEntry(campaignId, outcome.entryId), await toastCookie(toast)]);
}

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  if ("notFound" in loaderData) return <CampaignNotFound />;
  const { campaign, view, entry, winners, referralsEnabled } = loaderData;
  const ended = view === "winner" || view === "ended";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {loaderData.preview ? (
        <p
          role="note"
          className="mb-6 rounded-xl border border-amber-500/50 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          Preview: only you can see this page until the campaign is launched and paid.
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <CampaignSummary page={loaderData} />
        <aside className="card space-y-6 p-5 sm:p-6 lg:sticky lg:top-24">
          {view === "winner" && winners ? <WinnerAnnouncement winners={winners} /> : null}
          {!ended && campaign.endDate ? (
            view === "upcoming" && campaign.startDate ? (
              <Countdown end={campaign.startDate} now={loaderData.now} label="Opens in" doneText="Open now: reload to enter" />
            ) : (
              <Countdown end={campaign.endDate} now={loaderData.now} label="Time left to enter" doneText="Campaign Ended" />
            )
          ) : null}
          {ended ? (
            <div className="text-center">
              <p className="text-2xl font-bold">Campaign Ended</p>
              {view === "ended" ? (
                <p className="mt-2 text-slate-700 dark:text-slate-300">
                  This giveaway has closed. The winner is being drawn and will be notified by email.
                </p>
              ) : null}
            </div>
          ) : null}
          <p className="text-center text-lg font-semibold" data-testid="entry-count">
            {ended
              ? `${campaign.entryCount.toLocaleString("en-US")} ${campaign.entryCount === 1 ? "entry" : "entries"} in total`
              : entriesSoFar(campaign.entryCount)}
          </p>
          {view === "form" ? (
            <EntryForm
              campaignId={campaign.id}
              referrerId={loaderData.referrerId}
              lockedEmail={loaderData.lockedEmail}
              errors={actionData?.errors ?? {}}
              values={actionData?.values ?? {}}
            />
          ) : null}
          {view === "entered" && entry ? (
            <EntryConfirmation entry={entry} campaignTitle={campaign.title} referralsEnabled={referralsEnabled} />
          ) : null}
          {view === "pending" && entry ? (
            <EntryPending entry={entry} full={campaign.entryLimit !== null && campaign.entryCount >= campaign.entryLimit} />
          ) : null}
          {view === "full" ? (
            <p role="status" className="rounded-xl bg-slate-100 p-4 text-center font-medium dark:bg-slate-800">
              {ENTRY_MESSAGES.full}
            </p>
          ) : null}
          {view === "upcoming" ? (
            <p className="rounded-xl bg-slate-100 p-4 text-center font-medium dark:bg-slate-800">{ENTRY_MESSAGES.notStarted}</p>
          ) : null}
          {ended && actionData?.errors.form ? (
            <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
              {actionData.errors.form}
            </p>
          ) : null}
          <p className="text-center text-sm">
            <Link to={campaignRulesPath(campaign.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
              Official rules
            </Link>
          </p>
        </aside>
      </div>
      <PrizeList page={loaderData} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CAMPAIGN_PAGE_SCRIPT }} />
    </div>
  );
}
