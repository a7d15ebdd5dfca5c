/**
 * The in-browser verifier's Web Worker (decision 040). The draw page ships no client runtime; its
 * "Verify in your browser" button starts this worker only when pressed, so the page loads none of
 * this code (nor @noble's BLS12-381) until then, and the page stays responsive while 100,000 entries
 * are checked.
 *
 * In: { recordUrl } (absolute). Out: { type: "progress", message } while fetching, then
 * { type: "result", result } or { type: "error", message }.
 */
import { fetchVerifyInput } from "./sources";
import { verifyDraw } from "./verify";

export type WorkerMessage =
  | { type: "progress"; message: string }
  | { type: "result"; result: Awaited<ReturnType<typeof verifyDraw>> }
  | { type: "error"; message: string };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<{ recordUrl: string }>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

scope.onmessage = (event) => {
  const { recordUrl } = event.data;
  void (async () => {
    try {
      const input = await fetchVerifyInput(recordUrl, { progress: (message) => scope.postMessage({ type: "progress", message }) });
      scope.postMessage({ type: "progress", message: "Checking…" });
      scope.postMessage({ type: "result", result: await verifyDraw(input) });
    } catch (error) {
      scope.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
    }
  })();
};
