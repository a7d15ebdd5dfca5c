import { describe, expect, it } from "vitest";
import { BatchFailed, groupCommit } from "~/server/core/group-commit.server";

describe("group commit (decision 062)", () => {
  it("commits the writes of one turn together and answers each its own result", async () => {
    const batches: number[][] = [];
    const commit = groupCommit<number, string>(async (batch) => {
      batches.push([...batch]);
      return batch.map((n) => `stored ${n}`);
    });
    const results = await Promise.all([1, 2, 3].map((n) => commit(n)));
    expect(results).toEqual(["stored 1", "stored 2", "stored 3"]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("settles nobody before their batch has committed, and batches what arrived meanwhile", async () => {
    const batches: number[][] = [];
    let finishFirst: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => (finishFirst = resolve));
    const commit = groupCommit<number, number>(async (batch) => {
      batches.push([...batch]);
      if (batches.length === 1) await firstDone;
      return [...batch];
    });
    const settled: number[] = [];
    const first = commit(1).then((n) => settled.push(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    const later = [commit(2), commit(3)].map((p) => p.then((n) => settled.push(n)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual([]);
    expect(batches).toEqual([[1]]);
    finishFirst();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3]]);
    expect(settled).toEqual([1, 2, 3]);
  });

  it("tries a failed batch one write at a time, so only the bad write fails", async () => {
    const batches: string[][] = [];
    const commit = groupCommit<string, string>(async (batch) => {
      batches.push([...batch]);
      if (batch.includes("bad")) throw new Error("constraint failed");
      return batch.map((item) => item.toUpperCase());
    });
    const outcomes = await Promise.allSettled(["a", "bad", "c"].map((item) => commit(item)));
    expect(outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : (outcome.reason as Error).message))).toEqual([
      "A",
      "constraint failed",
      "C",
    ]);
    expect(batches).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
  });

  it("fails a whole batch, without trying it again, when it failed after its commit (BatchFailed, decision 065)", async () => {
    const batches: string[][] = [];
    const commit = groupCommit<string, string>(async (batch) => {
      batches.push([...batch]);
      throw new BatchFailed("not synced");
    });
    const outcomes = await Promise.allSettled(["a", "b"].map((item) => commit(item)));
    expect(outcomes.map((outcome) => outcome.status === "rejected" && (outcome.reason as Error).message)).toEqual([
      "not synced",
      "not synced",
    ]);
    expect(batches).toEqual([["a", "b"]]);
  });

  it("commits at most 64 writes at once", async () => {
    const sizes: number[] = [];
    const commit = groupCommit<number, number>(async (batch) => {
      sizes.push(batch.length);
      return [...batch];
    });
    await Promise.all(Array.from({ length: 150 }, (_, n) => commit(n)));
    expect(sizes).toEqual([64, 64, 22]);
  });
});
