/**
 * The margin before the beacon round (decision 110, procedure 5's steps 1 and 3): the round R
 * published at launch is the first round at or after the end of the giveaway plus a margin M, and a
 * freeze finishing later than 30 s before R's time moves the draw to the first round at or after the
 * end of the freeze plus M. draw.json states M as beacon.marginMinutes; without it (campaigns
 * launched before it was recorded) the text says 10 minutes, and the verifiers keep their older
 * checks.
 *
 * Pure and free of imports (the verifiers import nothing of the app): the browser and single-file
 * verifiers and `npm run verify-draw` all check the rounds against a published margin with
 * marginProblems.
 */

/** A freeze finishing later than this before the planned round's time moves the draw to a later round. */
export const LATE_FREEZE_MS = 30_000;

interface ChainTiming {
  genesisTime: number;
  period: number;
}

const roundTime = (chain: ChainTiming, round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;

/** The first round whose time is at or after `ms`. */
export function firstRoundAtOrAfter(chain: ChainTiming, ms: number): number {
  const since = ms - chain.genesisTime * 1000;
  return since <= 0 ? 1 : Math.ceil(since / (chain.period * 1000)) + 1;
}

export interface MarginFacts {
  /** beacon.marginMinutes: a whole number of minutes, at least 1. */
  marginMinutes: number;
  /** endsAt, in ms (NaN when the record has none). */
  endsAtMs: number;
  /** beacon.plannedRound (null: chosen at the freeze). */
  plannedRound: number | null;
  /** beacon.round, the round the list's freeze settled on (null before the freeze). */
  round: number | null;
  /** list.frozenAt, in ms (NaN before the freeze). */
  frozenAtMs: number;
}

/** What is wrong with the rounds under the published margin, in plain words (empty when they follow it). */
export function marginProblems(chain: ChainTiming, facts: MarginFacts): string[] {
  const { marginMinutes: margin, plannedRound: planned, round } = facts;
  if (!Number.isSafeInteger(margin) || margin < 1) return [`the published margin (${String(margin)}) is not a whole number of minutes`];
  const problems: string[] = [];
  const minutes = `${margin} minute${margin === 1 ? "" : "s"}`;
  if (planned !== null && Number.isFinite(facts.endsAtMs)) {
    const expected = firstRoundAtOrAfter(chain, facts.endsAtMs + margin * 60_000);
    if (planned !== expected)
      problems.push(
        `the round published at launch is ${planned}, but the first round at or after the end of the giveaway (${new Date(facts.endsAtMs).toISOString()}) plus the published margin of ${minutes} is ${expected}`,
      );
  }
  if (planned !== null && round !== null && round !== planned && Number.isFinite(facts.frozenAtMs)) {
    const late = facts.frozenAtMs > roundTime(chain, planned) - LATE_FREEZE_MS;
    const expected = firstRoundAtOrAfter(chain, facts.frozenAtMs + margin * 60_000);
    if (late && round !== expected)
      problems.push(
        `the list was frozen late (${new Date(facts.frozenAtMs).toISOString()}), so the draw must use the first round at or after the end of the freeze plus the published margin of ${minutes}, ${expected}, not ${round}`,
      );
  }
  return problems;
}
