import type { ReactNode } from "react";
import { formatUtcDateTime } from "~/domain/campaign-status";
import { bonusBreakdown, type DataPageConsent, type DataPageData, type DataPageEntry, type PrizeClaimState } from "~/domain/data-rights";
import { orderStatusLabel } from "~/domain/orders";
import { href } from "~/paths";

/** A time as the data page shows it ("June 16, 2026, 12:00 UTC"), from an ISO string. */
export function shownTime(iso: string | null): string {
  return iso ? formatUtcDateTime(new Date(iso)) : "";
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

const STATUS_TEXT: Record<DataPageEntry["status"], string> = {
  pending: "Waiting for you to confirm it from the email we sent",
  confirmed: "Confirmed",
  disqualified: "Disqualified by the brand's review",
};

function entryStatus(entry: DataPageEntry): string {
  if (entry.status === "pending" && entry.campaign.ended) return "Never confirmed, so it was not in the draw";
  if (entry.status === "confirmed") return entry.campaign.ended ? "Confirmed: it was in the draw" : "Confirmed: it is in the draw";
  return STATUS_TEXT[entry.status];
}

function claimText(claim: PrizeClaimState): string {
  switch (claim.kind) {
    case "open":
      return `Not claimed yet: claim it by ${shownTime(claim.deadline)} with the link in your winner email.`;
    case "lapsed":
      return `Not claimed before its deadline (${shownTime(claim.deadline)}).`;
    case "claimed":
      return `Claimed; order status: ${orderStatusLabel(claim.orderStatus)}.`;
  }
}

function ConsentText({ consent }: { consent: DataPageConsent }) {
  if (!consent.text) return <>The exact words were not recorded (you entered before consent records were kept).</>;
  return (
    <>
      <q className="italic">{consent.text}</q> <span className="text-slate-600 dark:text-slate-400">(version {consent.version})</span>
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
  const marketing = entry.marketing;
  return (
    <article className="card space-y-4 p-5" aria-labelledby={`entry-${entry.id}`} data-testid="data-entry">
      <div>
        <h3 id={`entry-${entry.id}`} className="text-lg font-bold">
          <a href={entry.campaign.url} className="underline decoration-slate-300 underline-offset-4 hover:decoration-current">
            {entry.campaign.title}
          </a>
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">by {entry.campaign.brandName}</p>
      </div>
      <dl className="space-y-2 text-sm">
        <Row label="Email">{entry.email}</Row>
        {entry.phoneNumber ? <Row label="Phone">{entry.phoneNumber}</Row> : null}
        <Row label="Entered">{shownTime(entry.enteredAt)}</Row>
        {entry.confirmedAt ? <Row label="Confirmed">{shownTime(entry.confirmedAt)}</Row> : null}
        <Row label="Status" testId="entry-status">
          {entryStatus(entry)}
        </Row>
        <Row label="Entries in the draw">
          {entry.weight}
          {bonusBreakdown(entry.bonusEntries, entry.actionBonus)}
        </Row>
        {entry.actions.length > 0 ? (
          <Row label="Entry actions" testId="entry-actions">
            <ul className="space-y-1">
              {entry.actions.map((done) => (
                <li key={`${done.completedAt}-${done.label}`}>
                  {done.label}: +{done.bonus}
                  {done.rejected ? " (rejected by the brand, not counted)" : ""}, {shownTime(done.completedAt)}
                  {done.answer ? <> · you gave “{done.answer}”</> : null}
                </li>
              ))}
            </ul>
          </Row>
        ) : null}
        <Row label="Entry id">
          <span className="font-mono text-xs break-all">{entry.id}</span>
        </Row>
        {entry.prize ? (
          <Row label="Prize" testId="entry-prize">
            <strong>You won: {entry.prize.title}.</strong> {claimText(entry.prize.claim)}
          </Row>
        ) : null}
        <Row label="Terms" testId="consent-terms">
          <ConsentText consent={entry.terms} />
          {entry.terms.givenAt ? <> Agreed {shownTime(entry.terms.givenAt)}.</> : null}
        </Row>
        <Row label="Marketing" testId="consent-marketing">
          {marketing.wordingId ? (
            <>
              <ConsentText consent={marketing} /> Given {shownTime(marketing.givenAt)}.
              {marketing.withdrawnAt ? <strong> Withdrawn {shownTime(marketing.withdrawnAt)}.</strong> : null}
            </>
          ) : marketing.withdrawnAt ? (
            <>Withdrawn {shownTime(marketing.withdrawnAt)}.</>
          ) : marketing.current ? (
            <>Given {shownTime(marketing.givenAt ?? entry.enteredAt)}; the exact words were not recorded.</>
          ) : (
            <>Not given: {entry.campaign.brandName} may not send you news and offers.</>
          )}
        </Row>
      </dl>
      {marketing.current ? (
        <form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="entryId" value={entry.id} />
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            Withdraw marketing consent for {entry.campaign.brandName}
          </button>
        </form>
      ) : null}
    </article>
  );
}

/** What erasing means for this address, prize by prize (the erase page's confirm step). */
export function ErasureConsequences({ page }: { page: DataPageData }) {
  return (
    <div className="space-y-4 text-sm text-slate-800 dark:text-slate-200">
      <p>Erasing removes, for every giveaway you entered with this address:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>your email address, phone number, IP address and browser id from each entry;</li>
        <li>your marketing consents: the brands' email tools connected to Giveawear are told to unsubscribe you;</li>
        <li>
          the {page.emailCount === 1 ? "email" : `${page.emailCount} emails`} we sent you, any sign-in codes, and our stored copies of
          messages you sent through our contact form;
        </li>
        <li>the delivery details of prizes that have shipped or been delivered.</li>
      </ul>
      <p>What it means:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Each entry stays in its giveaway's draw only as an anonymous id, because published entry lists cannot change (that is what lets
          anyone check a draw). We can no longer contact you, so if such an entry is drawn, the prize cannot be claimed and the brand may
          draw another winner.
        </li>
        <li>Your data links and prize claim links stop working. Erasing cannot be undone.</li>
        <li>
          Copies a brand already took (its entries export, its own systems) are the brand's: ask the brand, named in each giveaway's
          official rules.
        </li>
        {page.hasAccount ? (
          <li>
            You also have a Giveawear account with this address: it is not deleted here, and the giveaways you run stay. To close it,{" "}
            <a href={href("/contact")} className="font-medium text-brand-700 underline dark:text-brand-300">
              contact us
            </a>
            .
          </li>
        ) : null}
      </ul>
      {page.openClaims.length ? (
        <div
          className="space-y-2 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          data-testid="prize-warning"
        >
          <p className="font-bold">Your prizes</p>
          <ul className="list-disc space-y-1 pl-5">
            {page.openClaims.map((claim) => (
              <li key={`${claim.campaignTitle}-${claim.prizeTitle}`}>
                {claim.kind === "unclaimed" ? (
                  <>
                    You won <strong>{claim.prizeTitle}</strong> in {claim.campaignTitle} and have not claimed it yet. Erasing gives it up:
                    your claim link stops working and the brand may draw another winner at once.
                  </>
                ) : claim.kind === "in-progress" ? (
                  <>
                    Your <strong>{claim.prizeTitle}</strong> from {claim.campaignTitle} is being prepared. So that it still reaches you, we
                    keep only the name, address, phone and email on its order until it ships (or is cancelled), then erase them and the
                    shipping email. Your claim link, with its tracking page, stops working now.
                  </>
                ) : (
                  <>
                    Your <strong>{claim.prizeTitle}</strong> from {claim.campaignTitle} has shipped. Erasing deletes its delivery address
                    and tracking number, so neither you nor the brand can follow the parcel any more.
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
