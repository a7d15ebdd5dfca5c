/**
 * Entrants hold copies (decision 093): the words of the draw's anchors in an entrant's emails (the
 * commitment and the planned round when they enter, the frozen list's hash, their line and the round
 * when entries close), the outbox key that keeps each "entries are closed" notice to one per entry,
 * and "Check my entry"'s answer about the hash an entrant was sent.
 */
import { beaconChainName, pinnedChain, roundTimeMs } from "./beacon";
import { formatZonedDateTimeWithUtc } from "./campaign-time-zone";

/** A SHA-256 as the draw publishes it: 64 lowercase hexadecimal characters. */
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The outbox's dedupe key of an entry's "entries are closed" notice: one per entry, ever. */
export function listNoticeDedupeKey(entryId: string): string {
  return `list-frozen:${entryId}`;
}

/** Decision 039's fallback, stated wherever a round is promised: the emails say only what holds. */
const BEACON_MISSING_SENTENCE =
  "Should that round's beacon still be unavailable 24 hours after its time, the draw goes ahead without it and its page says so.";

/**
 * The confirmation emails' draw lines in a language's words: the commitment ({{commitment}}); the
 * round planned at launch ({{round}}, {{chain}}, {{due}}: `plannedDue` with {{time}}, or nothing when
 * the chain is not known here), true to decision 039 (a late freeze takes a later round); or, for a
 * campaign launched before rounds were, the round chosen at the freeze.
 */
export interface AnchorWords {
  commitment: string;
  planned: string;
  plannedDue: string;
  unplanned: string;
}

export const ANCHOR_WORDS_EN: AnchorWords = {
  commitment:
    "The draw is fixed in advance by its commitment, the SHA-256 of a secret revealed only after the draw: {{commitment}}. Keep this email: the draw record must show the same commitment.",
  planned: `The draw will use round {{round}} of the {{chain}} beacon{{due}}, whose value nobody can know before then. If the entry list is frozen late, a later round is used instead and published with the list. ${BEACON_MISSING_SENTENCE}`,
  plannedDue: " (due {{time}})",
  unplanned:
    "The beacon round that mixes randomness nobody can know into the draw is chosen when the entry list is frozen at the end of the giveaway, and published with the list before that round exists.",
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);

/**
 * The confirmation emails' draw lines (entry_confirm_request and entry_confirmation): the commitment
 * and the planned round, both "" for a campaign that published no commitment (no anchored draw). The
 * round's time is given for the chains pinned in the code (quicknet, the demo chain), written by
 * `timeText` (English: the campaign's zone with the UTC instant, decision 096); a chain set by
 * DRAND_CHAIN_INFO (outside production only) is named by its hash alone.
 */
export function drawAnchorTokens(
  campaign: {
    drawCommitment: string | null;
    drawBeaconRound: number | null;
    drawBeaconChain: string | null;
    timeZone: string;
  },
  words: AnchorWords = ANCHOR_WORDS_EN,
  timeText: (instant: Date, zone: string) => string = formatZonedDateTimeWithUtc,
): { draw_commitment_line: string; draw_round_line: string } {
  if (!campaign.drawCommitment) return { draw_commitment_line: "", draw_round_line: "" };
  const round = campaign.drawBeaconRound;
  const chain = pinnedChain(campaign.drawBeaconChain);
  const time = round !== null && chain ? timeText(new Date(roundTimeMs(chain, round)), campaign.timeZone) : null;
  return {
    draw_commitment_line: fill(words.commitment, { commitment: campaign.drawCommitment }),
    draw_round_line:
      round === null
        ? words.unplanned
        : fill(words.planned, {
            round: String(round),
            chain: campaign.drawBeaconChain ? beaconChainName(campaign.drawBeaconChain) : "drand",
            due: time ? fill(words.plannedDue, { time }) : "",
          }),
  };
}

/** The round line's words in English; the other languages' are in app/i18n/notice-emails.ts. */
export const FROZEN_ROUND_WORDS_EN = {
  roundLine: `The winner is drawn with round {{round}} of the {{chain}} beacon{{due}}: it did not exist when the list was frozen, so nobody could fit the list to it. ${BEACON_MISSING_SENTENCE}`,
  roundDue: ", due {{time}}",
};

/** The "entries are closed" email's round line: the round the frozen list names, in `words` (English by default). */
export function frozenRoundLine(
  round: number,
  chainLabel: string,
  roundTime: string | null,
  words: { roundLine: string; roundDue: string } = FROZEN_ROUND_WORDS_EN,
): string {
  return fill(words.roundLine, {
    round: String(round),
    chain: chainLabel,
    due: roundTime ? fill(words.roundDue, { time: roundTime }) : "",
  });
}

/** What an entrant pasted as the list hash, as a SHA-256 (case and spaces forgiven), or null. */
export function normaliseListHash(input: string): string | null {
  const hash = input.replace(/\s+/g, "").toLowerCase();
  return SHA256_HEX.test(hash) ? hash : null;
}

/**
 * "Check my entry"'s answer about the hash an entrant was sent (decision 093):
 * - `not-frozen`: no list yet, so nothing to compare;
 * - `malformed`: the text is not a SHA-256;
 * - `same`: the published hash is the one they were sent, and the list served now hashes to it;
 * - `changed`: the published hash is another one (the list was rewritten after their email);
 * - `bytes-changed`: the published hash is theirs, but the list served now hashes to something else.
 */
export type ListHashCheck =
  | { kind: "not-frozen"; given: string }
  | { kind: "malformed"; given: string }
  | { kind: "same"; given: string; published: string }
  | { kind: "changed"; given: string; published: string }
  | { kind: "bytes-changed"; given: string; published: string; served: string };

/** Compares the hash an entrant was sent with the published one and with the hash of the bytes served. */
export function compareListHash(given: string, list: { published: string; served: string } | null): ListHashCheck {
  const shown = given.trim().slice(0, 200);
  if (!list) return { kind: "not-frozen", given: shown };
  const hash = normaliseListHash(given);
  if (!hash) return { kind: "malformed", given: shown };
  if (hash !== list.published) return { kind: "changed", given: hash, published: list.published };
  if (list.served !== list.published) return { kind: "bytes-changed", given: hash, published: list.published, served: list.served };
  return { kind: "same", given: hash, published: list.published };
}
