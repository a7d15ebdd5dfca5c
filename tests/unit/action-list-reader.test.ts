/**
 * actions.csv and the weights of draw procedure version 3 (decision 075): ActionListReader checks the
 * format in pieces of any size, and EntryListReader with its bonuses accepts exactly the weights
 * 1 + 3 x referrals + the entry's bonuses.
 */
import { describe, expect, it } from "vitest";
import { EntryListError, entryListText, parseActionList, parseEntryList, ActionListReader } from "~/domain/draw";
import { type ActionListLine, actionListText, procedureWeight } from "~/domain/entry-actions";
import { seededRandom } from "../helpers/random";

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

  it("checks randomized lists against their completions: honest ones pass, a changed weight or a dropped completion is named", () => {
    const next = seededRandom(20261202);
    let named = 0;
    for (let round = 0; round < 200; round++) {
      const size = 1 + Math.floor(next() * 40);
      const ids = Array.from({ length: size }, (_, k) => `e${k.toString(36)}${Math.floor(next() * 1e6).toString(36)}`);
      const entries = ids.map((id, k) => ({ id, createdMs: 1_000 + k, referrerId: "", weight: 1 }));
      const referrals = new Map<string, number>();
      for (const entry of entries.slice(1)) {
        if (next() < 0.3) {
          entry.referrerId = ids[Math.floor(next() * size)]!;
          referrals.set(entry.referrerId, (referrals.get(entry.referrerId) ?? 0) + 1);
        }
      }
      const completions: ActionListLine[] = [];
      const bonuses = new Map<string, number>();
      for (const id of ids) {
        for (let k = 0; k < 3; k++) {
          if (next() < 0.4) {
            const bonus = 1 + Math.floor(next() * 10);
            completions.push({ entryId: id, actionId: `x${k}`, kind: "visit", bonus, completedMs: 5_000 + k });
            bonuses.set(id, (bonuses.get(id) ?? 0) + bonus);
          }
        }
      }
      for (const entry of entries) entry.weight = procedureWeight(referrals.get(entry.id) ?? 0, bonuses.get(entry.id) ?? 0);
      const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
      const check = (listed: typeof entries, counted: typeof completions) => () =>
        parseEntryList(encode(entryListText(listed, [])), "h", parseActionList(encode(actionListText(counted, []))));
      expect(check(entries, completions)().pool.totalWeight).toBe(BigInt(total));

      const changed = entries[Math.floor(next() * size)]!;
      const heavier = entries.map((entry) => (entry === changed ? { ...entry, weight: entry.weight + 1 } : entry));
      expect(check(heavier, completions)).toThrow(new RegExp(`Entry ${changed.id} has weight ${changed.weight + 1}, but `));
      if (completions.length > 0) {
        const dropped = completions[Math.floor(next() * completions.length)]!;
        expect(
          check(
            entries,
            completions.filter((line) => line !== dropped),
          ),
        ).toThrow(new RegExp(`Entry ${dropped.entryId} has weight `));
        named += 1;
      }
    }
    expect(named).toBeGreaterThan(150);
  });
});
