/**
 * ActionListReader reads a well-formed completion line in one pass (its fast path, decision 075) and
 * any other line with the general rules. Read in 1-byte pieces, every line arrives split and takes
 * the general path; read whole, the completions take the fast path. Both must give the same sums
 * and the same first error, on valid and broken lists alike.
 */
import { describe, expect, it } from "vitest";
import { ActionListReader, type ActionBonuses } from "~/domain/draw";
import { ACTION_KINDS, actionListText } from "~/domain/entry-actions";
import { seededRandom } from "../helpers/random";

function validList(next: () => number): string {
  const lines: { entryId: string; actionId: string; kind: (typeof ACTION_KINDS)[number]; bonus: number; completedMs: number }[] = [];
  const entries = 1 + Math.floor(next() * 30);
  for (let e = 0; e < entries; e++) {
    const entryId = `e${String(e).padStart(3, "0")}${"abcxyz"[Math.floor(next() * 6)]}`;
    const count = 1 + Math.floor(next() * 4);
    for (let k = 0; k < count; k++) {
      lines.push({
        entryId,
        actionId: `a${k}`,
        kind: ACTION_KINDS[Math.floor(next() * ACTION_KINDS.length)]!,
        bonus: 1 + Math.floor(next() * 10),
        completedMs: 1_700_000_000_000 + k * 1000 + Math.floor(next() * 3),
      });
    }
  }
  return actionListText(lines, [{ entryId: "zzz", actionId: "a1", completedMs: 5, reason: "false_claim" }]);
}

/** One change somewhere in the text: a byte replaced, removed or doubled, or two lines swapped. */
function broken(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  const choice = Math.floor(next() * 4);
  const bytes = ",:0123456789a \nxvisit";
  if (choice === 0) return text.slice(0, at) + bytes[Math.floor(next() * bytes.length)] + text.slice(at + 1);
  if (choice === 1) return text.slice(0, at) + text.slice(at + 1);
  if (choice === 2) return text.slice(0, at) + text[at] + text.slice(at);
  const lines = text.split("\n");
  const i = 1 + Math.floor(next() * Math.max(1, lines.length - 3));
  [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
  return lines.join("\n");
}

function read(text: string, pieceSize: number, notAfterMs?: number): { sums?: [string, number][]; counts?: number[]; error?: string } {
  const reader = new ActionListReader({ notAfterMs });
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += pieceSize) reader.push(bytes.slice(at, at + pieceSize));
  let bonuses: ActionBonuses;
  try {
    bonuses = reader.finish();
  } catch (error) {
    return { error: (error as Error).message };
  }
  const sums: [string, number][] = [];
  for (let k = 0; k < bonuses.ids.size; k++) sums.push([bonuses.ids.text(k), bonuses.bonuses.values[k]!]);
  return { sums, counts: [bonuses.completions, bonuses.disqualified, bonuses.total] };
}

describe("ActionListReader's fast and general paths", () => {
  it("agree on valid lists and on lists with one change, message for message", () => {
    const next = seededRandom(75);
    let errors = 0;
    for (let round = 0; round < 400; round++) {
      const valid = validList(next);
      const text = round % 4 === 0 ? valid : broken(valid, next);
      const notAfterMs = round % 7 === 0 ? 1_700_000_002_000 : undefined;
      const whole = read(text, text.length, notAfterMs);
      expect(read(text, 1, notAfterMs)).toEqual(whole);
      expect(read(text, 7, notAfterMs)).toEqual(whole);
      if (whole.error) errors += 1;
      if (text === valid && notAfterMs === undefined) expect(whole.error).toBeUndefined();
    }
    // The changes do break lists (not all of them: a swapped digit may still be valid).
    expect(errors).toBeGreaterThan(100);
  });
});
