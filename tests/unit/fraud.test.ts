import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  findBursts,
  lookAlikeGroups,
  lookAlikeKey,
  networkGroups,
  referralDomainGroups,
  referralNetworkGroups,
  reviewPage,
  ReviewActionSchema,
  timeClusters,
  unconfirmedRefereeGroups,
  usualRate,
  withinSpan,
} from "~/domain/fraud";

const MINUTE = 60_000;
const points = (...minutes: number[]) => minutes.map((m, i) => ({ id: `e${i}`, at: m * MINUTE }));

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("fraud patterns", () => {
  it("finds runs of entries close in time, merging overlapping windows, and no run below the minimum", () => {
    expect(timeClusters(points(0, 10, 20, 30), 5, 60 * MINUTE)).toEqual([]);
    const clusters = timeClusters(points(0, 10, 20, 30, 40, 200, 300, 310, 320, 330, 340, 350, 390), 5, 60 * MINUTE);
    expect(clusters.map((c) => c.map((p) => p.id))).toEqual([
      ["e0", "e1", "e2", "e3", "e4"],
      ["e6", "e7", "e8", "e9", "e10", "e11"],
    ]);
    // e12 (40 minutes after e11) has only 3 others within the hour before it: not part of the run.
    // Windows that do not overlap stay apart even when close.
    expect(timeClusters(points(0, 1, 2, 100, 101, 102), 3, 60 * MINUTE)).toHaveLength(2);
  });

  it("words a network run with its count and a span that is never understated", () => {
    const [group] = networkGroups("203.0.113.0/24", points(0, 8, 16, 24, 32, 39.5));
    expect(group?.text).toBe("6 entries from network 203.0.113.0/24 within 40 minutes");
    expect(group?.count).toBe(6);
    expect(withinSpan(30_000)).toBe("within a minute");
    expect(withinSpan(61 * MINUTE)).toBe("within 61 minutes");
    expect(withinSpan(100 * MINUTE)).toBe("within 2 hours");
    expect(withinSpan(50 * 60 * MINUTE)).toBe("within 3 days");
  });

  it("finds minutes far above the usual rate and joins adjacent ones", () => {
    const week = 7 * 24 * 60 * MINUTE;
    const quiet = Array.from({ length: 100 }, (_, i) => ({ minute: i * 97 * MINUTE, count: 1 }));
    const bursts = findBursts([...quiet, { minute: 5000 * MINUTE, count: 30 }, { minute: 5001 * MINUTE, count: 12 }], week);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({ from: 5000 * MINUTE, to: 5002 * MINUTE, count: 42 });
    // A busy campaign's ordinary minute is no burst.
    const busy = Array.from({ length: 1000 }, (_, i) => ({ minute: i * MINUTE, count: 20 }));
    expect(findBursts(busy, 1000 * MINUTE)).toEqual([]);
    expect(usualRate(0.01)).toBe("about 14 entries a day");
    expect(usualRate(0.5)).toBe("about 30 entries an hour");
    expect(usualRate(3)).toBe("about 3 entries a minute");
  });

  it("groups look-alike addresses at the same domain only", () => {
    expect(lookAlikeKey("John.Smith1@Example.org")).toEqual({ local: "johnsmith", domain: "example.org" });
    const groups = lookAlikeGroups(
      ["john.smith1@example.org", "johnsmith2@example.org", "john_smith3@example.org", "john-smith@other.org", "jane@example.org"].map(
        (email, i) => ({ id: `e${i}`, at: i, email }),
      ),
    );
    expect(groups.map((g) => [g.text, g.entries.map((e) => e.id)])).toEqual([
      ["3 look-alike addresses at example.org", ["e0", "e1", "e2"]],
    ]);
  });

  it("flags referrers with same-network referrals and referrers whose referrals never confirm", () => {
    const rows = [
      { id: "a", at: 2, referrerId: "r", referrerAt: 1, network: "198.51.100.0/24" },
      { id: "b", at: 3, referrerId: "r", referrerAt: 1, network: "198.51.100.0/24" },
      { id: "c", at: 3, referrerId: "s", referrerAt: 1, network: "192.0.2.0/24" },
    ];
    const groups = referralNetworkGroups(rows);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.text).toBe("A referrer and 2 entries through its link, all from network 198.51.100.0/24");
    expect(groups[0]?.entries.map((e) => e.id)).toEqual(["r", "a", "b"]);
    expect(
      unconfirmedRefereeGroups([
        { referrerId: "r", referrerAt: 0, referred: 3, confirmed: 0 },
        { referrerId: "s", referrerAt: 0, referred: 5, confirmed: 1 },
        { referrerId: "t", referrerAt: 0, referred: 2, confirmed: 0 },
      ]).map((g) => g.entries[0]?.id),
    ).toEqual(["r"]);
  });

  it("flags a referrer whose confirmed referrals are at one domain nobody can sign up at, not at a public provider", () => {
    const referees = (...ats: number[]) => ats.map((at) => ({ id: `x${at}`, at }));
    const groups = referralDomainGroups([
      { referrer: { id: "farmer", at: 1 }, domain: "catchall.example", referred: 3, referees: referees(4, 2, 3) },
      { referrer: { id: "popular", at: 1 }, domain: "gmail.com", referred: 12, referees: referees(5, 6, 7) },
      { referrer: { id: "popular", at: 1 }, domain: "outlook.de", referred: 4, referees: referees(8, 9, 10) },
      { referrer: { id: "small", at: 1 }, domain: "company.example", referred: 2, referees: referees(11, 12) },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.text).toBe(
      "A referrer and 3 confirmed entries through its link, all at catchall.example, which is not a public email provider",
    );
    expect(groups[0]?.count).toBe(4);
    expect(groups[0]?.entries.map((e) => e.id)).toEqual(["farmer", "x2", "x3", "x4"]);
  });

  it("lists each flagged entry once with every reason, newest first, a page at a time", () => {
    const page = reviewPage(
      [
        { kind: "network", text: "N", count: 3, entries: points(1, 2, 3) },
        { kind: "browser", text: "B", count: 9, entries: points(1, 2) },
      ],
      2,
      2,
    );
    expect(page).toMatchObject({ listed: 3, page: 2, pages: 2 });
    expect(page.groups.map((g) => g.text)).toEqual(["B", "N"]);
    expect(page.rows).toEqual([
      {
        id: "e0",
        at: MINUTE,
        reasons: [
          { kind: "network", text: "N" },
          { kind: "browser", text: "B" },
        ],
      },
    ]);
  });
});

