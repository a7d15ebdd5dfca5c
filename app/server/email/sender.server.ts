/**
 * The sender process (decision 109): with SMTP_URL set, server/index.js runs one process beside the
 * web workers that sends the outbox and does nothing else. The web workers only queue messages (in the
 * entry's own transaction) and nudge it over the cluster's IPC channel (deliverSoon), so a spike's
 * confirmation emails take neither the entry path's CPU nor its database writes.
 *
 * The loop: a pass (deliverDueEmails: urgent mail first, claims and outcomes a chunk at a time under
 * SMTP_RATE_PER_SECOND), then at once another while the last one sent something or a nudge came in
 * meanwhile; otherwise it waits for a nudge, or SENDER_IDLE_MS for retries that fall due and for
 * messages queued by processes that do not nudge (npm run jobs, another machine).
 */
import { deliverDueEmails } from "./delivery.server";
import { log } from "../core/log.server";

/** How long an idle sender waits before looking at the outbox again when nobody nudges it. */
export const SENDER_IDLE_MS = 1000;
/** Messages one pass takes at most (fewer under a rate). */
const SENDER_PASS_LIMIT = 500;
/** After a pass that failed (the database away), the wait before the next. */
const SENDER_ERROR_PAUSE_MS = 5000;

export interface EmailSender {
  /** New mail in the outbox: start a pass now (or right after the one in progress). */
  nudge(): void;
  /** Finishes the pass in progress and stops. */
  stop(): Promise<void>;
}

export function startEmailSender({ idleMs = SENDER_IDLE_MS }: { idleMs?: number } = {}): EmailSender {
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | null = null;
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  const loop = (async () => {
    while (!stopping) {
      nudged = false;
      try {
        const summary = await deliverDueEmails(new Date(), { limit: SENDER_PASS_LIMIT });
        if (summary.sent + summary.failed + summary.gaveUp > 0 || nudged) continue;
        await rest(idleMs);
      } catch (error) {
        log.error({ err: error }, "[email] the sender's pass failed");
        await rest(SENDER_ERROR_PAUSE_MS);
      }
    }
  })();
  return {
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
