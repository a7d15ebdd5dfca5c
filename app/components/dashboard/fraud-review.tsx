import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { count, ReviewPatterns } from "./review-patterns";
import { formatZonedDateTime } from "~/domain/campaign-time-zone";
import {
  DISQUALIFY_NOTE_MAX,
  DISQUALIFY_REASON_KEYS,
  DISQUALIFY_REASON_SHORT,
  DISQUALIFY_REASONS,
  type FraudReviewData,
  type ReviewEntry,
  ReviewActionSchema,
} from "~/domain/fraud";

export const REVIEW_SECTION_ID = "entries-to-review";

const STATE_LABELS: Record<ReviewEntry["state"], string> = {
  counted: "Confirmed",
  pending: "Not confirmed yet",
  disqualified: "Disqualified",
};

const STATE_CLASSES: Record<ReviewEntry["state"], string> = {
  counted: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  pending: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  disqualified: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
};

function stateLabel(entry: ReviewEntry): string {
  return entry.state === "disqualified" && entry.disqualifyReason
    ? `${STATE_LABELS.disqualified}: ${DISQUALIFY_REASON_SHORT[entry.disqualifyReason]}`
    : STATE_LABELS[entry.state];
}

/**
 * "Entries to review" on the campaign's analytics (decision 041): the patterns found, the flagged
 * entries with their reasons, and disqualify / restore, all one plain POST form to the analytics
 * route, so it works without JavaScript. Row buttons carry their entry in the intent
 * (`disqualify:<id>`, `restore:<id>`); "Disqualify selected" takes the checked boxes.
 */
export function FraudReview({
  review,
  pagePath,
  lastResult,
}: {
  review: FraudReviewData;
  /** The analytics page's path, for the review's page links. */
  pagePath: string;
  lastResult: SubmissionResult | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(pagePath);
  const [form, fields] = useForm({
    // A successful post redirects here (a new location): the form starts afresh.
    id: `review-${location.key}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewActionSchema }),
  });
  const editable = review.locked === null;
  const pageLink = (page: number) => `${pagePath}${page > 1 ? `?review=${page}` : ""}#${REVIEW_SECTION_ID}`;

  return (
    <section id={REVIEW_SECTION_ID} aria-labelledby="review-heading" className="card scroll-mt-4 p-5 sm:p-6" data-testid="fraud-review">
      <h2 id="review-heading" className="text-base font-semibold">
        Entries to review
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Patterns that often mean duplicate, fake or automated entries. A flag is not proof: look at the entries and decide. Disqualified
        entries are left out of the draw; the draw page lists their entry ids with the reason category (never the address or your note).
      </p>
      {review.locked ? (
        <p
          className="mt-3 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800"
          role="status"
        >
          {review.locked}
        </p>
      ) : null}

      {review.groups.length === 0 ? (
        <p className="mt-4 text-sm font-medium" data-testid="review-clear">
          Nothing suspicious found so far.
        </p>
      ) : (
        <ReviewPatterns groups={review.groups} testId="review-patterns" className="mt-4" />
      )}

      {review.entries.length > 0 || review.disqualified.total > 0 ? (
        <Form method="post" action={pagePath} className="mt-5 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="page" value={review.page} />
          <FormErrors id={form.errorId} errors={form.errors} />
          {editable ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={fields.reason.id} className="label">
                  Reason for disqualifying
                </label>
                <select {...getSelectProps(fields.reason)} className="input">
                  <option value="">Choose a reason</option>
                  {DISQUALIFY_REASON_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {DISQUALIFY_REASONS[key]}
                    </option>
                  ))}
                </select>
                <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
              </div>
              <div>
                <label htmlFor={fields.note.id} className="label">
                  Private note <span className="font-normal text-slate-600 dark:text-slate-400">(optional, only you see it)</span>
                </label>
                <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={DISQUALIFY_NOTE_MAX} className="input" />
                <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
              </div>
            </div>
          ) : null}

          {review.entries.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold">
                Flagged entries{" "}
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  {`(${review.listed.toLocaleString("en-US")} listed${review.pages > 1 ? `, page ${review.page} of ${review.pages}` : ""})`}
                </span>
              </h3>
              <FieldErrors id={fields.entryId.errorId} errors={fields.entryId.errors} />
              <ul
                className="mt-2 divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800"
                data-testid="review-entries"
              >
                {review.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} editable={editable} selectable busy={Boolean(busy)} timeZone={review.timeZone} />
                ))}
              </ul>
              {review.pages > 1 ? (
                <nav aria-label="Flagged entries pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                  {review.page > 1 ? (
                    <Link to={pageLink(review.page - 1)} className="font-medium text-brand-700 underline dark:text-brand-300">
                      Previous page
                    </Link>
                  ) : null}
                  {review.page < review.pages ? (
                    <Link to={pageLink(review.page + 1)} className="font-medium text-brand-700 underline dark:text-brand-300">
                      Next page
                    </Link>
                  ) : null}
                </nav>
              ) : null}
              {editable ? (
                <button
                  type="submit"
                  name="intent"
                  value="disqualify"
                  className="btn-primary mt-4 w-full sm:w-auto"
                  disabled={Boolean(busy)}
                >
                  Disqualify selected
                </button>
              ) : null}
            </div>
          ) : null}

          {review.disqualified.total > 0 ? (
            <details className="rounded-lg border border-slate-200 dark:border-slate-800" open={review.entries.length === 0}>
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">
                {`Disqualified entries (${review.disqualified.total.toLocaleString("en-US")})`}
              </summary>
              <ul
                className="divide-y divide-slate-200 border-t border-slate-200 px-3 dark:divide-slate-800 dark:border-slate-800"
                data-testid="review-disqualified"
              >
                {review.disqualified.entries.map((entry) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    editable={editable}
                    selectable={false}
                    busy={Boolean(busy)}
                    timeZone={review.timeZone}
                  />
                ))}
              </ul>
              {review.disqualified.total > review.disqualified.entries.length ? (
                <p className="px-3 pb-2 text-sm text-slate-600 dark:text-slate-400">
                  and {count(review.disqualified.total - review.disqualified.entries.length, "more", "more")} (the entries export lists
                  every entry).
                </p>
              ) : null}
            </details>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}

