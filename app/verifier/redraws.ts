/**
 * Accountable redraws (decision 102): a prize is redrawn only after the claim deadline its winner
 * was given, that deadline was fixed when the winner was drawn (the pick's time plus the claim
 * window, published as draw.claimWindowDays: never earlier than that), and the winner was notified
 * between the pick and the deadline. An operator who edits deadlines to redraw until a chosen entrant wins now leaves a
 * record that no verifier passes; one who waits out every deadline needs the window per redraw, in
 * the open (the draw page counts the redraws).
 *
 * Pure and free of imports (the verifiers import nothing of the app; app/domain/redraw-timing.ts
 * re-exports it for the server): the server derives the window it publishes and the redraw's
 * deadline with it, and the browser and single-file verifiers and `npm run verify-draw` all check a
 * record with redrawTimingProblems.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A time in a record may be this far ahead of the verifier's clock (clocks differ a little); more is "in the future". */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** The first procedure whose records must publish the claim window once a prize is redrawn. */
export const REDRAW_TIMING_PROCEDURE_VERSION = 5;

/** A pick's times as draw.json publishes them (ISO 8601 UTC, or null). */
export interface TimedPick {
  rank: number;
  redrawnAt: string | null;
  claimDeadline: string | null;
  notifiedAt: string | null;
}

export interface TimedDraw {
  drawnAt: string | null;
  /** The claim window in whole days, as published (draw.claimWindowDays); null when the record does not say. */
  claimWindowDays: number | null;
  picks: readonly TimedPick[];
}

const timeOf = (value: string | null | undefined): number | null => {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
};
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The claim window a draw used, in whole days: the grand prize's original pick's deadline minus
 * the draw's time (every prize of a draw gets the same deadline). null when that pick has no
 * deadline or the difference is not a whole number of days (draws recorded before deadlines were).
 */
export function claimWindowDaysOf(
  drawnAtMs: number,
  picks: readonly { rank: number; redrawnAt?: string | null; claimDeadline?: string | null }[],
): number | null {
  const first = picks.find((pick) => !pick.redrawnAt && pick.rank === 1) ?? picks.find((pick) => !pick.redrawnAt);
  const deadline = timeOf(first?.claimDeadline);
  if (deadline === null) return null;
  const days = (deadline - drawnAtMs) / DAY_MS;
  return Number.isSafeInteger(days) && days >= 1 ? days : null;
}

/**
 * What is wrong with a draw's times (empty when they follow decision 102): no time in the future;
 * every redraw made no earlier than the draw and the redraw before it; and for every pick a redraw
 * replaced: it has a claim deadline and a notification time, it was notified no earlier than it was
 * made and before its deadline, its deadline is no earlier than its time plus the claim window (when
 * the window is published), and the redraw is no earlier than that deadline.
 */
export function redrawTimingProblems(draw: TimedDraw, nowMs: number): string[] {
  const problems: string[] = [];
  const latest = nowMs + FUTURE_SKEW_MS;
  const future = (what: string, ms: number | null) => {
    if (ms !== null && ms > latest) problems.push(`${what} (${iso(ms)}) is in the future: the verifier's clock says ${iso(nowMs)}`);
  };
  const drawnAt = timeOf(draw.drawnAt);
  if (draw.drawnAt !== null && drawnAt === null) problems.push(`the draw time "${draw.drawnAt}" is not a time`);
  future("the draw time", drawnAt);
  const window = draw.claimWindowDays;
  if (window !== null && !(Number.isSafeInteger(window) && window >= 1)) {
    problems.push(`the claim window (draw.claimWindowDays) should be a whole number of days, not ${String(window)}`);
  }
  const windowMs = window !== null && Number.isSafeInteger(window) && window >= 1 ? window * DAY_MS : null;

  let previousRedraw: number | null = null;
  draw.picks.forEach((pick, i) => {
    const label = `pick ${i + 1} (rank ${pick.rank}${pick.redrawnAt ? ", redraw" : ""})`;
    future(`${label}: its notification time`, timeOf(pick.notifiedAt));
    if (pick.redrawnAt === null) return;
    const redrawnAt = timeOf(pick.redrawnAt);
    if (redrawnAt === null) {
      problems.push(`${label}: its redraw time "${pick.redrawnAt}" is not a time`);
      return;
    }
    future(`${label}: its redraw time`, redrawnAt);
    if (drawnAt !== null && redrawnAt < drawnAt)
      problems.push(`${label} was redrawn at ${iso(redrawnAt)}, before the draw (${iso(drawnAt)})`);
    if (previousRedraw !== null && redrawnAt < previousRedraw)
      problems.push(`${label} was redrawn at ${iso(redrawnAt)}, before the redraw recorded ahead of it (${iso(previousRedraw)})`);
    previousRedraw = redrawnAt;

    // The pick it replaced: the last earlier pick of the same rank.
    let replacedIndex = -1;
    for (let k = i - 1; k >= 0; k--) {
      if (draw.picks[k]!.rank === pick.rank) {
        replacedIndex = k;
        break;
      }
    }
    if (replacedIndex < 0) return; // The pick checks report a redraw of a rank never drawn.
    const replaced = draw.picks[replacedIndex]!;
    const what = `pick ${replacedIndex + 1} (rank ${replaced.rank}), replaced by pick ${i + 1},`;
    const madeAt = replaced.redrawnAt === null ? drawnAt : timeOf(replaced.redrawnAt);
    const deadline = timeOf(replaced.claimDeadline);
    const notifiedAt = timeOf(replaced.notifiedAt);
    if (deadline === null) {
      problems.push(`${what} has no claim deadline, so nothing shows that the redraw waited for it`);
      return;
    }
    if (notifiedAt === null) problems.push(`${what} has no notification time, so nothing shows that its winner was told`);
    else {
      if (madeAt !== null && notifiedAt < madeAt)
        problems.push(`${what} says its winner was notified at ${iso(notifiedAt)}, before the pick was made (${iso(madeAt)})`);
      if (notifiedAt >= deadline)
        problems.push(`${what} says its winner was notified at ${iso(notifiedAt)}, not before the claim deadline (${iso(deadline)})`);
    }
    if (windowMs !== null && madeAt !== null && deadline < madeAt + windowMs) {
      problems.push(
        `${what} has the claim deadline ${iso(deadline)}, earlier than the pick's time (${iso(madeAt)}) plus the claim window of ${window} days (${iso(madeAt + windowMs)})`,
      );
    }
    if (redrawnAt < deadline)
      problems.push(
        `pick ${i + 1} (rank ${pick.rank}) was redrawn at ${iso(redrawnAt)}, before the replaced winner's claim deadline (${iso(deadline)})`,
      );
  });
  return problems;
}

/** Redraws per rank, as the draw page counts them. */
export function redrawCounts(picks: readonly { rank: number; redrawnAt: string | null }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const pick of picks) if (pick.redrawnAt !== null) counts.set(pick.rank, (counts.get(pick.rank) ?? 0) + 1);
  return counts;
}
