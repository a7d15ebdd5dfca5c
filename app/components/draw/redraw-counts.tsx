import type { DrawPagePick } from "~/domain/draw-record";

/**
 * How many times each prize was redrawn (decision 102), above the picks: a redraw waits for the
 * replaced winner's claim deadline, so many redraws of one prize take many claim windows, and show.
 */
export function RedrawCounts({ picks, claimWindowDays }: { picks: DrawPagePick[]; claimWindowDays: number | null }) {
  const prizes = new Map<number, { prize: string; redraws: number }>();
  for (const pick of picks) {
    const prize = prizes.get(pick.rank) ?? { prize: pick.prize, redraws: 0 };
    if (pick.redrawnAt) prize.redraws += 1;
    prizes.set(pick.rank, prize);
  }
  return (
    <div className="mt-2 text-sm" data-testid="draw-redraw-counts">
      <ul className="list-disc pl-5">
        {[...prizes].map(([rank, { prize, redraws }]) => (
          <li key={rank} data-testid={`draw-redraws-${rank}`}>
            {prize}: {redraws === 0 ? "never redrawn" : `redrawn ${redraws === 1 ? "once" : `${redraws} times`}`}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        {claimWindowDays !== null ? `Each winner's claim deadline is fixed when they are drawn, ${claimWindowDays} days later. ` : ""}A
        prize is redrawn only after its winner&apos;s claim deadline has passed unclaimed; every verifier checks each redraw&apos;s time
        against that deadline and against when the replaced winner was notified.
      </p>
    </div>
  );
}
