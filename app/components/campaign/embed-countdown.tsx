import { timeLeft } from "~/domain/campaign-status";
import { useEntrantText } from "./entrant-text";

const UNIT_KEYS = ["unitShortDays", "unitShortHours", "unitShortMinutes", "unitShortSeconds"] as const;

/** "3d 04h 12m 09s", ticked by the page script ([data-countdown]); "Campaign Ended" at zero. In the entrant's language (decision 097). */
export function CountdownLine({ end, now, endsText }: { end: string; now: string; endsText: string }) {
  const { t } = useEntrantText();
  const left = timeLeft(new Date(end), new Date(now));
  const values = [left.days, left.hours, left.minutes, left.seconds];
  const over = values.every((value) => value === 0);
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-semibold">{`${t("timeLeftLabel")} `}</span>
      <span data-countdown data-end={end} data-done-text={t("campaignEnded")} className="tabular-nums">
        {over
          ? t("campaignEnded")
          : values.map((value, i) => (
              <span key={UNIT_KEYS[i]}>
                <span data-unit>{String(value).padStart(2, "0")}</span>
                {t(UNIT_KEYS[i]!)}
                {i < 3 ? " " : ""}
              </span>
            ))}
      </span>
      {/* "Ends 5 December 2025, 23:59 New York time": the campaign's zone, named (decision 096). */}
      <span className="block text-xs text-slate-600 dark:text-slate-400">{endsText}</span>
    </p>
  );
}
