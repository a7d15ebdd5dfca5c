/**
 * One entry form submission, read, checked and stored, for every place that takes entries: the
 * campaign page and its embeddable card (decision 045). Each route turns the outcome into its own
 * answer (the page redirects with cookies; the embed, framed on other sites where cookies may be
 * blocked, answers in place), so entries through either behave exactly alike.
 */
import { z } from "zod";
import {
  ENTRY_FORM_FALLBACK,
  ENTRY_MESSAGES,
  type EntryFormErrors,
  type EntryFormValues,
  EntrySchema,
  REFERRER_ID_PATTERN,
} from "~/domain/entries";
import type { EntrantLanguage } from "../../domain/entrant-language";
import { entrantText } from "../../i18n/entrant";
import { isDisposableEmail } from "./disposable-email.server";
import { e164PhoneNumber } from "./phone.server";
import { type EntryOutcome, submitEntry } from "./submit.server";
import { browserId, rememberEntry } from "./visitor.server";
import { markRedirectAfterPost } from "./page-views.server";
import { type ToastInput, toastCookie } from "../core/toast.server";
import { honeypotFilled } from "../core/honeypot.server";
import { publicOrigin } from "../core/public-url.server";
import { prisma } from "../core/db.server";
import { type EntryRefusalReason, countEntryAccepted, countEntryRefused } from "../core/metrics.server";
import { type RequestHeaders, clientIp } from "../core/request.server";
import { platformSetting } from "../core/settings.server";

export type EntryFormResult =
  /** The honeypot was filled: answer as if it had worked, store nothing. */
  | { kind: "bot" }
  /** Refused before storing anything: the form again, with these errors, and this status. */
  | { kind: "refused"; reason: EntryRefusalReason; errors: EntryFormErrors; values: EntryFormValues; status: number }
  /** Stored, or found: what submitEntry said, with the browser-id cookie to set (if new). */
  | {
      kind: "stored";
      outcome: Extract<EntryOutcome, { kind: "entered" | "already" }>;
      browserCookie: string | null;
      values: EntryFormValues;
    };

const REFUSALS: Record<Exclude<EntryOutcome["kind"], "entered" | "already">, { message: string; status: number }> = {
  "not-found": { message: ENTRY_MESSAGES.notFound, status: 404 },
  upcoming: { message: ENTRY_MESSAGES.notStarted, status: 409 },
  ended: { message: ENTRY_MESSAGES.ended, status: 409 },
  full: { message: ENTRY_MESSAGES.full, status: 409 },
  "rate-limited": { message: ENTRY_MESSAGES.rateLimited, status: 429 },
};

/** The public origin entry emails link to. */
export function entryOrigin(): string {
  return publicOrigin();
}

/**
 * The referral of the address an entry form was posted to (`search`: its query, with or without the
 * "?"). The campaign page is one cached render for every referral link (decision 067), so its form
 * carries no referral of its own: it posts to the page's own address, `?ref=` included, with or
 * without JavaScript. A malformed `ref` is no referral (decision 011).
 */
export function postedReferral(search: string | null | undefined): string | null {
  if (!search) return null;
  const ref = new URLSearchParams(search).get("ref")?.trim() ?? "";
  return REFERRER_ID_PATTERN.test(ref) ? ref : null;
}

/**
 * Reads an entry from `formData` (already read with readForm) for `campaignId`. A signed-in
 * visitor's email is locked to their account, whatever the form carried. The referrer is the
 * form's own `ref` field (a hand-made post, a page rendered before decision 067), else `referral`,
 * the one in the address the form was posted to (postedReferral).
 *
 * The outcome is counted for /metrics (decision 084) unless `counted` is false: the entry lane
 * counts only what it answers, since the page's action takes everything else again and counts it.
 */
export async function takeEntry(
  request: RequestHeaders,
  campaignId: string,
  formData: FormData | URLSearchParams,
  user: { id: string; email: string } | null,
  referral: string | null,
  { counted = true }: { counted?: boolean } = {},
): Promise<EntryFormResult> {
  const result = await judgeEntry(request, campaignId, formData, user, referral);
  if (counted) countEntry(result);
  return result;
}

/** Counts an entry form's outcome: a new entry is accepted; anything else is refused, with its reason. */
export function countEntry(result: EntryFormResult): void {
  if (result.kind === "stored" && result.outcome.kind === "entered") countEntryAccepted();
  else countEntryRefused(result.kind === "bot" ? "honeypot" : result.kind === "refused" ? result.reason : "already-entered");
}

