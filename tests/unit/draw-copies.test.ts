/**
 * Entrants hold copies (decision 093): what the emails say about the draw's anchors, and how "Check
 * my entry" compares the hash an entrant was sent.
 */
import { describe, expect, it } from "vitest";
import { DEMO_CHAIN, QUICKNET, roundTimeMs } from "~/domain/beacon";
import { formatZonedDateTimeWithUtc } from "~/domain/campaign-time-zone";
import { compareListHash, drawAnchorTokens, frozenRoundLine, listNoticeDedupeKey, normaliseListHash } from "~/domain/draw-copies";

const A = "a".repeat(64);
const B = "b".repeat(64);
const C = "c".repeat(64);

describe("the confirmation emails' draw lines", () => {
  it("name the commitment and the planned round with its time on a pinned chain", () => {
    const tokens = drawAnchorTokens({
      drawCommitment: A,
      drawBeaconRound: 1000,
      drawBeaconChain: QUICKNET.hash,
      timeZone: "America/New_York",
    });
    expect(tokens.draw_commitment_line).toContain(A);
    // The campaign's zone for the reader, the UTC instant for a verifier (decision 096).
    expect(tokens.draw_round_line).toMatch(/\(due \w+day \d+ \w+ \d{4}, \d\d:\d\d New York time \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\)/);
    expect(tokens.draw_round_line).toContain(
      `round 1000 of the drand quicknet (League of Entropy) beacon (due ${formatZonedDateTimeWithUtc(new Date(roundTimeMs(QUICKNET, 1000)), "America/New_York")})`,
    );
    expect(tokens.draw_round_line).toContain("a later round is used instead and published with the list");
    expect(tokens.draw_round_line).toContain("the draw goes ahead without it and its page says so");
    expect(
      drawAnchorTokens({ drawCommitment: A, drawBeaconRound: 5, drawBeaconChain: DEMO_CHAIN.hash, timeZone: "UTC" }).draw_round_line,
    ).toContain("Demo beacon, not drand");
  });

  it("say the round is chosen at the freeze when none was planned, and say nothing without a commitment", () => {
    expect(
      drawAnchorTokens({ drawCommitment: A, drawBeaconRound: null, drawBeaconChain: null, timeZone: "UTC" }).draw_round_line,
    ).toContain("is chosen when the entry list is frozen");
    expect(
      drawAnchorTokens({ drawCommitment: null, drawBeaconRound: 7, drawBeaconChain: QUICKNET.hash, timeZone: "America/New_York" }),
    ).toEqual({
      draw_commitment_line: "",
      draw_round_line: "",
    });
  });

  it("the entries-closed email's round line names the round and its time", () => {
    expect(frozenRoundLine(42, "drand quicknet (League of Entropy)", "June 16, 2026, 12:10 UTC")).toContain(
      "round 42 of the drand quicknet (League of Entropy) beacon, due June 16, 2026, 12:10 UTC",
    );
  });
});

describe("the hash an entrant was sent", () => {
  it("is read forgiving case and spaces, and nothing else", () => {
    expect(normaliseListHash(` ${A.toUpperCase().slice(0, 30)} ${A.slice(30)} `)).toBe(A);
    expect(normaliseListHash(A.slice(1))).toBeNull();
    expect(normaliseListHash(`${A.slice(1)}g`)).toBeNull();
  });

  it("is compared with the published hash and with the bytes served", () => {
    expect(compareListHash(A, null).kind).toBe("not-frozen");
    expect(compareListHash("nope", { published: A, served: A }).kind).toBe("malformed");
    expect(compareListHash(A, { published: A, served: A })).toEqual({ kind: "same", given: A, published: A });
    expect(compareListHash(A, { published: B, served: B })).toEqual({ kind: "changed", given: A, published: B });
    expect(compareListHash(A, { published: A, served: C })).toEqual({ kind: "bytes-changed", given: A, published: A, served: C });
  });

  it("each entry's notice has its own outbox key", () => {
    expect(listNoticeDedupeKey("abc")).toBe("list-frozen:abc");
  });
});
