/**
 * The in-browser verifier's Web Worker (decision 040). The draw page ships no client runtime; its
 * "Verify in your browser" button starts this worker only when pressed, so the page loads none of
 * this code (nor @noble's BLS12-381) until then, and the page stays responsive while 100,000 entries
 * are checked.
 *
 * In: { recordUrl } (absolute), and chainInfo: another chain's /info JSON text the person verifying
 * pasted (decision 082), empty when none. Out: { type: "progress", message } while fetching, then
 * { type: "result", result } or { type: "error", message }.
 */
import { fetchVerifyInput } from "./sources";
import { verifyDraw } from "./verify";

export type WorkerMessage =
  | { type: "progress"; message: string }
  | { type: "result"; result: Awaited<ReturnType<typeof verifyDraw>> }
  | { type: "error"; message: string };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<{ recordUrl: string; chainInfo?: string }>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

scope.onmessage = (event) => {
  const { recordUrl, chainInfo } = event.data;
  void (async () => {
    try {
      let given = null;
      if (chainInfo?.trim()) {
        try {
          given = { json: JSON.parse(chainInfo) as unknown, source: "the chain information you gave" };
        } catch {
          throw new Error("the chain information you gave is not JSON");
        }
      }
      const input = await fetchVerifyInput(recordUrl, {
        chainInfo: given,
        progress: (message) => scope.postMessage({ type: "progress", message }),
      });
      scope.postMessage({ type: "progress", message: "Checking…" });
      scope.postMessage({ type: "result", result: await verifyDraw(input) });
    } catch (error) {
      scope.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
    }
  })();
};
