import { timeLeft } from "~/domain/campaign-status";

const UNIT_LABELS = ["d", "h", "m", "s"] as const;

/** "3d 04h 12m 09s", ticked by the page script ([data-countdown]); "Campaign Ended" at zero. */
export function CountdownLine({ end, now, endsText }: { end: string; now: string; endsText: string }) {
  const left = timeLeft(new Date(end), new Date(now));
  const values = [left.days, left.hours, left.minutes, left.seconds];
  const over = values.every((value) => value === 0);
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-semibold">Time left to enter: </span>
      <span data-countdown data-end={end} data-done-text="Campaign Ended" className="tabular-nums">
        {over
          ? "Campaign Ended"
          : values.map((value, i) => (
              <span key={UNIT_LABELS[i]}>
                <span data-unit>{String(value).padStart(2, "0")}</span>
                {UNIT_LABELS[i]}
                {i < 3 ? " " : ""}
              </span>
            ))}
      </span>
      {/* "Ends 5 December 2025, 23:59 New York time": the campaign's zone, named (decision 096). */}
      <span className="block text-xs text-slate-600 dark:text-slate-400">{endsText}</span>
    </p>
  );
}