async function judgeEntry(
  request: RequestHeaders,
  campaignId: string,
  formData: FormData | URLSearchParams,
  user: { id: string; email: string } | null,
  referral: string | null,
): Promise<EntryFormResult> {
  if (honeypotFilled(formData)) return { kind: "bot" };
  if (user) formData.set("email", user.email);
  if (referral && !formData.get("ref")) formData.set("ref", referral);
  const fields = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string"));
  const values: EntryFormValues = {
    email: typeof fields.email === "string" ? fields.email : undefined,
    phoneNumber: typeof fields.phoneNumber === "string" ? fields.phoneNumber : undefined,
  };
  const parsed = EntrySchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    const errors: EntryFormErrors = {
      email: fieldErrors.email?.[0],
      agreedToTerms: fieldErrors.agreedToTerms?.[0],
    };
    // A refusal the form's fields cannot show still says something: never a 400 without a message.
    if (!errors.email && !errors.agreedToTerms) errors.form = ENTRY_FORM_FALLBACK;
    return { kind: "refused", reason: "invalid", errors, values, status: 400 };
  }
  // The optional phone number, stored in E.164 (decision 094); a number we could not text is refused.
  const phoneNumber = parsed.data.phoneNumber === undefined ? null : e164PhoneNumber(parsed.data.phoneNumber);
  if (parsed.data.phoneNumber !== undefined && phoneNumber === null)
    return { kind: "refused", reason: "invalid", errors: { phoneNumber: ENTRY_MESSAGES.phoneInvalid }, values, status: 400 };
  // Throwaway inboxes are refused (decision 038); the list is checked here, on the server only.
  if (isDisposableEmail(parsed.data.email))
    return { kind: "refused", reason: "disposable-email", errors: { email: ENTRY_MESSAGES.disposable }, values, status: 400 };

  const { ref, ...entry } = parsed.data;
  const browser = await browserId(request);
  const outcome = await submitEntry({
    ...entry,
    phoneNumber,
    campaignId,
    referrerId: ref,
    userId: user?.id ?? null,
    verifiedEmail: user?.email ?? null,
    ip: clientIp(request),
    browserId: browser.id,
    origin: entryOrigin(),
  });
  if (outcome.kind === "entered" || outcome.kind === "already")
    return { kind: "stored", outcome, browserCookie: browser.setCookie, values };
  const refusal = REFUSALS[outcome.kind];
  return { kind: "refused", reason: outcome.kind, errors: { form: refusal.message }, values, status: refusal.status };
}

/**
 * Whether sharing can still earn this entrant bonus entries: referrals are on (platform setting)
 * and the giveaway can still take the friends' entries (not full).
 */
export async function referralBonusOpen(campaignId: string): Promise<boolean> {
  if (!(await platformSetting("referralsEnabled"))) return false;
  const campaign = await prisma.campaign.findUnique({ where: { id: campaignId }, select: { entryLimit: true, entryCount: true } });
  return campaign !== null && (campaign.entryLimit === null || campaign.entryCount < campaign.entryLimit);
}

/**
 * The cookies of the answer that takes an entrant back to the campaign page after its form: the
 * after-post mark (the same visit, not a new view), then `cookies`.
 */
export async function backToPageCookies(campaignId: string, cookies: (string | null)[]): Promise<string[]> {
  return [await markRedirectAfterPost(campaignId), ...cookies.filter((cookie): cookie is string => cookie !== null)];
}

/**
 * For an entry stored or found for this browser: the browser-id cookie (if new), the cookie that
 * remembers the entry here, and the toast the page shows.
 */
export async function storedEntryCookies(
  campaignId: string,
  outcome: Extract<EntryOutcome, { kind: "entered" | "already" }>,
  browserCookie: string | null,
  /** The entrant's language (decision 097): the toast's words. */
  language: EntrantLanguage = "en",
): Promise<(string | null)[]> {
  const { t } = entrantText(language);
  const toast: ToastInput =
    outcome.kind === "already"
      ? { type: "info", title: t("alreadyEntered"), description: t("alreadyEnteredHere") }
      : outcome.confirmed
        ? {
            type: "success",
            title: t("youreIn"),
            description: (await referralBonusOpen(campaignId)) ? t("confirmedToastShare") : t("confirmedToast"),
          }
        : { type: "info", title: t("checkEmail"), description: t("pendingExplained") };
  return [browserCookie, await rememberEntry(campaignId, outcome.entryId), await toastCookie(toast)];
}
