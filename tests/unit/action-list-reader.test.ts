/**
 * actions.csv and the weights of draw procedure version 3 (decision 075): ActionListReader checks the
 * format in pieces of any size, and EntryListReader with its bonuses accepts exactly the weights
 * 1 + 3 x referrals + the entry's bonuses.
 */
import { describe, expect, it } from "vitest";
import { EntryListError, entryListText, parseActionList, parseEntryList, ActionListReader } from "~/domain/draw";
import { actionListText } from "~/domain/entry-actions";

const encode = (text: string) => new TextEncoder().encode(text);
const actions = actionListText(
  [
    { entryId: "a1", actionId: "x1", kind: "visit", bonus: 2, completedMs: 100 },
    { entryId: "a1", actionId: "x2", kind: "daily", bonus: 1, completedMs: 200 },
    { entryId: "b2", actionId: "x3", kind: "code", bonus: 3, completedMs: 150 },
  ],
  [{ entryId: "c3", actionId: "x4", completedMs: 120, reason: "false_claim" }],
);
const list = entryListText(
  [
    { id: "a1", createdMs: 1, referrerId: "", weight: 1 + 3 + 3 },
    { id: "b2", createdMs: 2, referrerId: "a1", weight: 1 + 3 },
    { id: "c3", createdMs: 3, referrerId: "", weight: 1 },
  ],
  [],
);

describe("actions.csv (procedure version 3)", () => {
  it("sums each entry's bonuses, in pieces of any size, and the weights of draw.csv agree", () => {
    for (const size of [1, 2, 7, 64, 10_000]) {
      const reader = new ActionListReader();
      const bytes = encode(actions);
      for (let at = 0; at < bytes.length; at += size) reader.push(bytes.slice(at, at + size));
      const bonuses = reader.finish();
      expect(bonuses.completions).toBe(3);
      expect(bonuses.disqualified).toBe(1);
      expect(bonuses.total).toBe(6);
      expect(parseEntryList(encode(list), "h", bonuses).pool.totalWeight).toBe(12n);
    }
  });

  it("refuses a changed bonus, a changed entry id, a dropped line, bad order, kinds and completions after the freeze", () => {
    const weights = (text: string) => () => parseEntryList(encode(list), "h", parseActionList(encode(text)));
    expect(weights(actions.replace("x3,code,3,", "x3,code,2,"))).toThrow(
      /Entry b2 has weight 4, but its 0 referrals and 2 bonus entries in actions.csv give 3/,
    );
    expect(weights(actions.replace("b2,x3", "c3,x3"))).toThrow(EntryListError);
    expect(weights(actions.replace("a1,x2,daily,1,200\n", ""))).toThrow(
      /Entry a1 has weight 7, but its 1 referrals and 2 bonus entries in actions.csv give 6/,
    );
    expect(weights(actions.replace("b2,x3", "zz,x3"))).toThrow(EntryListError);
    expect(() => parseActionList(encode(actions.replace("a1,x2,daily,1,200", "a1,x2,daily,1,50")))).toThrow(/not sorted/);
    expect(() => parseActionList(encode(actions.replace("visit", "like")))).toThrow(/The kind must be one of/);
    expect(() => parseActionList(encode(actions.replace(",2,100", ",11,100")))).toThrow(/bonus must be a whole number from 1 to 10/);
    expect(() => parseActionList(encode(actions), { notAfterMs: 199 })).toThrow(/after the list was frozen/);
    expect(() => parseActionList(encode(actions.replace("false_claim", "meh")))).toThrow(/reason must be one of/);
    expect(() => parseActionList(encode(actions.slice(0, -1)))).toThrow(/end with a line feed/);
    // Without actions.csv the weights are version 2's: a1's action bonuses are then too many.
    expect(() => parseEntryList(encode(list), "h")).toThrow(/Entry a1 has weight 7, but its referrals give 4/);
  });
});
