import { timeLeft } from "~/domain/campaign-status";
import { useEntrantText } from "./entrant-text";

const UNITS = ["unitDays", "unitHours", "unitMinutes", "unitSeconds"] as const;

/**
 * Days, hours, minutes and seconds, rendered by the server (right without JavaScript) and ticked
 * by the page's inline script, which swaps in `doneText` at zero.
 */
export function Countdown({ end, now, label, doneText }: { end: string; now: string; label: string; doneText: string }) {
  const left = timeLeft(new Date(end), new Date(now));
  const values = [left.days, left.hours, left.minutes, left.seconds];
  const over = values.every((value) => value === 0);
  const { t } = useEntrantText();
  return (
    <section aria-label={label} className="text-center">
      <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400">{label}</h2>
      <div data-countdown data-end={end} data-done-text={doneText} className="mt-1 flex justify-center gap-2 text-xl font-bold">
        {over
          ? doneText
          : UNITS.map((unit, i) => (
              <span key={unit} className="flex w-16 flex-col items-center rounded-xl bg-slate-100 py-1 dark:bg-slate-800">
                <span data-unit className="tabular-nums">
                  {String(values[i]).padStart(2, "0")}
                </span>
                <span className="text-[0.65rem] font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{t(unit)}</span>
              </span>
            ))}
      </div>
    </section>
  );
}