describe("the review form", () => {
  it("reads a row's button, the checked boxes (one or many), the reason and the note", () => {
    const one = parseWithZod(
      form([
        ["intent", "disqualify:abc123"],
        ["reason", "fake"],
        ["note", " seen before "],
      ]),
      { schema: ReviewActionSchema },
    );
    expect(one.status === "success" && one.value).toEqual({ action: "disqualify", ids: ["abc123"], reason: "fake", note: "seen before" });
    const single = parseWithZod(
      form([
        ["intent", "disqualify"],
        ["entryId", "a1"],
        ["reason", "rules"],
      ]),
      { schema: ReviewActionSchema },
    );
    expect(single.status === "success" && single.value).toEqual({ action: "disqualify", ids: ["a1"], reason: "rules", note: null });
    const many = parseWithZod(
      form([
        ["intent", "restore"],
        ["entryId", "a1"],
        ["entryId", "b2"],
        ["entryId", "a1"],
      ]),
      {
        schema: ReviewActionSchema,
      },
    );
    expect(many.status === "success" && many.value).toEqual({ action: "restore", ids: ["a1", "b2"] });
  });

  it("answers each mistake with its own message", () => {
    const error = (fields: [string, string][]) => {
      const result = parseWithZod(form(fields), { schema: ReviewActionSchema });
      return result.status === "error" ? result.error : null;
    };
    expect(
      error([
        ["intent", "disqualify:a1"],
        ["reason", "spam"],
      ]),
    ).toEqual({ reason: ["Choose why the entries are disqualified."] });
    expect(
      error([
        ["intent", "disqualify"],
        ["reason", "fake"],
      ]),
    ).toEqual({ entryId: ["Select at least one entry."] });
    expect(error([["intent", "restore:bad id"]])).toEqual({ entryId: ["That is not an entry of this giveaway."] });
    expect(error([["intent", "explode"]])).toEqual({ intent: ["Unknown action."] });
  });
});
