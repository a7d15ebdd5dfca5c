/**
 * The replacement beacon round (decision 099, procedure 5): when the round a draw names cannot be
 * fetched from any mirror for 24 hours after its time, the draw does not fall back on the launch
 * secret (which Giveawear knows from the launch) but decides, at that moment, to use the first
 * round whose time is at least the margin after the decision: a round nobody knew in advance. The
 * decision (round, time, reason) is stored and published before that round exists.
 *
 * Pure and free of imports (the verifiers import nothing of the app; app/domain/beacon-replacement.ts
 * re-exports it for the server): the draw, the browser and single-file verifiers and
 * `npm run verify-draw` all check a replacement with replacementProblems.
 */

/** How long after the named round's time the draw waits before it may decide on a replacement. */
export const BEACON_REPLACEMENT_AFTER_MS = 24 * 60 * 60 * 1000;
/** The replacement round's time is at least this long after the decision (procedure 5, step 5). */
export const BEACON_REPLACEMENT_MARGIN_MS = 10 * 60 * 1000;
/** The first procedure in which a draw may never use the secret alone. */
export const REPLACEMENT_PROCEDURE_VERSION = 5;

/** The reason the server records when no mirror served the named round. */
export function unavailableReason(round: number, detail: string): string {
  return `round ${round} could not be fetched and verified from any of the configured mirrors within 24 hours of its time (last failure: ${detail})`;
}

/** A replacement as draw.json publishes it under beacon.replacement. */
export interface BeaconReplacement {
  /** The round the draw uses instead of beacon.round. */
  round: number;
  roundTime: string;
  /** When the server decided on the replacement (ISO 8601). */
  decidedAt: string;
  /** Why: the named round could not be fetched from any mirror. */
  reason: string;
}

interface ChainTiming {
  genesisTime: number;
  period: number;
}

const roundTime = (chain: ChainTiming, round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;

/** The replacement round for a decision made at `decidedAtMs`: the first round at or after it plus the margin. */
export function replacementRoundAt(chain: ChainTiming, decidedAtMs: number): number {
  const since = decidedAtMs + BEACON_REPLACEMENT_MARGIN_MS - chain.genesisTime * 1000;
  return since <= 0 ? 1 : Math.ceil(since / (chain.period * 1000)) + 1;
}

/**
 * What is wrong with a published replacement of `namedRound` (empty when it follows procedure 5):
 * decided no earlier than the named round's time + 24 h, with a stated reason, and the replacement
 * is the first round whose time is at least the margin after the decision.
 */
export function replacementProblems(
  chain: ChainTiming,
  namedRound: number,
  replacement: { round: unknown; decidedAt: unknown; reason: unknown },
): string[] {
  const problems: string[] = [];
  const { round, decidedAt, reason } = replacement;
  if (typeof reason !== "string" || reason.trim() === "")
    problems.push(`the record replaces round ${namedRound} but does not say why (beacon.replacement.reason is empty)`);
  const decided = typeof decidedAt === "string" ? Date.parse(decidedAt) : NaN;
  if (!Number.isFinite(decided)) {
    problems.push("the replacement's decision time (beacon.replacement.decidedAt) is not a time");
    return problems;
  }
  if (typeof round !== "number" || !Number.isSafeInteger(round) || round < 1) {
    problems.push("the replacement round (beacon.replacement.round) is not a round");
    return problems;
  }
  const earliest = roundTime(chain, namedRound) + BEACON_REPLACEMENT_AFTER_MS;
  if (decided < earliest)
    problems.push(
      `the replacement was decided at ${new Date(decided).toISOString()}, before round ${namedRound}'s time + 24 hours (${new Date(earliest).toISOString()})`,
    );
  const time = roundTime(chain, round);
  if (time < decided + BEACON_REPLACEMENT_MARGIN_MS)
    problems.push(
      `replacement round ${round} was produced at ${new Date(time).toISOString()}, less than 10 minutes after the decision (${new Date(decided).toISOString()}), so it may have been known when it was chosen`,
    );
  else if (round !== replacementRoundAt(chain, decided))
    problems.push(
      `replacement round ${round} is not the first round at least 10 minutes after the decision (that is round ${replacementRoundAt(chain, decided)})`,
    );
  return problems;
}
