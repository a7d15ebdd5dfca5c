import { data, redirect } from "react-router";
import { BrandFooter, BrandHeader, accentStyle, useRootTheme } from "~/components/campaign/brand-frame";
import { Countdown } from "~/components/campaign/countdown";
import { ENTRY_ANCHOR, EntryConfirmation, EntryForm, EntryPending, entryFormAction } from "~/components/campaign/entry-views";
import { CampaignNotFound, EndedNotice, PrizeList, WinnerAnnouncement } from "~/components/campaign/campaign-sections";
import { CampaignLayout } from "~/components/campaign/campaign-layout";
import { CAMPAIGN_PAGE_SCRIPT } from "~/components/campaign/page-script";
import { PrizeTimelineSection } from "~/components/campaign/prize-timeline";
import { EntrantTextProvider, useEntrantText } from "~/components/campaign/entrant-text";
import { useNonce } from "~/components/nonce";
import { Confetti } from "~/components/ui/confetti";
import { type EntryFormErrors, type EntryFormValues } from "~/domain/entries";
import { entrantText, translatedErrors } from "~/i18n/entrant";
import { requestLanguage } from "~/server/core/language.server";
import { campaignViewPath } from "~/paths";
import { readForm } from "~/server/core/forms.server";
import { campaignPage, prizeTimeline } from "~/server/campaigns/campaign-page.server";
import { backToPageCookies, entryOrigin, postedReferral, storedEntryCookies, takeEntry } from "~/server/entries/form.server";
import { rememberedEntryId } from "~/server/entries/visitor.server";
import { resendEntryConfirmation } from "~/server/entries/resend.server";
import { clientIp } from "~/server/core/request.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { toastCookie } from "~/server/core/toast.server";
import { endSentence } from "~/domain/sentences";
import type { Route } from "./+types/campaign.$campaignId";

/**
 * Served as plain HTML with a few lines of inline script: entrants arrive on slow phones. The page
 * is the brand's (decision 043): it draws its own slim frame instead of the site's.
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || !("campaign" in loaderData))
    return [{ title: "Campaign Not Found · Giveawear" }, { name: "robots", content: "noindex" }];
  const { campaign, pageUrl, cardImage } = loaderData;
  const description = (
    campaign.campaignCopy ||
    campaign.description ||
    endSentence(`Enter ${campaign.title} by ${campaign.brandName}`)
  ).slice(0, 200);
  const title = `${campaign.title} · ${campaign.brandName} giveaway`;
  return [
    { title: `${title} · Giveawear` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Giveawear" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    // The share card (1200×630): the prize, the title, the brand and the deadline.
    { property: "og:image", content: cardImage },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${campaign.title}, a giveaway by ${campaign.brandName}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: cardImage },
    { tagName: "link", rel: "canonical", href: pageUrl },
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const page = await campaignPage(request, params.campaignId, user);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  // Proof of delivery (decision 052): once the giveaway has ended and been drawn.
  const timeline = page.phase === "ended" ? await prizeTimeline(page.campaign.id) : null;
  // No query is read here: one render serves every referral link (decision 067); the entry form
  // posts to the page's own address, and the action reads the referral from there.
  return { ...page, timeline };
}

type ActionResult = { errors: EntryFormErrors; values: EntryFormValues };

/**
 * Back to the campaign page (the same visit, not a new view) with these cookies, scrolled to the
 * entry block, where the entered or pending card now stands.
 */
async function backToPage(campaignId: string, cookies: (string | null)[]) {
  const headers = new Headers();
  for (const cookie of await backToPageCookies(campaignId, cookies)) headers.append("Set-Cookie", cookie);
  return redirect(entryFormAction(campaignId), { status: 303, headers });
}

export async function action({ request, params }: Route.ActionArgs) {
  const campaignId = params.campaignId;
  const formData = await readForm(request);
  // Decision 097: every answer in the entrant's language.
  const text = entrantText(await requestLanguage(campaignId, request.headers.get("Accept-Language")));

  // "Resend confirmation email" on the pending view: only for the entry this browser made, and
  // the same neutral words whether or not the limits let a message go.
  if (formData.get("intent") === "resend") {
    const entryId = await rememberedEntryId(request, campaignId);
    if (entryId) await resendEntryConfirmation(entryId, entryOrigin(), clientIp(request));
    return backToPage(campaignId, [await toastCookie({ type: "info", title: text.t("confirmationEmail"), description: text.t("resent") })]);
  }

  const user = await getCurrentUser(request);
  const result = await takeEntry(request, campaignId, formData, user, postedReferral(new URL(request.url).search));
  // Bots get the page back as if it had worked; nothing is stored.
  if (result.kind === "bot") return backToPage(campaignId, []);
  if (result.kind === "refused")
    return data<ActionResult>({ errors: translatedErrors(result.errors, text), values: result.values }, { status: result.status });

  const { outcome, browserCookie } = result;
  // Typing an address proves nothing: a repeat shows its entry only to the browser that made it, or
  // to its signed-in owner. Anyone else is told neutrally and the entry's own email goes out again.
  if (outcome.kind === "already" && !user && (await rememberedEntryId(request, campaignId)) !== outcome.entryId) {
    await resendEntryConfirmation(outcome.entryId, entryOrigin(), clientIp(request));
    return backToPage(campaignId, [
      browserCookie,
      await toastCookie({ type: "info", title: text.t("alreadyEntered"), description: text.t("alreadyEnteredElsewhere") }),
    ]);
  }
  return backToPage(campaignId, await storedEntryCookies(campaignId, outcome, browserCookie, text.language));
}

