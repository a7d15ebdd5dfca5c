/**
 * The freeze's block reads on PostgreSQL (decision 114) when no second connection can be had: here the
 * second connection is refused (nothing listens on port 1), so every read goes to the transaction's
 * own connection, stood in for by `send`, which records what it is sent.
 */
import { describe, expect, it } from "vitest";
import { type DriverStatement, ReadsAhead } from "~/server/draw/list-driver.server";

const NO_SERVER = "postgresql://postgres@127.0.0.1:1/none";

function recordingSend(): { sent: string[]; send: (text: string, values: unknown[]) => Promise<unknown[][]> } {
  const sent: string[] = [];
  return {
    sent,
    send: async (text, values) => {
      sent.push(`${text} ${values.join(",")}`);
      return [[`block ${String(values[0])}`]];
    },
  };
}

/** The read of block k of 3, naming block k + 1 as the next. */
function blockRead(k: number): DriverStatement {
  return { sql: "SELECT block", params: [k], readAhead: () => (k < 3 ? blockRead(k + 1) : null) };
}

describe("the freeze's block reads on PostgreSQL", () => {
  it("go to the transaction's own connection when a second one is refused, each block read once and in order", async () => {
    const { sent, send } = recordingSend();
    const reads = new ReadsAhead(NO_SERVER, send);
    try {
      expect(await reads.rows(blockRead(1))).toEqual([["block 1"]]);
      expect(await reads.rows(blockRead(2))).toEqual([["block 2"]]);
      expect(await reads.rows(blockRead(3))).toEqual([["block 3"]]);
    } finally {
      await reads.close();
    }
    expect(sent).toEqual(["SELECT block 1", "SELECT block 2", "SELECT block 3"]);
  });

  it("offer no COPY when a second connection is refused (decision 116): the steps then read blocks", async () => {
    const { sent, send } = recordingSend();
    const reads = new ReadsAhead(NO_SERVER, send);
    try {
      expect(await reads.connected()).toBe(false);
      await expect(reads.copied({ sql: "COPY (SELECT 1) TO STDOUT", copy: true })).rejects.toThrow(/second connection/);
    } finally {
      await reads.close();
    }
    expect(sent).toEqual([]);
  });

  it("run a read other than the one started ahead as asked, and answer its own rows", async () => {
    const { sent, send } = recordingSend();
    const reads = new ReadsAhead(NO_SERVER, send);
    try {
      expect(await reads.rows(blockRead(1))).toEqual([["block 1"]]);
      // Block 2 was started ahead; the steps ask for block 3 instead.
      expect(await reads.rows(blockRead(3))).toEqual([["block 3"]]);
    } finally {
      await reads.close();
    }
    expect(sent).toEqual(["SELECT block 1", "SELECT block 2", "SELECT block 3"]);
  });
});
