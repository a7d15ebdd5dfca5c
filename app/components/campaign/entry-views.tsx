import type { ReactNode } from "react";
import { Form } from "react-router";
import { type EntryFormErrors, type EntryFormValues, REFERRAL_BONUS_ENTRIES, entryWeight, PHONE_EXAMPLE } from "~/domain/entries";
import type { EntrantText } from "~/i18n/entrant";
import type { CampaignPageData } from "~/domain/campaign-page";
import { type EntryConsentLabels, consentSegments } from "~/domain/consent";
import { ENTRY_ANCHOR, ENTRY_FORM_HERE, campaignRulesPath, entryFormAction, href } from "~/paths";
import { HoneypotField } from "../ui/honeypot";
import { EntryActionList, PendingActionsNote, SHARE_ANCHOR } from "./entry-actions";
import { useEntrantText } from "./entrant-text";

export { ENTRY_ANCHOR, entryFormAction };

/**
 * A refused entry's errors at the form's top (GOV.UK's error summary pattern): a heading and a link to
 * each field, announced as an alert.
 */
function ErrorSummary({ errors }: { errors: EntryFormErrors }) {
  const { t } = useEntrantText();
  const items = [
    errors.form ? { href: null, text: errors.form } : null,
    errors.email ? { href: "#entry-email", text: errors.email } : null,
    errors.phoneNumber ? { href: "#entry-phone", text: errors.phoneNumber } : null,
    errors.agreedToTerms ? { href: "#entry-terms", text: errors.agreedToTerms } : null,
  ].filter((item) => item !== null);
  if (!items.length) return null;
  return (
    <div
      role="alert"
      aria-labelledby="entry-error-summary-heading"
      className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
      data-testid="error-summary"
    >
      <h3 id="entry-error-summary-heading" className="font-bold">
        {t("errorSummary")}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.map((item) => (
          <li key={item.text}>
            {item.href ? (
              <a href={item.href} className="font-medium underline">
                {item.text}
              </a>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Email, an optional phone number for the winner's SMS with its own consent line (decision 094),
 * terms and a separate, never pre-ticked marketing consent (decision 054): the form fits a phone's
 * first screen (decision 043).
 */
export function EntryForm({
  campaignId,
  lockedEmail,
  consent,
  errors,
  values,
}: {
  campaignId: string;
  lockedEmail: string | null;
  consent: EntryConsentLabels;
  errors: EntryFormErrors;
  values: EntryFormValues;
}) {
  const { t } = useEntrantText();
  return (
    // A plain form posting to the address the browser shows (ENTRY_FORM_HERE): a referral link's
    // ?ref= goes with it, with or without JavaScript, and the page stays one render for every link
    // (decision 067). React Router's <Form> would write out the rendered path instead.
    <form
      method="post"
      action={ENTRY_FORM_HERE}
      noValidate
      data-entry-form
      data-email-required={t("emailRequired")}
      data-email-invalid={t("emailInvalid")}
      data-terms-required={t("termsRequired")}
      className="relative space-y-3"
      aria-labelledby="enter-heading"
    >
      <h2 id="enter-heading" className="sr-only">
        {t("enterHeading")}
      </h2>
      <ErrorSummary errors={errors} />
      <HoneypotField />
      <EntryEmailField lockedEmail={lockedEmail} value={values.email} error={errors.email} />
      <EntryPhoneField value={values.phoneNumber} error={errors.phoneNumber} />
      <EntryTermsField campaignId={campaignId} wording={consent.terms} error={errors.agreedToTerms} />
      <MarketingConsentField wording={consent.marketing} />
      <EnterNowButton className="btn-primary w-full py-3 text-base" />
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">{t("noPurchase")}</p>
    </form>
  );
}

const NETWORK_STYLES: Record<string, string> = {
  email: "bg-slate-700 hover:bg-slate-800",
  x: "bg-black hover:bg-slate-900",
  facebook: "bg-[#0a58ca] hover:bg-[#084aa8]",
  whatsapp: "bg-[#0b7a33] hover:bg-[#08642a]",
};

/** The entrant's confirmation; sharing is always offered, bonus entries only while referrals are on (decision 017). */
export function EntryConfirmation({
  entry,
  campaignId,
  campaignTitle,
  referralsEnabled,
  referralCap,
}: {
  entry: NonNullable<CampaignPageData["entry"]>;
  campaignId: string;
  campaignTitle: string;
  referralsEnabled: boolean;
  referralCap: number | null;
}) {
  const { t } = useEntrantText();
  const weight = entryWeight(entry);
  // Decision 091: the state in plain words and the share buttons fill a phone's first screen; the
  // receipt (the email has it too) waits behind a disclosure.
  return (
    <section aria-labelledby="entered-heading" className="space-y-5">
      <div className="text-center">
        <h2 id="entered-heading" className="flex items-center justify-center gap-2 text-2xl font-bold">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-8 shrink-0 text-emerald-600">
            <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
            <path
              d="M7 12.5l3.2 3.2L17 9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t("youreIn")}
        </h2>
        <p className="mt-2 text-lg" data-testid="entry-state">
          {t("youreInWith")} <strong data-testid="your-entries">{t("entries", { count: weight })}</strong>.
          {referralsEnabled ? ` ${t("referralMore", { bonus: REFERRAL_BONUS_ENTRIES })}${capNote(t, referralCap)}` : ""}
        </p>
      </div>
      <div id={SHARE_ANCHOR} className="scroll-mt-2">
        <h3 className="font-semibold">{referralsEnabled ? t("shareToEarn") : t("shareWithFriends")}</h3>
        <ShareButtons links={entry.shareLinks} />
        <label htmlFor="referral-link" className="label mt-3">
          {referralsEnabled ? t("referralLink") : t("linkToShare")}
        </label>
        <div className="flex gap-2">
          <input id="referral-link" readOnly value={entry.referralLink} className="input min-w-0 flex-1 font-mono text-sm" />
          <button type="button" hidden data-copy={entry.referralLink} className="btn-secondary shrink-0">
            {t("copy")}
          </button>
        </div>
        <p
          data-copy-status
          data-copied={t("linkCopied")}
          data-copy-failed={t("copyFailed")}
          role="status"
          className="mt-1 text-sm font-medium text-emerald-700 empty:hidden dark:text-emerald-400"
        />
      </div>
      {entry.coupon ? (
        <div className="rounded-xl border-2 border-dashed border-brand-600 p-4 text-center">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t("thankYouCoupon")}</p>
          <p className="mt-1 font-mono text-2xl font-bold tracking-wider">{entry.coupon.code}</p>
          {entry.coupon.description ? <p className="mt-1 text-sm">{entry.coupon.description}</p> : null}
        </div>
      ) : null}
      {/* The entry actions (decision 077), referrals among them. */}
      <EntryActionList campaignId={campaignId} actions={entry.actions} weight={weight} referralsEnabled={referralsEnabled} />
      <ReceiptDetails>
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">{t("isEnteredIn", { email: entry.email, title: campaignTitle })}</p>
        <EntryReceipt entry={entry} />
      </ReceiptDetails>
    </section>
  );
}

/** The share buttons (email, X, Facebook, WhatsApp): plain links, working without JavaScript. */
function ShareButtons({ links }: { links: NonNullable<CampaignPageData["entry"]>["shareLinks"] }) {
  const { t } = useEntrantText();
  return (
    <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2" data-testid="share-buttons">
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target={link.network === "email" ? undefined : "_blank"}
            rel="noopener noreferrer"
            className={`flex min-h-11 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold text-white ${NETWORK_STYLES[link.network]}`}
          >
            {t("shareVia", { network: link.label })}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The technical receipt behind a closed disclosure (decision 091): the email carries it too. */
export function ReceiptDetails({ children }: { children: ReactNode }) {
  const { t } = useEntrantText();
  return (
    <details className="rounded-xl border border-slate-200 text-left dark:border-slate-700" data-testid="receipt-details">
      <summary className="cursor-pointer px-4 py-3 font-semibold">{t("yourReceipt")}</summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}

/** The entrant's receipt (decision 038): what finds their line in the published entry list. */
export function EntryReceipt({ entry }: { entry: Pick<NonNullable<CampaignPageData["entry"]>, "id" | "enteredAt" | "bonusEntries"> }) {
  const { t } = useEntrantText();
  const weight = entryWeight(entry);
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-slate-100 p-4 text-sm dark:bg-slate-800"
      data-testid="entry-receipt"
    >
      <dt className="font-medium text-slate-700 dark:text-slate-300">{t("receiptEntryId")}</dt>
      <dd className="font-mono break-all" data-testid="receipt-id">
        {entry.id}
      </dd>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{t("receiptEntered")}</dt>
      <dd data-testid="receipt-time">{entry.enteredAt}</dd>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{t("receiptWeight")}</dt>
      <dd data-testid="receipt-weight">
        {weight}
        {entry.bonusEntries > 0 ? ` ${t("receiptBonus", { count: entry.bonusEntries })}` : ""}
      </dd>
    </dl>
  );
}

/**
 * Entered, not yet confirmed: what to do to be counted (decision 091), where the confirm link went,
 * and a plain form (no JavaScript) that sends it again. The entry's own link and coupon come with the
 * confirmation (decision 038); until then the share buttons share the giveaway's page.
 */
export function EntryPending({
  entry,
  full,
  campaignId,
  referralsEnabled,
  referralCap,
}: {
  entry: NonNullable<CampaignPageData["entry"]>;
  full: boolean;
  campaignId: string;
  referralsEnabled: boolean;
  referralCap: number | null;
}) {
  const text = useEntrantText();
  const { t } = text;
  return (
    <section aria-labelledby="pending-heading" className="space-y-4 text-center">
      <h2 id="pending-heading" className="flex items-center justify-center gap-2 text-2xl font-bold">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-8 shrink-0 text-brand-700 dark:text-brand-300">
          <rect x="2.5" y="5" width="19" height="14" rx="2" fill="currentColor" opacity="0.15" />
          <path d="M3 6.5l9 6.5 9-6.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("checkEmail")}
      </h2>
      <p className="text-slate-800 dark:text-slate-200" data-testid="entry-state">
        {t("sentLinkTo")} <strong>{entry.email}</strong>. {pendingState(text, entryWeight(entry), referralsEnabled && !full)}
        {referralsEnabled && !full ? capNote(t, referralCap) : ""}
      </p>
      {full ? (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {t("pendingFull")}
        </p>
      ) : (
        <div className="text-left">
          <h3 className="font-semibold">{t("tellFriends")}</h3>
          <ShareButtons links={entry.shareLinks} />
        </div>
      )}
      <PendingActionsNote count={entry.actions.length} />
      <Form method="post" action={entryFormAction(campaignId)}>
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="btn-secondary w-full">
          {t("resendButton")}
        </button>
      </Form>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("noEmail")}</p>
    </section>
  );
}

/** The entry form's email field; a signed-in entrant's is their account's, read-only. */
export function EntryEmailField({ lockedEmail, value, error }: { lockedEmail: string | null; value?: string; error?: string }) {
  const { t } = useEntrantText();
  return (
    <div>
      <label htmlFor="entry-email" className="label">
        {t("emailLabel")}
      </label>
      <input
        id="entry-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        readOnly={lockedEmail !== null}
        defaultValue={lockedEmail ?? value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby="entry-email-error"
        className="input read-only:bg-slate-100 dark:read-only:bg-slate-800"
      />
      <p id="entry-email-error" className="field-error empty:hidden" aria-live="polite">
        {error}
      </p>
      {lockedEmail ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("signedInEmail")}</p> : null}
    </div>
  );
}

/**
 * Enter Now with its hint: with JavaScript the page script keeps the button disabled until the terms
 * are ticked, and the hint, its description, says why (the script hides it once they are); without it
 * the button always submits and the server refuses an unticked box (decision 091).
 */
export function EnterNowButton({ className, style }: { className: string; style?: React.CSSProperties }) {
  const { t } = useEntrantText();
  return (
    <>
      <button type="submit" aria-describedby="entry-submit-hint" className={className} style={style}>
        {t("enterNow")}
      </button>
      <p id="entry-submit-hint" data-submit-hint className="-mt-1 text-center text-sm text-slate-700 dark:text-slate-300">
        {t("tickToEnter")}
      </p>
    </>
  );
}

/**
 * The optional phone number (decision 094) and its own consent line: what we will text (the winner
 * notice and one claim reminder) and that a number never changes the chances. Behind a disclosure
 * whose summary says what it is for, so the form still fits a phone's first screen (decision 043);
 * it opens by itself when it holds a number or its error, and works without JavaScript.
 */
export function EntryPhoneField({ value, error }: { value?: string; error?: string }) {
  const { t } = useEntrantText();
  return (
    <details className="group text-sm" open={Boolean(value || error) || undefined} data-sms-field>
      <summary className="cursor-pointer font-medium text-brand-700 underline dark:text-brand-300">{t("smsSummary")}</summary>
      <div className="mt-2">
        <label htmlFor="entry-phone" className="label">
          {t("phoneLabel")} <span className="font-normal text-slate-600 dark:text-slate-400">{t("optional")}</span>
        </label>
        <input
          id="entry-phone"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          defaultValue={value ?? ""}
          placeholder={PHONE_EXAMPLE}
          aria-invalid={error ? true : undefined}
          aria-describedby="entry-phone-error entry-phone-consent"
          className="input"
        />
        <p id="entry-phone-error" className="field-error empty:hidden" aria-live="polite">
          {error}
        </p>
        <p id="entry-phone-consent" className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-sms-consent>
          {t("smsConsent")}
        </p>
      </div>
    </details>
  );
}

/**
 * "I am {minimumAge} or older and agree to the official rules and the terms and conditions": required.
 * The label's text is exactly the stored wording (decision 054), its phrases linked; the hidden field
 * says which version the entry records. In a frame on another site (`newTab`) its links open in a new
 * tab rather than inside the frame.
 */
export function EntryTermsField({
  campaignId,
  wording,
  error,
  newTab = false,
}: {
  campaignId: string;
  wording: EntryConsentLabels["terms"];
  error?: string;
  newTab?: boolean;
}) {
  const link = "font-semibold text-brand-700 underline dark:text-brand-300";
  const target = newTab ? { target: "_blank", rel: "noopener" } : {};
  const links = { rules: campaignRulesPath(campaignId), terms: href("/terms") } as const;
  return (
    <div>
      <input type="hidden" name="termsWording" value={wording.id} />
      <div className="flex items-start gap-3">
        <input
          id="entry-terms"
          name="agreedToTerms"
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby="entry-terms-error"
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor="entry-terms" className="text-sm text-slate-800 dark:text-slate-200" data-consent-wording={wording.id}>
          {consentSegments(wording.text).map((segment, index) =>
            segment.link ? (
              <a key={index} href={links[segment.link]} className={link} {...target}>
                {segment.text}
              </a>
            ) : (
              segment.text
            ),
          )}
        </label>
      </div>
      <p id="entry-terms-error" className="field-error empty:hidden" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** The separate, never pre-ticked marketing consent, naming the brand (decision 054). */
export function MarketingConsentField({ wording }: { wording: EntryConsentLabels["marketing"] }) {
  return (
    <div className="flex items-start gap-3">
      <input type="hidden" name="marketingWording" value={wording.id} />
      <input
        id="entry-consent"
        name="marketingConsent"
        type="checkbox"
        defaultChecked={false}
        className="mt-1 size-5 shrink-0 accent-brand-700"
      />
      <label htmlFor="entry-consent" className="text-sm text-slate-700 dark:text-slate-300" data-consent-wording={wording.id}>
        {wording.text}
      </label>
    </div>
  );
}

/**
 * The pending entrant's state in plain words (decision 091): what to do to be counted, and what
 * they then hold (pendingStateSentence's words, in the entrant's language, decision 097).
 */
/** " Bonus entries count for up to 10 friends.": the campaign's referral cap (decision 104), or nothing without one. */
export function capNote(t: EntrantText["t"], referralCap: number | null): string {
  return referralCap === null ? "" : ` ${t("referralCap", { count: referralCap })}`;
}

function pendingState({ t }: EntrantText, weight: number, referralsEnabled: boolean): string {
  const entries = t("entries", { count: weight });
  return [
    t("pendingNotCounted", { button: t("confirmButton") }),
    referralsEnabled ? t("pendingThenReferrals", { entries, bonus: REFERRAL_BONUS_ENTRIES }) : t("pendingThen", { entries }),
    t("pendingDeadline"),
  ].join(" ");
}
