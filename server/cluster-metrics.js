// Prometheus series summed over the worker processes (decision 084). Each worker keeps its own
// series in prom-client's default registry. A scrape of /metrics reaches one worker, which asks the
// primary over the cluster's IPC channel; the primary asks every worker (prom-client's
// AggregatorRegistry.clusterMetrics: counters and histograms summed, each series by its own
// aggregator) and answers the text. Used by server/index.js (primary and workers) and server/app.ts.
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";

const ASK = "giveawear:metrics-ask";
const ANSWER = "giveawear:metrics-answer";
/** Longer than clusterMetrics' own 5 s wait for a worker that does not answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/** In the primary: answers a worker asking for every worker's series, summed. */
export function answerWorkersMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== ASK) return;
    const reply = (answer) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, ...answer }, () => {});
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * In a worker, before the app loads: answers the primary's collection with this process's default
 * registry (empty until the app has loaded), so a scrape never waits on a worker still starting.
 */
export function shareWorkerMetrics() {
  new AggregatorRegistry();
}

let asked = 0;
const waiting = new Map();

/** In a worker: every worker's series, summed, as the primary answers them. */
export function clusterMetricsText() {
  if (waiting.size === 0) process.on("message", onAnswer);
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(id, { error: "the primary did not answer" }), ANSWER_TIMEOUT_MS);
    waiting.set(id, { resolve, reject, timer });
    process.send?.({ type: ASK, id });
  });
}

function onAnswer(message) {
  if (message?.type === ANSWER) settle(message.id, message);
}

function settle(id, answer) {
  const request = waiting.get(id);
  if (!request) return;
  waiting.delete(id);
  clearTimeout(request.timer);
  if (waiting.size === 0) process.off("message", onAnswer);
  if (typeof answer.text === "string") request.resolve(answer.text);
  else request.reject(new Error(`Metrics from the workers: ${answer.error}`));
}