function EntryRow({
  entry,
  editable,
  selectable,
  busy,
  timeZone,
}: {
  entry: ReviewEntry;
  editable: boolean;
  selectable: boolean;
  busy: boolean;
  timeZone: string;
}) {
  const checkboxId = `review-select-${entry.id}`;
  const disqualified = entry.state === "disqualified";
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4" data-entry-id={entry.id}>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-3">
          {selectable && editable ? (
            <input
              type="checkbox"
              id={checkboxId}
              name="entryId"
              value={entry.id}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              aria-describedby={`${checkboxId}-reasons`}
            />
          ) : null}
          <div className="min-w-0">
            <label htmlFor={selectable && editable ? checkboxId : undefined} className="block text-sm font-semibold break-all">
              {entry.email}
            </label>
            <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
              Entered {formatZonedDateTime(new Date(entry.createdAt), timeZone)} · Entry id{" "}
              <span className="font-mono break-all">{entry.id}</span>
            </p>
            <p className="mt-1">
              <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASSES[entry.state]}`}>
                {stateLabel(entry)}
              </span>
            </p>
            {entry.reasons.length > 0 ? (
              <ul id={`${checkboxId}-reasons`} className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {entry.reasons.map((reason) => (
                  <li key={`${reason.kind}:${reason.text}`}>{reason.text}</li>
                ))}
              </ul>
            ) : null}
            {entry.disqualifyNote ? (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                <span className="font-medium">Your note:</span> {entry.disqualifyNote}
              </p>
            ) : null}
          </div>
        </div>
      </div>
      {editable ? (
        <button
          type="submit"
          name="intent"
          value={`${disqualified ? "restore" : "disqualify"}:${entry.id}`}
          className="btn-secondary shrink-0 self-start"
          disabled={busy}
        >
          {disqualified ? "Restore" : "Disqualify"}
          <span className="sr-only"> {entry.email}</span>
        </button>
      ) : null}
    </li>
  );
}
