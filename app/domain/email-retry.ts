/**
 * When a refused or failed email is tried again (decision 019). The outbox keeps every message;
 * delivery retries with growing pauses, and after the last attempt the message stays "failed" for
 * good, visible to admins.
 */

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

/** The pause after the 1st, 2nd, … failed attempt; one more attempt than pauses in all. */
export const EMAIL_RETRY_DELAYS_MS = [1 * MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 12 * HOUR_MS] as const;

/** Attempts a message gets before it is failed for good (about 15 hours after the first). */
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

/**
 * When to try again after `attempts` attempts have failed, or null when that was the last one.
 */
export function nextEmailAttemptAt(attempts: number, now: Date): Date | null {
  return nextAttemptAt(EMAIL_RETRY_DELAYS_MS, attempts, now);
}

/**
 * When to try again after `attempts` failed attempts under a schedule of pauses (the emails', the
 * webhooks', the email tools'), or null when that was the last one.
 */
export function nextAttemptAt(delaysMs: readonly number[], attempts: number, now: Date): Date | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, not ${attempts}`);
  const delay = delaysMs[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/**
 * The worker sends a due message only when it was queued, or last given a time to be tried (a retry,
 * or an admin's "Retry", decision 085), within this long: a message nobody could send for two days is
 * left for an admin to look at rather than sent late (README, Operations).
 */
export const EMAIL_WORKER_MAX_AGE_MS = 2 * 24 * HOUR_MS;

/** Whether the worker still takes this message, when it is due (the worker's query says the same). */
export function withinWorkerWindow(message: { createdAt: Date; nextAttemptAt: Date | null }, now: Date): boolean {
  const since = now.getTime() - EMAIL_WORKER_MAX_AGE_MS;
  return message.createdAt.getTime() >= since || (message.nextAttemptAt !== null && message.nextAttemptAt.getTime() >= since);
}
