import type { DrawPagePick } from "~/domain/draw-record";
import { OBJECTION_PRIVACY, objectionLine } from "~/domain/redraw-objection";

/**
 * How many times each prize was redrawn (decision 102), above the picks: a redraw waits for the
 * replaced winner's claim deadline, so many redraws of one prize take many claim windows, and show.
 * Under each prize, how many replaced winners say they did claim, and when (decision 105).
 */
export function RedrawCounts({
  picks,
  claimWindowDays,
  objections,
}: {
  picks: DrawPagePick[];
  claimWindowDays: number | null;
  objections: { rank: number; at: string }[];
}) {
  const prizes = new Map<number, { prize: string; redraws: number }>();
  for (const pick of picks) {
    const prize = prizes.get(pick.rank) ?? { prize: pick.prize, redraws: 0 };
    if (pick.redrawnAt) prize.redraws += 1;
    prizes.set(pick.rank, prize);
  }
  return (
    <div className="mt-2 text-sm" data-testid="draw-redraw-counts">
      <ul className="list-disc pl-5">
        {[...prizes].map(([rank, { prize, redraws }]) => {
          const objected = objectionLine(objections.filter((objection) => objection.rank === rank).map((objection) => objection.at));
          return (
            <li key={rank} data-testid={`draw-redraws-${rank}`}>
              {prize}: {redraws === 0 ? "never redrawn" : `redrawn ${redraws === 1 ? "once" : `${redraws} times`}`}
              {objected ? (
                <>
                  . <span data-testid={`draw-objections-${rank}`}>{objected}</span>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-1">
        {claimWindowDays !== null ? `Each winner's claim deadline is fixed when they are drawn, ${claimWindowDays} days later. ` : ""}A
        prize is redrawn only after its winner&apos;s claim deadline has passed unclaimed; every verifier checks each redraw&apos;s time
        against that deadline and against when the replaced winner was notified.
      </p>
      {objections.length ? (
        <p className="mt-1" data-testid="draw-objections-note">
          A replaced winner can say from their claim link that they did claim in time. {OBJECTION_PRIVACY}
        </p>
      ) : null}
    </div>
  );
}
