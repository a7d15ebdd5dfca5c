import { describe, expect, it } from "vitest";
import { WORKER_HEAP_FLAGS, withWorkerHeapFlags } from "../../server/worker-flags.js";

describe("the workers' heap sizes (decision 062)", () => {
  it("are added to the node flags the server was started with", () => {
    expect(withWorkerHeapFlags(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...WORKER_HEAP_FLAGS]);
  });

  it("leave alone a size the operator chose, in the flags or in NODE_OPTIONS", () => {
    expect(withWorkerHeapFlags(["--max-old-space-size=1024"])).toEqual(["--max-old-space-size=1024", "--max-semi-space-size=8"]);
    expect(withWorkerHeapFlags([], "--max-semi-space-size=4 --max-old-space-size=512")).toEqual([]);
  });
});
