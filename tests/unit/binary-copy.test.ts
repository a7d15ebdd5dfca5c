/**
 * The binary COPY output the PostgreSQL list driver reads (decision 121), as PostgreSQL's
 * documentation lays it out, handed over in pieces of every size: the same tuples, fields and nulls.
 */
import { describe, expect, it } from "vitest";
import { BinaryCopyTuples } from "~/server/draw/list-driver.server";

const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(n);
  return bytes;
};
const field = (value: Buffer | null) => (value === null ? int32(-1) : Buffer.concat([int32(value.length), value]));

/** A binary COPY output: signature, flags, a header extension of `extension` bytes, the tuples, the end marker. */
function copyOutput(tuples: (Buffer | null)[][], extension = 0): Buffer {
  return Buffer.concat([
    Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"),
    int32(0),
    int32(extension),
    Buffer.alloc(extension, 7),
    ...tuples.map((fields) => Buffer.concat([int16(fields.length), ...fields.map(field)])),
    int16(-1),
  ]);
}

describe("binary COPY output", () => {
  const every = Buffer.from(Array.from({ length: 300 }, (_, k) => k % 256));
  const tuples = [
    [int32(0), every],
    [int32(1), Buffer.alloc(0)],
    [int32(2), null],
    [int32(70_000), Buffer.from("chunk,\\n\n", "latin1")],
  ];

  it("gives back every tuple's fields, whatever the pieces it arrives in", () => {
    for (const extension of [0, 5]) {
      const output = copyOutput(tuples, extension);
      for (const size of [1, 2, 3, 7, 19, 64, output.length]) {
        const reader = new BinaryCopyTuples();
        const read: (string | null)[][] = [];
        for (let at = 0; at < output.length; at += size) {
          reader.push(output.subarray(at, at + size));
          for (let fields = reader.next(); fields; fields = reader.next()) read.push(fields.map((f) => (f ? f.toString("hex") : null)));
        }
        expect(read, `pieces of ${size}`).toEqual(tuples.map((fields) => fields.map((f) => (f ? f.toString("hex") : null))));
        expect(reader.ended).toBe(true);
      }
    }
  });

  it("says when the output stopped before its end marker", () => {
    const output = copyOutput(tuples);
    const reader = new BinaryCopyTuples();
    reader.push(output.subarray(0, output.length - 5));
    while (reader.next());
    expect(reader.ended).toBe(false);
    const noSignature = new BinaryCopyTuples();
    noSignature.push(Buffer.from("not a copy output at all"));
    expect(() => noSignature.next()).toThrow(/Not a binary COPY output/);
  });
});
