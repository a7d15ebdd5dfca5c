import { data } from "react-router";
import { CAMPAIGN_PAGE_SCRIPT } from "~/components/campaign/page-script";
import { useNonce } from "~/components/nonce";
import {
  EnterNowButton,
  EntryEmailField,
  EntryPhoneField,
  EntryTermsField,
  MarketingConsentField,
} from "~/components/campaign/entry-views";
import { entryConsentLabels } from "~/domain/consent";
import { HoneypotField } from "~/components/ui/honeypot";
import { CountdownLine } from "~/components/campaign/embed-countdown";
import { type EntryFormErrors, type EntryFormValues } from "~/domain/entries";
import { EntrantTextProvider, useEntrantText } from "~/components/campaign/entrant-text";
import { type EntrantText, entrantText, translatedErrors } from "~/i18n/entrant";
import { requestLanguage } from "~/server/core/language.server";
import { accentStyle } from "~/components/campaign/brand-frame";
import { embedBackground } from "~/domain/share";
import { campaignRulesPath, campaignViewPath, href } from "~/paths";
import { entryOrigin, postedReferral, takeEntry } from "~/server/entries/form.server";
import { rememberEntry, rememberedEntryId } from "~/server/entries/visitor.server";
import { resendEntryConfirmation } from "~/server/entries/resend.server";
import { readForm } from "~/server/core/forms.server";
import { clientIp } from "~/server/core/request.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { shareCampaign } from "~/server/share/share-data.server";
import type { Route } from "./+types/campaign.$campaignId.embed";

/**
 * The compact entry card other websites may frame (decision 045): plain HTML and the campaign page's few lines of script,
 * no site header or footer. server/app.ts relaxes frame-ancestors for this path alone. Framed elsewhere its cookies may
 * be blocked, so the form posts here and is answered in place: no redirect that would need a cookie.
 */
export const handle = { hydrate: false, chrome: "own" };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || "notFound" in loaderData)
    return [{ title: `${loaderData?.pageTitle ?? "Campaign Not Found"} · Giveawear` }, { name: "robots", content: "noindex" }];
  return [
    { title: loaderData.pageTitle },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: loaderData.pageUrl },
  ];
};

