/**
 * How the sender paces and orders the outbox (decision 089). Pure: the delivery module keeps the
 * state and the clock.
 */

/**
 * Messages someone is waiting for right now (a sign-in code, the link that confirms an entry, its
 * confirmation, a data link): each pass sends these before anything else that is due. Everything
 * else (reminders, winners' and creators' notices, admin alerts) is bulk mail and waits behind them.
 */
export const URGENT_EMAIL_TEMPLATES: readonly string[] = ["login_code", "entry_confirm_request", "entry_confirmation", "data_request"];

/**
 * A pass sends at most this many seconds' worth of messages at the configured rate, so the emails
 * step does not hold up the job steps after it; the rest wait in the outbox for the next pass.
 */
export const RATE_PASS_SECONDS = 30;

/** How many messages one pass takes: its limit, or less when a rate would make the pass long. */
export function passBatchSize(limit: number, perSecond: number | null): number {
  if (!perSecond) return limit;
  return Math.max(1, Math.min(limit, Math.ceil(perSecond * RATE_PASS_SECONDS)));
}

/** Messages a sender claims with one write and records with one (decision 109). */
export const CLAIM_CHUNK = 50;
/** Under a rate, a chunk holds at most this many seconds' worth of messages, well within the claim's lease. */
export const CLAIM_CHUNK_SECONDS = 10;

/** How many messages one claim takes: CLAIM_CHUNK, or fewer when the rate would make sending them long. */
export function claimChunkSize(perSecond: number | null): number {
  if (!perSecond) return CLAIM_CHUNK;
  return Math.max(1, Math.min(CLAIM_CHUNK, Math.floor(perSecond * CLAIM_CHUNK_SECONDS)));
}

export interface SendSlot {
  /** When this message may start (epoch ms). */
  startAt: number;
  /** The earliest start for the message after it. */
  nextFree: number;
}

/**
 * The next send slot under a rate of `perSecond` messages a second, spaced evenly (1000/rate ms
 * apart, no bursts), or null when it is more than `maxWaitMs` away: the message then stays in the
 * outbox for a later pass rather than waiting (backpressure). Without a rate every slot is now.
 */
export function reserveSendSlot(nextFree: number, now: number, perSecond: number | null, maxWaitMs: number): SendSlot | null {
  if (!perSecond) return { startAt: now, nextFree };
  const startAt = Math.max(now, nextFree);
  if (startAt - now > maxWaitMs) return null;
  return { startAt, nextFree: startAt + 1000 / perSecond };
}
