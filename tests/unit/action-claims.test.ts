import { describe, expect, it } from "vitest";
import {
  ClaimActionSchema,
  type ClaimRow,
  codeTriesUsedText,
  dailyNetworkText,
  flaggedPage,
  handleCsvValues,
  sameHandleText,
} from "~/domain/action-claims";

const row = (key: string, at: string): Omit<ClaimRow, "reasons"> => ({
  key,
  completionId: key,
  entryId: `e-${key}`,
  email: `${key}@x.test`,
  actionLabel: "Follow",
  kind: "Follow or subscribe · Self-reported",
  answer: "h",
  answerKind: "handle",
  bonus: 2,
  at,
  state: "counted",
  reason: null,
  wrongCodes: null,
  entryDisqualified: false,
});

describe("action claims (decision 078)", () => {
  it("words each pattern with its count", () => {
    expect(sameHandleText("sam", "Follow us", 3)).toBe("3 entries claimed the handle @sam for “Follow us”");
    expect(codeTriesUsedText("Code", 1)).toBe("1 entry typed 5 wrong codes for “Code” (no bonus counted)");
    expect(dailyNetworkText("Daily", "2026-11-27", "203.0.113.0/24", 6)).toBe(
      "6 daily bonuses for “Daily” on Nov 27, 2026 from network 203.0.113.0/24",
    );
  });

  it("lists each flagged claim once with all its reasons, newest first, a page at a time", () => {
    const rows = new Map([
      ["a", row("a", "2026-01-01T00:00:00.000Z")],
      ["b", row("b", "2026-01-02T00:00:00.000Z")],
      ["c", row("c", "2026-01-03T00:00:00.000Z")],
    ]);
    const groups = [
      { kind: "same-handle" as const, text: "one", count: 2, keys: ["a", "b"] },
      { kind: "daily-network" as const, text: "two", count: 7, keys: ["b", "c", "gone"] },
    ];
    const first = flaggedPage(groups, rows, 1, 2);
    expect(first.groups.map((g) => [g.text, g.count, g.listed])).toEqual([
      ["two", 7, 3],
      ["one", 2, 2],
    ]);
    expect(first.listed).toBe(3);
    expect(first.pages).toBe(2);
    expect(first.keys).toEqual([
      { key: "c", reasons: [{ kind: "daily-network", text: "two" }] },
      {
        key: "b",
        reasons: [
          { kind: "same-handle", text: "one" },
          { kind: "daily-network", text: "two" },
        ],
      },
    ]);
    expect(flaggedPage(groups, rows, 9, 2).keys.map((k) => k.key)).toEqual(["a"]);
  });

  it("accepts a disqualify with a published reason, or a restore, and nothing else", () => {
    const parse = (fields: Record<string, string>) => ClaimActionSchema.safeParse(fields);
    expect(parse({ intent: "disqualify-claim", claimId: "abc", reason: "false_claim" }).data).toEqual({
      action: "disqualify",
      claimId: "abc",
      reason: "false_claim",
    });
    expect(parse({ intent: "restore-claim", claimId: "abc" }).data).toEqual({ action: "restore", claimId: "abc" });
    expect(parse({ intent: "disqualify-claim", claimId: "abc", reason: "fake" }).success).toBe(false);
    expect(parse({ intent: "disqualify-claim", claimId: "a b", reason: "rules" }).success).toBe(false);
    expect(parse({ intent: "delete", claimId: "abc" }).success).toBe(false);
  });

  it("exports the email only with consent, and nothing personal once erased", () => {
    const claim = {
      entryId: "e1",
      actionId: "a1",
      actionLabel: "Follow",
      platform: "Instagram",
      handle: "sam",
      completedAt: new Date("2026-01-01T00:00:00Z"),
      rejectReason: null,
      entryDisqualified: false,
      erased: false,
      consent: true,
      email: "sam@x.test",
    };
    expect(handleCsvValues(claim)).toEqual([
      "e1",
      "a1",
      "Follow",
      "Instagram",
      "sam",
      claim.completedAt,
      "counted",
      null,
      true,
      "sam@x.test",
    ]);
    expect(handleCsvValues({ ...claim, consent: false, rejectReason: "false_claim" }).slice(6)).toEqual([
      "disqualified",
      "false_claim",
      false,
      null,
    ]);
    expect(handleCsvValues({ ...claim, erased: true })[4]).toBeNull();
    expect(handleCsvValues({ ...claim, erased: true })[6]).toBe("erased");
    expect(handleCsvValues({ ...claim, erased: true })[9]).toBeNull();
  });
});
