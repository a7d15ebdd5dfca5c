import { formatZonedDay } from "~/domain/campaign-time-zone";
import type { PrizeTimeline } from "~/domain/prize-timeline";
import { campaignDrawPath } from "~/paths";

/**
 * Proof of delivery (decision 052): on an ended giveaway's page, where each prize stands, from the
 * draw (linked to its public record) to the winner's door. Server-rendered, no script; each step says
 * in words whether it is done, so nothing rests on colour or the tick alone. No personal data.
 */
export function PrizeTimelineSection({ timeline, campaignId }: { timeline: PrizeTimeline; campaignId: string }) {
  return (
    <section aria-labelledby="prize-timeline-heading" className="card mt-6 p-5 sm:p-6" data-testid="prize-timeline">
      <h2 id="prize-timeline-heading" className="text-xl font-bold">
        Prize delivery
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Where each prize stands, from the draw to the winner&apos;s door. Updated from the print partner and our team; no personal details
        are shown.
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {timeline.tiers.map((tier) => (
          <div key={tier.rank} data-testid="prize-timeline-tier" data-rank={tier.rank}>
            <h3 className="font-semibold [overflow-wrap:anywhere]">{tier.title}</h3>
            <ol className="mt-3 space-y-2">
              {tier.steps.map((step) => (
                <li key={step.key} className="flex items-start gap-2 text-sm" data-step={step.key} data-done={step.done}>
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${
                      step.done
                        ? "border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-slate-950"
                        : "border-slate-400 dark:border-slate-500"
                    }`}
                  >
                    {step.done ? "✓" : ""}
                  </span>
                  <span>
                    {step.key === "drawn" && step.done ? (
                      <a href={campaignDrawPath(campaignId)} className="font-medium underline">
                        {step.label}
                      </a>
                    ) : (
                      <span className={step.done ? "font-medium" : "text-slate-700 dark:text-slate-300"}>{step.label}</span>
                    )}
                    {": "}
                    {step.done ? (
                      step.at ? (
                        <time dateTime={step.at}>{formatZonedDay(new Date(step.at), timeline.timeZone)}</time>
                      ) : (
                        "done"
                      )
                    ) : (
                      <span className="text-slate-700 dark:text-slate-300">not yet</span>
                    )}
                  </span>
                </li>
              ))}
            </ol>
            {tier.notes.map((note) => (
              <p key={note} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {note}
              </p>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