export default function CampaignPage(props: Route.ComponentProps) {
  const { loaderData } = props;
  if ("notFound" in loaderData) return <CampaignNotFound />;
  // Everything below speaks the language the loader chose (decision 097), rendered here only.
  return <EntrantTextProvider language={loaderData.language}>{<PageBody {...props} loaderData={loaderData} />}</EntrantTextProvider>;
}

type PageProps = Route.ComponentProps & { loaderData: Exclude<Route.ComponentProps["loaderData"], { notFound: true }> };
function PageBody({ loaderData, actionData }: PageProps) {
  const nonce = useNonce();
  const { theme, path } = useRootTheme();
  const { t } = useEntrantText();
  const { campaign, view, entry, winners, referralsEnabled, referralCap, full } = loaderData;
  const ended = view === "winner" || view === "ended";

  return (
    <div style={accentStyle(loaderData.accent)} className="flex min-h-screen flex-col">
      {/* At the page's top level, outside the sticky card, so that it falls behind everything (Confetti). */}
      {view === "winner" && winners ? <Confetti pieces={150} durationMs={6000} /> : null}
      {loaderData.preview ? (
        <p
          role="note"
          className="border-b border-amber-500/50 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          Preview: only you can see this page until the campaign is launched and paid.
        </p>
      ) : null}
      <BrandHeader
        brandName={campaign.brandName}
        brandUrl={campaign.brandUrl}
        logoUrl={campaign.logoUrl}
        coverImageUrl={campaign.coverImageUrl}
        socialLinks={campaign.socialLinks}
        theme={theme}
        path={path}
      />
      <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-3 sm:px-6 lg:pt-8">
        {/* The arrangement the creator chose (decision 106); the title, countdown and entry block in each. */}
        <CampaignLayout
          page={loaderData}
          card={
            <>
              {view === "winner" && winners ? <WinnerAnnouncement winners={winners} /> : null}
              {/* A full giveaway takes no entries: no clock urging anyone to enter. */}
              {!ended && !full && campaign.endDate ? (
                view === "upcoming" && campaign.startDate ? (
                  <Countdown end={campaign.startDate} now={loaderData.now} label={t("opensIn")} doneText={t("openNow")} />
                ) : (
                  <Countdown end={campaign.endDate} now={loaderData.now} label={t("timeLeft")} doneText={t("campaignEnded")} />
                )
              ) : null}
              {ended ? <EndedNotice page={loaderData} drawn={Boolean(loaderData.timeline)} /> : null}
              <div id={ENTRY_ANCHOR} className="scroll-mt-2">
                {view === "form" ? (
                  <EntryForm
                    campaignId={campaign.id}
                    lockedEmail={loaderData.lockedEmail}
                    consent={loaderData.consent}
                    errors={actionData?.errors ?? {}}
                    values={actionData?.values ?? {}}
                  />
                ) : null}
                {view === "entered" && entry ? (
                  <EntryConfirmation
                    entry={entry}
                    campaignId={campaign.id}
                    campaignTitle={campaign.title}
                    referralsEnabled={referralsEnabled && !full}
                    referralCap={referralCap}
                  />
                ) : null}
                {view === "pending" && entry ? (
                  <EntryPending
                    entry={entry}
                    full={full}
                    campaignId={campaign.id}
                    referralsEnabled={referralsEnabled}
                    referralCap={referralCap}
                  />
                ) : null}
                {view === "full" ? (
                  <div role="status" className="rounded-xl bg-slate-100 p-4 text-center dark:bg-slate-800" data-testid="campaign-full">
                    <h2 className="text-lg font-bold">{t("fullHeading")}</h2>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      {t("full")}
                      {campaign.endText ? ` ${t("fullDrawnAfter", { date: campaign.endText })}` : ""}
                    </p>
                  </div>
                ) : null}
                {view === "upcoming" ? (
                  <p className="rounded-xl bg-slate-100 p-4 text-center font-medium dark:bg-slate-800">{t("notStarted")}</p>
                ) : null}
                {ended && actionData?.errors.form ? (
                  <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
                    {actionData.errors.form}
                  </p>
                ) : null}
              </div>
            </>
          }
        />
        <div className="mt-10">
          <PrizeList page={loaderData} />
          {loaderData.timeline ? <PrizeTimelineSection timeline={loaderData.timeline} campaignId={campaign.id} /> : null}
        </div>
      </div>
      <BrandFooter campaignId={campaign.id} poweredBy={loaderData.poweredBy} />
      {/* The view beacon (decision 059): fetched by browsers showing the page, so a cached page still
          counts its views. Not on the creator's preview, nor on the page a refused entry shows again. */}
      {loaderData.preview || actionData ? null : (
        <img src={campaignViewPath(campaign.id)} alt="" width={1} height={1} aria-hidden="true" className="absolute h-px w-px opacity-0" />
      )}
      <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: CAMPAIGN_PAGE_SCRIPT }} />
    </div>
  );
}