/** The card speaks the visitor's choice among the campaign's languages (decision 097): the answer varies with it. */
export const headers: Route.HeadersFunction = () => ({ Vary: "Accept-Language" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const campaign = await shareCampaign(params.campaignId, user);
  const language = await requestLanguage(params.campaignId, request.headers.get("Accept-Language"));
  const { t } = entrantText(language);
  if (!campaign) return data({ notFound: true as const, language, pageTitle: t("notFoundTitle") }, { status: 404 });
  const view = !campaign.isPublic
    ? ("preview" as const)
    : campaign.phase === "live"
      ? campaign.full
        ? ("full" as const)
        : ("form" as const)
      : campaign.phase;
  return {
    id: campaign.id,
    title: campaign.title,
    brandName: campaign.brandName,
    language,
    pageTitle: t("embedTitle", { title: campaign.title, brand: campaign.brandName }),
    imagePath: campaign.imagePath,
    imageSrcSet: campaign.imageSrcSet,
    accent: campaign.accent,
    onAccent: campaign.onAccent,
    accentTheme: campaign.accentTheme,
    background: embedBackground(new URL(request.url).searchParams.get("bg")),
    // English keeps the share card's words; another language writes the end in its own (decision 097).
    deadline:
      language === "en" || !campaign.endDate || campaign.phase !== "live"
        ? campaign.deadline
        : t("endsOn", { date: entrantText(language).dateTime(campaign.endDate, campaign.timeZone) }),
    endDate: campaign.endDate?.toISOString() ?? null,
    now: new Date().toISOString(),
    pageUrl: campaign.pageUrl,
    hideBranding: campaign.hideBranding,
    lockedEmail: user?.email ?? null,
    consent: entryConsentLabels({ brand: campaign.brandName, minimumAge: campaign.minimumAge }, language),
    view,
  };
}

type EmbedActionData =
  { done: { title: string; text: string; tone: "success" | "info" } } | { errors: EntryFormErrors; values: EntryFormValues };

const pending = ({ t }: EntrantText) => ({ title: t("checkEmail"), text: t("pendingExplained"), tone: "info" }) as const;

export async function action({ request, params }: Route.ActionArgs) {
  const campaignId = params.campaignId;
  const user = await getCurrentUser(request);
  const result = await takeEntry(request, campaignId, await readForm(request), user, postedReferral(new URL(request.url).search));
  // Decision 097: every answer in the entrant's language (a refusal by its English words).
  const text = entrantText(await requestLanguage(campaignId, request.headers.get("Accept-Language")));
  const { t } = text;
  // Bots are answered as if it had worked; nothing is stored.
  if (result.kind === "bot") return data<EmbedActionData>({ done: pending(text) });
  if (result.kind === "refused")
    return data<EmbedActionData>({ errors: translatedErrors(result.errors, text), values: result.values }, { status: result.status });

  const { outcome, browserCookie } = result;
  const headers = new Headers();
  if (browserCookie) headers.append("Set-Cookie", browserCookie);
  // As on the page: a repeat from a browser that does not hold the entry is told neutrally, and the
  // entry's own confirmation email goes out again (within its limits).
  if (outcome.kind === "already") {
    if (!user && (await rememberedEntryId(request, campaignId)) !== outcome.entryId) {
      await resendEntryConfirmation(outcome.entryId, entryOrigin(), clientIp(request));
      return data<EmbedActionData>({ done: { title: t("alreadyEntered"), text: t("alreadyEnteredElsewhere"), tone: "info" } }, { headers });
    }
    return data<EmbedActionData>({ done: { title: t("alreadyEntered"), text: t("alreadyEnteredHere"), tone: "info" } }, { headers });
  }
  headers.append("Set-Cookie", await rememberEntry(campaignId, outcome.entryId));
  const done = outcome.confirmed ? ({ title: t("youreIn"), text: t("confirmedToast"), tone: "success" } as const) : pending(text);
  return data<EmbedActionData>({ done }, { headers });
}

const LINK = "font-semibold text-brand-700 underline dark:text-brand-300";

export default function CampaignEmbed(props: Route.ComponentProps) {
  return (
    <EntrantTextProvider language={props.loaderData.language}>
      <EmbedCard {...props} />
    </EntrantTextProvider>
  );
}

function EmbedCard({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { t, language } = useEntrantText();
  if ("notFound" in loaderData)
    return (
      <div className="p-4">
        <p className="font-semibold">{t("notFoundTitle")}</p>
      </div>
    );
  const campaign = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const values = actionData && "values" in actionData ? actionData.values : {};
  const rules = campaignRulesPath(campaign.id);

  return (
    <div className="mx-auto w-full max-w-[420px] p-3" style={accentStyle(campaign.accentTheme)}>
      {/* The host page's background through the frame, or the colour it asked for (decision 088). */}
      {campaign.background ? <style nonce={nonce}>{`html,body{background:${campaign.background}!important}`}</style> : null}
      <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        <div className="h-1.5" style={{ backgroundColor: campaign.accent }} />
        <div className="space-y-3 p-4">
          <header className="flex items-center gap-3">
            {campaign.imagePath ? (
              <img
                src={campaign.imagePath}
                srcSet={campaign.imageSrcSet ?? undefined}
                sizes="80px"
                width={80}
                height={80}
                alt=""
                className="size-20 shrink-0 rounded-xl bg-slate-100 object-contain dark:bg-slate-800"
              />
            ) : null}
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-600 dark:text-slate-400">{campaign.brandName}</p>
              <h1 className="text-lg leading-snug font-bold break-words">{campaign.title}</h1>
            </div>
          </header>
          {done ? (
            <div role="status" className="space-y-2 rounded-xl bg-slate-100 p-4 dark:bg-slate-800" data-testid="embed-done">
              <p className={`text-lg font-bold ${done.tone === "success" ? "text-green-800 dark:text-green-300" : ""}`}>{done.title}</p>
              <p className="text-sm">{done.text}</p>
              <p className="text-sm">
                <a href={campaign.pageUrl} target="_blank" rel="noopener" className={LINK}>
                  {t("openGiveawayPage")}
                </a>
              </p>
            </div>
          ) : campaign.view === "form" ? (
            <>
              {campaign.endDate ? <CountdownLine end={campaign.endDate} now={campaign.now} endsText={campaign.deadline} /> : null}
              {/* No action: the form posts to the card's own address, a referral's ?ref= included (decision 067). */}
              <form
                method="post"
                noValidate
                data-entry-form
                data-email-required={t("emailRequired")}
                data-email-invalid={t("emailInvalid")}
                data-terms-required={t("termsRequired")}
                className="relative space-y-3"
                aria-label={t("enterHeading")}
              >
                {errors.form ? (
                  <p
                    role="alert"
                    className="rounded-lg border border-red-600/40 bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
                  >
                    {errors.form}
                  </p>
                ) : null}
                <HoneypotField />
                <EntryEmailField lockedEmail={campaign.lockedEmail} value={values.email} error={errors.email} />
                <EntryPhoneField value={values.phoneNumber} error={errors.phoneNumber} />
                <EntryTermsField campaignId={campaign.id} wording={campaign.consent.terms} error={errors.agreedToTerms} newTab />
                <MarketingConsentField wording={campaign.consent.marketing} />
                <EnterNowButton
                  className="w-full rounded-xl px-4 py-3 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-60"
                  style={{ backgroundColor: campaign.accent, color: campaign.onAccent }}
                />
              </form>
            </>
          ) : (
            <p role="status" className="rounded-xl bg-slate-100 p-4 text-center font-medium dark:bg-slate-800">
              {campaign.view === "full"
                ? t("full")
                : campaign.view === "upcoming"
                  ? t("notStarted")
                  : campaign.view === "ended"
                    ? t("ended")
                    : "Preview: entries open once the campaign is launched and paid."}
            </p>
          )}
          <p className="flex flex-wrap justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
            <a href={rules} target="_blank" rel="noopener" className="underline">
              {/* The rules stay in English (decision 097), and say so in another language. */}
              {language === "en" ? t("officialRules") : t("officialRulesEnglish")}
            </a>
            {campaign.hideBranding ? null : (
              <a href={href("/")} target="_blank" rel="noopener" className="underline">
                {`${t("poweredBy")} Giveawear`}
              </a>
            )}
          </p>
        </div>
      </article>
      {/* The view beacon (decisions 059, 067): the card shown on another site is a view of the giveaway
          too, so entries made here have views to be a rate of. Not on a preview, nor on the answer to a post. */}
      {campaign.view === "preview" || actionData ? null : (
        <img src={campaignViewPath(campaign.id)} alt="" width={1} height={1} aria-hidden="true" className="absolute h-px w-px opacity-0" />
      )}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CAMPAIGN_PAGE_SCRIPT }} />
    </div>
  );
}
