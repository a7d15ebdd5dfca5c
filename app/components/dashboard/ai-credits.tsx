import { balanceText, creditsWord, planCreditsText, type AiCreditFigures } from "~/domain/ai-credits";
import { CREDITS_BAR_MAX } from "~/domain/ai-prompts";

/**
 * The one way AI design credits are shown (decision 049): what is available now, then where it
 * comes from (the campaign's plan credits used and left, and the user's own). The wizard's step 3,
 * My Campaigns and the analytics page all render this with figures from creditFigures().
 */
export function AiCredits({ figures, needed = 0, bar = true }: { figures: AiCreditFigures; needed?: number; bar?: boolean }) {
  const { available, plan } = figures;
  return (
    <div data-testid="ai-credits">
      <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
        <span className="font-medium">AI design credits</span>
        <span>
          <strong data-testid="ai-credits-available">{available}</strong> available{needed ? ` · this needs ${needed}` : ""}
        </span>
      </div>
      {bar ? (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          role="progressbar"
          aria-label="AI design credits"
          aria-valuemin={0}
          aria-valuemax={CREDITS_BAR_MAX}
          aria-valuenow={Math.min(available, CREDITS_BAR_MAX)}
          aria-valuetext={`${available} ${creditsWord(available)} available`}
        >
          <div className="h-full bg-brand-600" style={{ width: `${(Math.min(available, CREDITS_BAR_MAX) / CREDITS_BAR_MAX) * 100}%` }} />
        </div>
      ) : null}
      <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400" data-testid="ai-credits-detail">
        {plan ? (
          <>
            {planCreditsText(plan)} (<span data-testid="credits-used">{`${plan.used}/${plan.total}`}</span> used) ·{" "}
          </>
        ) : null}
        {balanceText(figures)}
      </p>
    </div>
  );
}
