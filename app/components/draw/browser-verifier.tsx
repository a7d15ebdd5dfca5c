/**
 * "Verify in your browser" for the draw page (decision 040). The draw page is plain HTML without the
 * client runtime (decision 035), so this is server-rendered markup plus a small inline script under
 * the CSP nonce. The button is hidden until that script runs, which also hides the note that tells
 * how to verify with the Node script instead (what shows without JavaScript); pressing it starts a Web Worker built by Vite as a file of its own
 * (`?worker&url`), which fetches draw.json, draw.csv and the beacon round and re-checks the whole
 * draw. Nothing of the verifier is loaded before the button is pressed.
 */
import { useNonce } from "~/components/nonce";
import { VERIFIER_SCRIPT_PATH, campaignDrawPath } from "~/paths";
import verifierWorkerUrl from "~/verifier/worker?worker&url";

/** Where the site serves the single-file Node verifier; its home is app/paths.ts, re-exported for the draw page. */

/**
 * Runs in the browser, serialised with Function.prototype.toString: it must not refer to anything
 * outside itself.
 */
export function browserVerifierScript() {
  const root = document.querySelector<HTMLElement>("[data-browser-verifier]");
  if (!root || typeof Worker === "undefined") return;
  const panel = root.querySelector<HTMLElement>("[data-verify-panel]");
  const button = root.querySelector<HTMLButtonElement>("[data-verify-button]");
  const status = root.querySelector<HTMLElement>("[data-verify-status]");
  const list = root.querySelector<HTMLElement>("[data-verify-checks]");
  const chainInfo = root.querySelector<HTMLTextAreaElement>("[data-verify-chain-info]");
  if (!panel || !button || !status || !list) return;
  const labels: Record<string, string> = { true: "Passed", false: "Failed", null: "Not checked" };
  const verdicts: Record<string, string> = {
    MATCH: "MATCH: every check passed. The winners are the ones the published procedure gives.",
    MISMATCH: "MISMATCH: at least one check failed (see below).",
    INCOMPLETE: "INCOMPLETE: nothing failed, but some checks could not be made (see below).",
  };
  panel.hidden = false;
  root.querySelector<HTMLElement>("[data-verify-no-script]")?.setAttribute("hidden", "");
  button.addEventListener("click", () => {
    button.disabled = true;
    list.replaceChildren();
    status.textContent = "Loading the verifier…";
    const worker = new Worker(root.dataset.worker ?? "", { type: root.dataset.workerType === "module" ? "module" : "classic" });
    const finish = (text: string) => {
      status.textContent = text;
      button.disabled = false;
      worker.terminate();
    };
    worker.onerror = () => finish("The verifier could not be loaded. Try again, or use the Node script below.");
    worker.onmessage = (event: MessageEvent) => {
      const data = event.data as
        | { type: "progress"; message: string }
        | { type: "error"; message: string }
        | { type: "result"; result: { verdict: string; checks: { name: string; ok: boolean | null; detail: string }[] } };
      if (data.type === "progress") status.textContent = data.message;
      else if (data.type === "error") finish(`The check could not run: ${data.message}`);
      else {
        for (const check of data.result.checks) {
          const item = document.createElement("li");
          item.dataset.ok = String(check.ok);
          const name = document.createElement("strong");
          name.textContent = `${labels[String(check.ok)]}: ${check.name}. `;
          item.append(name, check.detail);
          list.append(item);
        }
        finish(verdicts[data.result.verdict] ?? data.result.verdict);
      }
    };
    worker.postMessage({ recordUrl: new URL(root.dataset.record ?? "", location.href).href, chainInfo: chainInfo?.value ?? "" });
  });
}

const SCRIPT = `(${browserVerifierScript.toString()})()`;

/**
 * Sits inside the draw page's "check it yourself" section (which has the heading and the links to
 * draw.json, draw.csv and the Node script), so it brings no heading of its own.
 */
export function BrowserVerifier({ campaignId }: { campaignId: string }) {
  const nonce = useNonce();
  return (
    <div
      className="mt-4"
      data-browser-verifier
      data-worker={verifierWorkerUrl}
      // Vite's development server serves workers as modules; built workers are classic scripts.
      data-worker-type={import.meta.env.DEV ? "module" : "classic"}
      data-record={`${campaignDrawPath(campaignId)}.json`}
      data-testid="browser-verifier"
    >
      <div hidden data-verify-panel>
        <p>
          Your browser can re-check this draw from the public files alone: it fetches draw.json, draw.csv and the beacon round, then checks
          the secret against its commitment, the list against its published hash, the weights and order, the beacon&apos;s signature, the
          seed and every pick. Nothing is sent to Giveawear.
        </p>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">Another beacon chain (optional)</summary>
          <label className="mt-2 block">
            A real giveaway&apos;s draw uses drand quicknet, whose public key is built into the verifier; the verifier never takes a key
            from the draw record or from Giveawear. To check a draw made on another chain (a test or private one), paste that chain&apos;s
            information (its /info JSON) from a source you trust:
            <textarea data-verify-chain-info rows={3} spellCheck={false} className="input mt-1 font-mono text-xs" />
          </label>
        </details>
        <button
          type="button"
          data-verify-button
          className="mt-3 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Verify in your browser
        </button>
        <p aria-live="polite" role="status" className="font-medium" data-verify-status />
        <ol className="mt-3 space-y-2 text-sm [overflow-wrap:anywhere] [&_li[data-ok=false]]:text-red-700" data-verify-checks />
      </div>
      <p data-verify-no-script>
        To check it on your own computer with Node.js 20 or later, download{" "}
        <a href={VERIFIER_SCRIPT_PATH} download className="font-medium text-brand-700 underline dark:text-brand-300">
          giveawear-verify-draw.mjs
        </a>{" "}
        (one file, no dependencies) and run{" "}
        <code className="font-mono text-xs">node giveawear-verify-draw.mjs &lt;this page&apos;s address&gt;</code>: it prints each check and
        MATCH or MISMATCH.
      </p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />
    </div>
  );
}
