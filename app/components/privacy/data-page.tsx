import type { ReactNode } from "react";
import { richEntrantText, useEntrantText } from "~/components/campaign/entrant-text";
import { formatUtcDateTime } from "~/domain/campaign-status";
import { cachedDateFormat } from "~/domain/campaign-time-zone";
import { bonusBreakdown, type DataPageConsent, type DataPageData, type DataPageEntry, type PrizeClaimState } from "~/domain/data-rights";
import { isOrderStatus } from "~/domain/orders";
import { type EntrantText, entrantText } from "~/i18n/entrant";
import type { EntrantTextKey } from "~/i18n/entrant/en";
import { href } from "~/paths";

/**
 * A time as the data page shows it, from an ISO string: in UTC, which the page names, since one
 * address's entries span giveaways in different zones (decision 097). English keeps its words
 * ("Jun 16, 2026, 12:00 UTC"); other languages write the locale's date ("16 de junio de 2026, 12:00 UTC").
 */
export function shownTime(iso: string | null, text: EntrantText = entrantText("en")): string {
  if (!iso) return "";
  if (text.language === "en") return formatUtcDateTime(new Date(iso));
  const format = cachedDateFormat(text.locale, {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${format.format(new Date(iso))} UTC`;
}

/** A page of the data-rights flow: one centred column, a card. */
export function DataFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">{children}</div>;
}

export function Notice({ tone, children }: { tone: "success" | "info" | "warning"; children: ReactNode }) {
  const styles = {
    success: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
    info: "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
    warning: "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  } as const;
  return (
    <p role={tone === "warning" ? "alert" : "status"} className={`rounded-xl p-3 text-sm font-medium ${styles[tone]}`}>
      {children}
    </p>
  );
}

const STATUS_KEY: Record<DataPageEntry["status"], EntrantTextKey> = {
  pending: "dataStatusPending",
  confirmed: "dataStatusConfirmed",
  disqualified: "dataStatusDisqualified",
};

function entryStatus(entry: DataPageEntry, { t }: EntrantText): string {
  if (entry.status === "pending" && entry.campaign.ended) return t("dataStatusNeverConfirmed");
  if (entry.status === "confirmed") return t(entry.campaign.ended ? "dataStatusWasInDraw" : "dataStatusInDraw");
  return t(STATUS_KEY[entry.status]);
}

const ORDER_KEY: Record<string, EntrantTextKey> = {
  pending: "dataOrderPending",
  submitted: "dataOrderSubmitted",
  fulfilled: "dataOrderFulfilled",
  shipped: "dataOrderShipped",
  delivered: "dataOrderDelivered",
  cancelled: "dataOrderCancelled",
};

/** orderStatusLabel's words in the page's language: none yet, or the status (unknown reads as pending). */
function orderStatusText(status: string | null | undefined, { t }: EntrantText): string {
  if (status === null || status === undefined) return t("dataOrderNone");
  return t(ORDER_KEY[isOrderStatus(status) ? status : "pending"] ?? "dataOrderPending");
}

function claimText(claim: PrizeClaimState, text: EntrantText): string {
  switch (claim.kind) {
    case "open":
      return text.t("dataClaimOpen", { deadline: shownTime(claim.deadline, text) });
    case "lapsed":
      return text.t("dataClaimLapsed", { deadline: shownTime(claim.deadline, text) });
    case "claimed":
      return text.t("dataClaimed", { status: orderStatusText(claim.orderStatus, text) });
  }
}

/** bonusBreakdown's " (1 + 2 bonus entries from friends you referred + 1 from entry actions)", in the page's language. */
function bonusText(bonusEntries: number, actionBonus: number, text: EntrantText): string {
  if (text.language === "en") return bonusBreakdown(bonusEntries, actionBonus);
  if (bonusEntries <= 0) return "";
  const referrals = bonusEntries - actionBonus;
  const parts = [
    ...(referrals > 0 ? [text.t("dataBonusReferrals", { count: referrals })] : []),
    ...(actionBonus > 0 ? [text.t("dataBonusActions", { count: actionBonus })] : []),
  ];
  return ` (1 + ${parts.join(" + ")})`;
}

function ConsentText({ consent }: { consent: DataPageConsent }) {
  const { t } = useEntrantText();
  if (!consent.text) return <>{t("dataNotRecorded")}</>;
  return (
    <>
      <q className="italic">{consent.text}</q>{" "}
      <span className="text-slate-600 dark:text-slate-400">{t("dataVersion", { version: consent.version ?? "" })}</span>
    </>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One entry: its giveaway, status, weight, prize, and both consents, with a per-entry withdraw button. */
export function DataEntryCard({ entry }: { entry: DataPageEntry }) {
  const text = useEntrantText();
  const { t } = text;
  const time = (iso: string | null) => shownTime(iso, text);
  const marketing = entry.marketing;
  return (
    <article className="card space-y-4 p-5" aria-labelledby={`entry-${entry.id}`} data-testid="data-entry">
      <div>
        <h3 id={`entry-${entry.id}`} className="text-lg font-bold">
          <a href={entry.campaign.url} className="underline decoration-slate-300 underline-offset-4 hover:decoration-current">
            {entry.campaign.title}
          </a>
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("dataByBrand", { brand: entry.campaign.brandName })}</p>
      </div>
      <dl className="space-y-2 text-sm">
        <Row label={t("emailLabel")}>{entry.email}</Row>
        {entry.phoneNumber ? <Row label={t("dataPhone")}>{entry.phoneNumber}</Row> : null}
        <Row label={t("dataEntered")}>{time(entry.enteredAt)}</Row>
        {entry.confirmedAt ? <Row label={t("dataConfirmedAt")}>{time(entry.confirmedAt)}</Row> : null}
        <Row label={t("dataStatus")} testId="entry-status">
          {entryStatus(entry, text)}
        </Row>
        <Row label={t("dataEntriesInDraw")}>
          {text.number(entry.weight)}
          {bonusText(entry.bonusEntries, entry.actionBonus, text)}
        </Row>
        {entry.actions.length > 0 ? (
          <Row label={t("dataEntryActions")} testId="entry-actions">
            <ul className="space-y-1">
              {entry.actions.map((done) => (
                <li key={`${done.completedAt}-${done.label}`}>
                  {done.label}: +{done.bonus}
                  {done.rejected ? ` (${t("dataActionRejected")})` : ""}, {time(done.completedAt)}
                  {done.answer ? <> · {t("dataYouGave", { answer: done.answer })}</> : null}
                </li>
              ))}
            </ul>
          </Row>
        ) : null}
        <Row label={t("dataEntryId")}>
          <span className="font-mono text-xs break-all">{entry.id}</span>
        </Row>
        {entry.prize ? (
          <Row label={t("dataPrize")} testId="entry-prize">
            <strong>{t("dataYouWon", { prize: entry.prize.title })}</strong> {claimText(entry.prize.claim, text)}
          </Row>
        ) : null}
        <Row label={t("dataTerms")} testId="consent-terms">
          <ConsentText consent={entry.terms} />
          {entry.terms.givenAt ? <> {t("dataAgreed", { time: time(entry.terms.givenAt) })}</> : null}
        </Row>
        <Row label={t("dataMarketing")} testId="consent-marketing">
          {marketing.wordingId ? (
            <>
              <ConsentText consent={marketing} /> {t("dataGiven", { time: time(marketing.givenAt) })}
              {marketing.withdrawnAt ? <strong> {t("dataWithdrawnAt", { time: time(marketing.withdrawnAt) })}</strong> : null}
            </>
          ) : marketing.withdrawnAt ? (
            <>{t("dataWithdrawnAt", { time: time(marketing.withdrawnAt) })}</>
          ) : marketing.current ? (
            <>{t("dataGivenNotRecorded", { time: time(marketing.givenAt ?? entry.enteredAt) })}</>
          ) : (
            <>{t("dataNotGiven", { brand: entry.campaign.brandName })}</>
          )}
        </Row>
      </dl>
      {marketing.current ? (
        <form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="entryId" value={entry.id} />
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            {t("dataWithdrawFor", { brand: entry.campaign.brandName })}
          </button>
        </form>
      ) : null}
    </article>
  );
}

/** What erasing means for this address, prize by prize (the erase page's confirm step). */
export function ErasureConsequences({ page }: { page: DataPageData }) {
  const text = useEntrantText();
  const { t } = text;
  return (
    <div className="space-y-4 text-sm text-slate-800 dark:text-slate-200">
      <p>{t("eraseRemoves")}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("eraseRemovesContact")}</li>
        <li>{t("eraseRemovesConsents")}</li>
        <li>{page.emailCount === 1 ? t("eraseRemovesOneEmail") : t("eraseRemovesEmails", { count: page.emailCount })}</li>
        <li>{t("eraseRemovesDelivery")}</li>
      </ul>
      <p>{t("eraseMeans")}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("eraseMeansAnonymous")}</li>
        <li>{t("eraseMeansLinks")}</li>
        <li>{t("eraseMeansCopies")}</li>
        {page.hasAccount ? (
          <li>
            {richEntrantText(text, "eraseMeansAccount", {
              contact: (
                <a href={href("/contact")} className="font-medium text-brand-700 underline dark:text-brand-300">
                  {t("eraseContactUs")}
                </a>
              ),
            })}
          </li>
        ) : null}
      </ul>
      {page.openClaims.length ? (
        <div
          className="space-y-2 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          data-testid="prize-warning"
        >
          <p className="font-bold">{t("erasePrizes")}</p>
          <ul className="list-disc space-y-1 pl-5">
            {page.openClaims.map((claim) => (
              <li key={`${claim.campaignTitle}-${claim.prizeTitle}`}>
                {richEntrantText(
                  text,
                  claim.kind === "unclaimed"
                    ? "erasePrizeUnclaimed"
                    : claim.kind === "in-progress"
                      ? "erasePrizeInProgress"
                      : "erasePrizeShipped",
                  { prize: <strong>{claim.prizeTitle}</strong>, campaign: claim.campaignTitle },
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
