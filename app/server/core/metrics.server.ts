/**
 * The process's Prometheus series (decision 084): counters and histograms that code on the request
 * path and in the jobs moves as things happen, in prom-client's default registry. Under the cluster
 * (server/index.js) each worker keeps its own and a scrape answers their sum (server/cluster-metrics.js);
 * the series read from the database at scrape time are the operations room's (operations/metrics.server.ts).
 *
 * Every instrument is made through `instrument`: the same module can be evaluated twice in one
 * process (the dev server reloading it; a test that imports it beside the built app), and both
 * copies then share one series instead of prom-client refusing the second registration.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, type Metric, collectDefaultMetrics, register } from "prom-client";

function instrument<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** Seconds; the page cache answers in well under a millisecond, an upload may take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = instrument(
  "giveawear_http_request_duration_seconds",
  () =>
    new Histogram({
      name: "giveawear_http_request_duration_seconds",
      help: "HTTP requests by route pattern (or the lane that answered before React Router), method and status, with their time to answer; _count is the number of requests",
      labelNames: ["route", "method", "status"] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

/**
 * The route label of a request answered before React Router (server/app.ts); React Router's own
 * requests are labelled with their matched route pattern ("/campaign/:campaignId"), and anything
 * else Express answers (static files, refusals before any route) is "other".
 */
export type LaneRoute = "page-cache" | "view-beacon" | "entry-lane" | "action-lane" | "healthz" | "readyz" | "metrics" | "other";

/** One answered request; `status` is "aborted" when the client left before the answer was sent. */
export function observeRequest(route: string, method: string, status: string, seconds: number): void {
  httpRequests.observe({ route, method, status }, seconds);
}

/** Why an entry form was not stored as a new entry (the entries room's outcomes, decision 084). */
export const ENTRY_REFUSAL_REASONS = [
  "invalid",
  "disposable-email",
  "honeypot",
  "already-entered",
  "not-found",
  "upcoming",
  "ended",
  "full",
  "rate-limited",
] as const;
export type EntryRefusalReason = (typeof ENTRY_REFUSAL_REASONS)[number];

const entriesAccepted = instrument(
  "giveawear_entries_accepted_total",
  () => new Counter({ name: "giveawear_entries_accepted_total", help: "Entry forms stored as a new entry (pending or confirmed)" }),
);
const entriesRefused = instrument("giveawear_entries_refused_total", () =>
  withEveryReason(
    new Counter({
      name: "giveawear_entries_refused_total",
      help: "Entry forms not stored as a new entry, by reason",
      labelNames: ["reason"] as const,
    }),
  ),
);

/** Every refusal reason's series at 0, so each exists before its first refusal. */
function withEveryReason<T extends Counter<"reason">>(counter: T): T {
  for (const reason of ENTRY_REFUSAL_REASONS) counter.inc({ reason }, 0);
  return counter;
}

/**
 * Forgets the requests and entry forms counted so far: a worker's warm-up requests (decision 113),
 * sent before it listens, so none of them was a visitor's. The refusal reasons start at 0 again.
 */
export function forgetWarmUpRequests(): void {
  httpRequests.reset();
  entriesAccepted.reset();
  entriesRefused.reset();
  withEveryReason(entriesRefused);
}

export function countEntryAccepted(): void {
  entriesAccepted.inc();
}

export function countEntryRefused(reason: EntryRefusalReason): void {
  entriesRefused.inc({ reason });
}

const emailsSent = instrument(
  "giveawear_emails_sent_total",
  () => new Counter({ name: "giveawear_emails_sent_total", help: "Emails the SMTP server accepted" }),
);
const emailsFailed = instrument("giveawear_emails_failed_total", () => {
  const counter = new Counter({
    name: "giveawear_emails_failed_total",
    help: 'Failed SMTP attempts; gave_up="true" when it was the message\'s last attempt',
    labelNames: ["gave_up"] as const,
  });
  for (const gaveUp of ["true", "false"]) counter.inc({ gave_up: gaveUp }, 0);
  return counter;
});

export function countEmailSent(count = 1): void {
  emailsSent.inc(count);
}

export function countEmailFailed(gaveUp: boolean): void {
  emailsFailed.inc({ gave_up: String(gaveUp) });
}

/** What one webhook delivery attempt came to (integrations/webhooks.server.ts). */
export type WebhookResult = "delivered" | "retrying" | "failed" | "cancelled";
const webhookDeliveries = instrument("giveawear_webhook_deliveries_total", () => {
  const counter = new Counter({
    name: "giveawear_webhook_deliveries_total",
    help: "Webhook delivery attempts by result: delivered, retrying (failed, tried again later), failed (the last attempt failed), cancelled",
    labelNames: ["result"] as const,
  });
  for (const result of ["delivered", "retrying", "failed", "cancelled"]) counter.inc({ result }, 0);
  return counter;
});

export function countWebhookDelivery(result: WebhookResult): void {
  webhookDeliveries.inc({ result });
}

const jobStepDuration = instrument(
  "giveawear_job_step_duration_seconds",
  () =>
    new Histogram({
      name: "giveawear_job_step_duration_seconds",
      help: "How long each step of a job pass took, failed or not",
      labelNames: ["step"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    }),
);
const jobStepFailures = instrument(
  "giveawear_job_step_failures_total",
  () =>
    new Counter({
      name: "giveawear_job_step_failures_total",
      help: "Steps of a job pass that failed",
      labelNames: ["step"] as const,
    }),
);

/** One step of a job pass (jobs/run.server.ts): its time, and whether it failed. */
export function observeJobStep(step: string, seconds: number, failed: boolean): void {
  jobStepDuration.observe({ step }, seconds);
  // Zero the first time, so the step's failure count exists before its first failure.
  jobStepFailures.inc({ step }, failed ? 1 : 0);
}

/**
 * The server's own series: Node's (event-loop lag, heap, CPU, garbage collection) and a gauge of 1
 * per process, so a scrape summed over the workers says how many answered. Once per process, by
 * the server's start-up: scripts that load these modules (npm run jobs) have no one to scrape them.
 */
export function collectProcessMetrics(): void {
  if (register.getSingleMetric("giveawear_processes")) return;
  collectDefaultMetrics({ register });
  new Gauge({ name: "giveawear_processes", help: "Server processes whose series this scrape holds (the workers summed)" }).set(1);
}

/** The exposition format's content type (text/plain; version=0.0.4). */
export const METRICS_CONTENT_TYPE = register.contentType;

/** This process's series, in the exposition format. */
export function processMetricsText(): Promise<string> {
  return register.metrics();
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds, its length included.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}
