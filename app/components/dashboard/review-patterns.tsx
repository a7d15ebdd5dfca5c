/** "3 entries", "1 entry": a count with its noun, as the review pages write it. */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Patterns listed by name; the rest are counted. */
const GROUPS_SHOWN = 20;

/**
 * "What we noticed": the patterns a review found (decisions 041 and 078), each a sentence with how
 * many of its rows are listed below; past GROUPS_SHOWN, only how many more there are.
 */
export function ReviewPatterns({
  groups,
  testId,
  className,
}: {
  groups: readonly { kind: string; text: string; listed: number; count: number }[];
  testId: string;
  className?: string;
}) {
  const hidden = groups.length - GROUPS_SHOWN;
  return (
    <div className={className}>
      <h3 className="text-sm font-semibold">What we noticed</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid={testId}>
        {groups.slice(0, GROUPS_SHOWN).map((group) => (
          <li key={`${group.kind}:${group.text}`}>
            {group.text}
            {group.listed < group.count ? (
              <span className="text-slate-600 dark:text-slate-400"> (the first {group.listed.toLocaleString("en-US")} are listed)</span>
            ) : null}
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">and {count(hidden, "more pattern", "more patterns")}.</p>
      ) : null}
    </div>
  );
}
