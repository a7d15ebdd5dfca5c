/** The analytics page's "Entry actions" section (decision 074): what entrants did, and what they answered. */
import { Link } from "react-router";
import { formatCount, plural } from "~/domain/dashboard";
import type { ActionFigure } from "~/domain/entry-actions";
import { actionAnswersCsvPath } from "~/paths";

function share(count: number, total: number): string {
  return total > 0 ? `${Math.round((count / total) * 100)}%` : "–";
}

export function EntryActionFigures({
  campaignId,
  actions,
  confirmed,
  reviewHref,
}: {
  campaignId: string;
  actions: ActionFigure[];
  confirmed: number;
  reviewHref: string;
}) {
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="entry-actions-heading" className="mt-8" data-testid="action-figures">
      <h2 id="entry-actions-heading" className="text-xl font-semibold">
        Entry actions
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Counted completions (rejected claims left out) and the share of your {plural(confirmed, "confirmed entrant", "confirmed entrants")}{" "}
        who did each.
      </p>
      {/* Decision 078: the claims (follow handles, codes, daily bonuses) are reviewed on their own page. */}
      <p className="mt-2 text-sm">
        <Link to={reviewHref} className="font-medium text-brand-700 underline dark:text-brand-300" data-testid="claims-review-link">
          Review claims and follow handles
        </Link>{" "}
        <span className="text-slate-600 dark:text-slate-400">(disqualify a false claim until the entry list is frozen)</span>
      </p>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {actions.map((action) => (
          <li key={action.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="action-figure">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{action.label}</h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {action.kind} · {action.verification} · +{action.bonus}
            </p>
            <p className="mt-2 text-sm">
              <strong className="tabular-nums">{formatCount(action.completions)}</strong>{" "}
              {action.completions === 1 ? "completion" : "completions"} ·{" "}
              <strong className="tabular-nums">{share(action.entrants, confirmed)}</strong> of entrants
            </p>
            {action.choices ? (
              <ul className="mt-3 space-y-2 text-sm" aria-label={`Answers to ${action.label}`}>
                {action.choices.map((row) => (
                  <li key={row.choice}>
                    <div className="flex justify-between gap-3">
                      <span className="[overflow-wrap:anywhere]">{row.choice}</span>
                      <span className="tabular-nums text-slate-700 dark:text-slate-300">
                        {formatCount(row.count)} · {share(row.count, action.completions)}
                      </span>
                    </div>
                    <div className="mt-1 h-2 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                      <div
                        className="h-2 rounded bg-brand-600"
                        style={{ width: action.completions > 0 ? `${(row.count / action.completions) * 100}%` : "0%" }}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
            {action.answers ? (
              action.answers.length ? (
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm" aria-label={`Latest answers to ${action.label}`}>
                  {action.answers.map((answer, index) => (
                    <li key={index} className="[overflow-wrap:anywhere]">
                      {answer}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">No answers yet.</p>
              )
            ) : null}
            {action.choices || action.answers ? (
              // Every answer, not only the latest shown here (decision 079): a plain link, anonymous answers.
              <p className="mt-3 text-sm">
                <a
                  href={actionAnswersCsvPath(campaignId, action.id)}
                  download
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  data-testid="answers-csv"
                >
                  Download all answers<span className="sr-only"> to {action.label}</span> (CSV)
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
