/**
 * Reading a frozen list back from the database (decision 061): piece by piece, then only the blocks
 * the draw needs, across chunk rows of any size (lists frozen with other chunk sizes stay readable),
 * with the same picks as the list parsed whole, and a changed or missing chunk refused.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawPicks, entryListText, nextPick, drawStateAfter, parseEntryList } from "~/domain/draw";
import { prisma } from "~/server/core/db.server";
import { entryListBytes, overStoredList, readStoredList, withStoredList } from "~/server/draw/freeze.server";
import { withListDriver } from "~/server/draw/list-driver.server";
import { nodeDrawHashing } from "~/server/draw/run.server";
import { createCampaign } from "../helpers/campaigns";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A list of `count` entries (every seventh brought by the first entry), stored in chunk rows of `chunkBytes`. */
async function storedList(count: number, chunkBytes: number) {
  const campaign = await createCampaign();
  const entries = Array.from({ length: count }, (_, k) => ({
    id: `e${campaign.id.slice(-6)}${String(k).padStart(6, "0")}`,
    createdMs: 1_760_000_000_000 + Math.floor(k / 2),
    referrerId: "",
    weight: 1,
  }));
  for (let k = 1; k < count; k += 7) {
    entries[k]!.referrerId = entries[0]!.id;
    entries[0]!.weight += 3;
  }
  const bytes = new Uint8Array(Buffer.from(entryListText(entries, [{ id: "zz-gone", reason: "fake" }]), "latin1"));
  const row = {
    campaignId: campaign.id,
    frozenAt: new Date(),
    sha256: sha256(bytes),
    byteLength: bytes.length,
    entryCount: count,
    totalWeight: BigInt(entries.reduce((sum, entry) => sum + entry.weight, 0)),
    disqualifiedCount: 1,
    beaconRound: 1,
    beaconChain: "test",
    storageKey: null,
  };
  await prisma.entryList.create({ data: row });
  const chunks = [];
  for (let index = 0, at = 0; at < bytes.length; index++, at += chunkBytes)
    chunks.push({ campaignId: campaign.id, index, bytes: Buffer.from(bytes.subarray(at, at + chunkBytes)) });
  await prisma.entryListChunk.createMany({ data: chunks });
  return { row, bytes };
}

describe("the frozen list read back piece by piece", () => {
  it("draws the same winners as the list parsed whole, whatever the chunk size, reading blocks across chunk boundaries", async () => {
    for (const chunkBytes of [97, 4096, 1 << 20]) {
      const { row, bytes } = await storedList(5000, chunkBytes);
      const whole = parseEntryList(bytes, row.sha256).pool;
      for (const seed of ["one", "two"]) {
        const expected = drawPicks(nodeDrawHashing, whole, seed, [1, 2, 3, 4]);
        const drawn = await overStoredList(row, (pool) => drawPicks(nodeDrawHashing, pool, seed, [1, 2, 3, 4]));
        expect(drawn).toEqual(expected);
        // A redraw continues the same sequence over a fresh read.
        const redrawn = await overStoredList(row, (pool) => nextPick(nodeDrawHashing, pool, seed, 2, drawStateAfter(expected.picks)));
        expect(redrawn).toEqual(nextPick(nodeDrawHashing, whole, seed, 2, drawStateAfter(expected.picks)));
      }
      expect(Buffer.compare(await entryListBytes(row), Buffer.from(bytes))).toBe(0);
      // Any range, including ones spanning several chunks.
      await withStoredList(row, prisma, async (source) => {
        for (const [start, end] of [
          [0, 1],
          [Math.min(chunkBytes, bytes.length) - 3, Math.min(chunkBytes + 250, bytes.length)],
          [5, bytes.length],
          [bytes.length - 10, bytes.length],
        ] as const) {
          expect(Buffer.from(await source.range(start, end)).toString("latin1")).toBe(
            Buffer.from(bytes.subarray(start, end)).toString("latin1"),
          );
        }
      });
    }
  });

  it("refuses a list whose chunk is missing or changed, as the whole read does", async () => {
    const { row } = await storedList(300, 1000);
    await prisma.entryListChunk.delete({ where: { campaignId_index: { campaignId: row.campaignId, index: 2 } } });
    await expect(withStoredList(row, prisma, (source) => readStoredList(row, source))).rejects.toThrow(/entry list chunk 2 is missing/);

    const changed = await storedList(300, 1000);
    const chunk = await prisma.entryListChunk.findUniqueOrThrow({
      where: { campaignId_index: { campaignId: changed.row.campaignId, index: 1 } },
    });
    const tampered = Buffer.from(chunk.bytes);
    tampered[10] = tampered[10] === 0x61 ? 0x62 : 0x61;
    await prisma.entryListChunk.update({
      where: { campaignId_index: { campaignId: changed.row.campaignId, index: 1 } },
      data: { bytes: tampered },
    });
    await expect(overStoredList(changed.row, (pool) => pool.count)).rejects.toThrow(/does not match its published hash/);
  });

  it("reads back every byte value as stored, and null without a row", async () => {
    const { row } = await storedList(10, 100_000);
    const every = Buffer.from(Array.from({ length: 3 * 256 + 7 }, (_, k) => k % 256));
    await prisma.entryListChunk.update({ where: { campaignId_index: { campaignId: row.campaignId, index: 0 } }, data: { bytes: every } });
    await withListDriver(prisma, async (driver) => {
      const sql = (text: string) => (driver.provider === "postgresql" ? text : text.replace(/\$\d+/g, "?"));
      const select = sql(`SELECT "bytes" FROM "EntryListChunk" WHERE "campaignId" = $1 AND "index" = $2`);
      expect(Buffer.from((await driver.bytes(select, [row.campaignId, 0]))!)).toEqual(every);
      // A quote in a parameter is a value, not SQL (PostgreSQL writes the parameters into a COPY).
      expect(await driver.bytes(select, [`${row.campaignId}' OR '1'='1`, 0])).toBeNull();
      expect(await driver.bytes(select, [row.campaignId, 99])).toBeNull();
    });
  });
});
