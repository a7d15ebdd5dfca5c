/**
 * The series read from the database when Prometheus scrapes (decision 084): the outbox's backlog
 * and the draws waiting for a beacon. They live in a registry of their own, not prom-client's
 * default one that is summed over the workers: the worker that answers the scrape reads them once.
 */
import { Gauge, Registry } from "prom-client";
import { drawsWaitingForBeacon } from "../draw/run.server";
import { outboxBacklog } from "../email/delivery.server";
import { log } from "../core/log.server";

const atScrape = new Registry();

const outboxPending = new Gauge({
  name: "giveawear_outbox_pending",
  help: "Emails in the outbox not yet sent and not given up (pending, sending, or failed with a next attempt)",
  registers: [atScrape],
});
const outboxOldestAge = new Gauge({
  name: "giveawear_outbox_oldest_pending_age_seconds",
  help: "Seconds since the oldest email still in the outbox's backlog was queued; 0 when there is none",
  registers: [atScrape],
});
const drawsWaiting = new Gauge({
  name: "giveawear_draws_waiting_for_beacon",
  help: "Ended campaigns with a frozen entry list and no draw yet (waiting for their beacon round, or for an admin when automatic draws are off)",
  registers: [atScrape],
});

/**
 * The scrape-time series, in the exposition format; nothing when the database does not answer (the
 * process's own series are still served, and /readyz says what is wrong).
 */
export async function scrapeTimeMetricsText(now: Date = new Date()): Promise<string> {
  try {
    const [backlog, waiting] = await Promise.all([outboxBacklog(), drawsWaitingForBeacon(now)]);
    outboxPending.set(backlog.count);
    outboxOldestAge.set(backlog.oldestQueuedAt ? Math.max(0, (now.getTime() - backlog.oldestQueuedAt.getTime()) / 1000) : 0);
    drawsWaiting.set(waiting);
    return await atScrape.metrics();
  } catch (error) {
    log.error({ err: error }, "[metrics] the database's series could not be read");
    return "";
  }
}
