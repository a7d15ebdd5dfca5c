import { describe, expect, it } from "vitest";
import { EntryListScanner, entryIdCandidates, parseDisqualified } from "~/domain/entry-list";

const LIST =
  "entry_id,created_ms,referrer_id,weight\n" +
  "aaaaaaaaaaaaaaaaaaaaaaaa,1000,,7\n" +
  "bbbbbbbbbbbbbbbbbbbbbbbb,1001,aaaaaaaaaaaaaaaaaaaaaaaa,1\n" +
  "cccccccccccccccccccccccc,1002,aaaaaaaaaaaaaaaaaaaaaaaa,1\n" +
  "disqualified_entry_id,reason\n" +
  "dddddddddddddddddddddddd,fake\n";

/** The list split into chunks of `size` bytes, as EntryListChunk rows hold it. */
function scan(ids: string[], size: number) {
  const bytes = new TextEncoder().encode(LIST);
  const scanner = new EntryListScanner(ids);
  for (let at = 0; at < bytes.length; at += size) scanner.push(bytes.subarray(at, at + size));
  return scanner.finish();
}

describe("EntryListScanner", () => {
  it("finds a line, its position and its ticket range whatever the chunk size", () => {
    for (const size of [1, 3, 7, 64, 10_000]) {
      expect(scan(["cccccccccccccccccccccccc"], size)).toEqual({
        entries: 3,
        totalWeight: "9",
        match: {
          kind: "listed",
          id: "cccccccccccccccccccccccc",
          line: "cccccccccccccccccccccccc,1002,aaaaaaaaaaaaaaaaaaaaaaaa,1",
          lineNumber: 4,
          position: 3,
          createdMs: 1002,
          referrerId: "aaaaaaaaaaaaaaaaaaaaaaaa",
          weight: 1,
          firstTicket: "8",
          lastTicket: "8",
        },
      });
      expect(scan(["aaaaaaaaaaaaaaaaaaaaaaaa"], size).match).toMatchObject({
        position: 1,
        firstTicket: "0",
        lastTicket: "6",
        referrerId: null,
      });
    }
  });

  it("finds disqualified ids with their reason, and nothing for an unknown id", () => {
    expect(scan(["dddddddddddddddddddddddd"], 5).match).toEqual({
      kind: "disqualified",
      id: "dddddddddddddddddddddddd",
      line: "dddddddddddddddddddddddd,fake",
      lineNumber: 6,
      reason: "fake",
    });
    expect(scan(["eeeeeeeeeeeeeeeeeeeeeeee"], 5)).toEqual({ match: null, entries: 3, totalWeight: "9" });
  });

  it("refuses bytes that are not an entry list", () => {
    const scanner = new EntryListScanner([]);
    expect(() => scanner.push(new TextEncoder().encode("id,weight\nabc,1\n"))).toThrow(/does not start with/);
  });
});

describe("parseDisqualified", () => {
  it("reads the section from a tail that reaches its header line, else says it needs more", () => {
    expect(parseDisqualified(LIST)).toEqual([{ id: "dddddddddddddddddddddddd", reason: "fake" }]);
    expect(parseDisqualified(LIST.slice(LIST.indexOf("qualified_entry_id")))).toBeNull();
  });
});

describe("entryIdCandidates", () => {
  const campaign = "campaign0000000000000000";
  it("takes the id from a bare id, a referral link or a confirmation link, never the campaign's id", () => {
    expect(entryIdCandidates("  abcdefghijklmnopqrstuvwx ", campaign)).toEqual(["abcdefghijklmnopqrstuvwx"]);
    expect(entryIdCandidates(`https://giveawear.example/campaign/${campaign}?ref=abcdefghijklmnopqrstuvwx`, campaign)).toEqual([
      "abcdefghijklmnopqrstuvwx",
    ]);
    expect(entryIdCandidates(`/campaign/${campaign}/confirm/abcdefghijklmnopqrstuvwx-${"0f".repeat(16)}`, campaign)[0]).toBe(
      "abcdefghijklmnopqrstuvwx",
    );
    expect(entryIdCandidates("not an id", campaign)).toEqual([]);
    expect(entryIdCandidates("", campaign)).toEqual([]);
  });
});
