import { Form, Link, useLocation, useNavigation } from "react-router";
import {
  CLAIM_REASON_KEYS,
  CLAIM_REASON_SHORT,
  CLAIM_REASONS,
  type ClaimReviewData,
  type ClaimRow,
  type ClaimRowSection,
} from "~/domain/action-claims";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import { claimsReviewPath, handlesCsvPath } from "~/paths";
import { count, ReviewPatterns } from "./review-patterns";

const STATE_CLASSES: Record<ClaimRow["state"], string> = {
  counted: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  rejected: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
  "no-bonus": "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

function stateLabel(row: ClaimRow): string {
  if (row.state === "rejected") return row.reason ? `Disqualified: ${CLAIM_REASON_SHORT[row.reason]}` : "Disqualified";
  if (row.state === "no-bonus") return "No bonus counted";
  return `Counted: +${count(row.bonus, "entry", "entries")}`;
}

interface Failure {
  claimId: string;
  message: string;
}

/**
 * Action claims to review (decision 078): the patterns found, the flagged claims, every follow handle
 * with its CSV, and the rejected claims. Each claim has its own plain POST form ("Disqualify claim"
 * with a reason, or "Restore claim"), so it works without JavaScript.
 */
export function ClaimReview({ review, failed }: { review: ClaimReviewData; failed: Failure | null }) {
  const editable = review.locked === null;
  const id = review.campaign.id;
  const here = { page: review.flagged.page, handles: review.handles?.page ?? 1 };
  const rowProps = { campaignId: id, timeZone: review.campaign.timeZone, here, editable, failed };

  return (
    <div className="mt-4 space-y-6" data-testid="claim-review">
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Bonus entries that entrants claimed through entry actions. Follow claims are self-reported: check the handles on the platform. A
        flag is not proof. Disqualifying a claim removes only that action's bonus; the entry stays in the draw, and the published
        actions.csv lists the claim with its reason category. You can disqualify or restore claims until the entry list is frozen.
      </p>
      {review.locked ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800" role="status">
          {review.locked}
        </p>
      ) : null}

      <section aria-labelledby="claims-patterns-heading" className="card p-5 sm:p-6">
        <h2 id="claims-patterns-heading" className="text-base font-semibold">
          Claims to review
        </h2>
        {!review.hasActions ? (
          <p className="mt-2 text-sm">This giveaway offers no entry actions.</p>
        ) : review.groups.length === 0 ? (
          <p className="mt-2 text-sm font-medium" data-testid="claims-clear">
            Nothing suspicious found so far.
          </p>
        ) : (
          <>
            <ReviewPatterns groups={review.groups} testId="claim-patterns" className="mt-3" />
            <ClaimList rows={review.flagged.rows} section="claim" testId="flagged-claims" {...rowProps} />
            <Pager
              label="Flagged claims pages"
              page={review.flagged.page}
              pages={review.flagged.pages}
              link={(page) => claimsReviewPath(id, { ...here, page })}
            />
          </>
        )}
      </section>

      {review.handles ? (
        <section aria-labelledby="handles-heading" className="card p-5 sm:p-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 id="handles-heading" className="text-base font-semibold">
              Follow handles{" "}
              <span className="font-normal text-slate-600 dark:text-slate-400">({review.handles.total.toLocaleString("en-US")})</span>
            </h2>
            {review.handles.total > 0 ? (
              <a href={handlesCsvPath(id)} download className="btn-secondary" aria-describedby="handles-csv-note">
                Download handles (CSV)
              </a>
            ) : null}
          </div>
          <p id="handles-csv-note" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The download lists each entry id, handle, time and status; the email only for entrants who agreed to hear from you.
          </p>
          {review.handles.total === 0 ? (
            <p className="mt-3 text-sm">No handles yet.</p>
          ) : (
            <ClaimList rows={review.handles.rows} section="handle" testId="handle-claims" {...rowProps} />
          )}
          <Pager
            label="Handles pages"
            page={review.handles.page}
            pages={review.handles.pages}
            link={(handles) => claimsReviewPath(id, { ...here, handles })}
          />
        </section>
      ) : null}

      {review.rejected.total > 0 ? (
        <section aria-labelledby="rejected-heading" className="card p-5 sm:p-6">
          <h2 id="rejected-heading" className="text-base font-semibold">
            Disqualified claims{" "}
            <span className="font-normal text-slate-600 dark:text-slate-400">({review.rejected.total.toLocaleString("en-US")})</span>
          </h2>
          <ClaimList rows={review.rejected.rows} section="rejected" testId="rejected-claims" {...rowProps} />
          {review.rejected.total > review.rejected.rows.length ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              and {count(review.rejected.total - review.rejected.rows.length, "more", "more")}.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function Pager({ label, page, pages, link }: { label: string; page: number; pages: number; link: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <span>
        Page {page} of {pages}
      </span>
      {page > 1 ? (
        <Link to={link(page - 1)} className="font-medium text-brand-700 underline dark:text-brand-300">
          Previous page
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={link(page + 1)} className="font-medium text-brand-700 underline dark:text-brand-300">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

interface RowProps {
  campaignId: string;
  timeZone: string;
  here: { page: number; handles: number };
  editable: boolean;
  failed: Failure | null;
  section: ClaimRowSection;
}

function ClaimList({ rows, testId, ...props }: { rows: ClaimRow[]; testId: string } & RowProps) {
  return (
    <ul
      className="mt-3 divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      data-testid={testId}
    >
      {rows.map((row) => (
        <ClaimItem key={row.key} row={row} {...props} />
      ))}
    </ul>
  );
}

function ClaimItem({ row, campaignId, timeZone, here, editable, failed, section }: { row: ClaimRow } & RowProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const anchor = `${section}-${row.key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const error = failed && row.completionId && failed.claimId === row.completionId ? failed.message : null;
  const selectId = `${anchor}-reason`;
  return (
    <li id={anchor} className="scroll-mt-4 py-3" data-claim-id={row.completionId ?? undefined} data-entry-id={row.entryId}>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold break-all">{row.email || "Erased entrant"}</p>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere]">
            {row.actionLabel} <span className="text-slate-600 dark:text-slate-400">({row.kind})</span>
          </p>
          {row.answer ? (
            <p className="mt-0.5 text-sm break-all">
              {row.answerKind === "handle" ? "Handle" : "Answer"}:{" "}
              <span className="font-mono">{row.answerKind === "handle" ? `@${row.answer}` : row.answer}</span>
            </p>
          ) : null}
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
            {row.state === "no-bonus" ? "Last wrong code" : "Claimed"} {formatZonedDateTime(new Date(row.at), timeZone)} · Entry id{" "}
            <span className="font-mono break-all">{row.entryId}</span>
            {row.wrongCodes ? ` · ${count(row.wrongCodes, "wrong code", "wrong codes")}` : ""}
          </p>
          <p className="mt-1 flex flex-wrap gap-2">
            <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASSES[row.state]}`}>
              {stateLabel(row)}
            </span>
            {row.entryDisqualified ? (
              <span className="inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                Entry disqualified
              </span>
            ) : null}
          </p>
          {row.reasons.length > 0 ? (
            <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {row.reasons.map((reason) => (
                <li key={`${reason.kind}:${reason.text}`}>{reason.text}</li>
              ))}
            </ul>
          ) : null}
          {row.state === "no-bonus" ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              No claim to disqualify; the entry itself can be reviewed under Entries to review.
            </p>
          ) : null}
        </div>
        {editable && row.completionId ? (
          <Form
            method="post"
            action={`${claimsReviewPath(campaignId, here)}`}
            preventScrollReset
            className="flex shrink-0 flex-col gap-2 sm:flex-row sm:items-end lg:w-auto"
            aria-describedby={error ? `${anchor}-error` : undefined}
            key={`${row.key}:${location.key}`}
          >
            <input type="hidden" name="claimId" value={row.completionId} />
            <input type="hidden" name="back" value={section} />
            {row.state === "rejected" ? (
              <button type="submit" name="intent" value="restore-claim" className="btn-secondary" disabled={busy}>
                Restore claim
              </button>
            ) : (
              <>
                <div>
                  <label htmlFor={selectId} className="label">
                    Reason
                  </label>
                  <select id={selectId} name="reason" required className="input sm:w-56" defaultValue="">
                    <option value="">Choose a reason</option>
                    {CLAIM_REASON_KEYS.map((key) => (
                      <option key={key} value={key}>
                        {CLAIM_REASONS[key]}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value="disqualify-claim" className="btn-secondary" disabled={busy}>
                  Disqualify claim
                </button>
              </>
            )}
          </Form>
        ) : null}
      </div>
      {error ? (
        <p id={`${anchor}-error`} role="alert" className="field-error mt-2">
          {error}
        </p>
      ) : null}
    </li>
  );
}
