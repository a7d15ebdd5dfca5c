/**
 * Delivery of the outbox's messages through SMTP (decisions 019, 023), when SMTP_URL is set.
 *
 * Statuses: "pending" (queued, never tried), "sending" (claimed; nextAttemptAt is the lease),
 * "sent", "failed" (nextAttemptAt is when to try again, or null once the last attempt failed).
 * A sender claims a message with one conditional update before talking to SMTP (a lease that runs
 * from the claim), so the immediate send and any number of workers never deliver the same message
 * twice, and it records the outcome only while that claim is still its own.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { ERASED_PREFIX } from "../../domain/data-rights";
import { fromAddress } from "../../domain/email-brand";
import { URGENT_EMAIL_TEMPLATES, claimChunkSize, passBatchSize, reserveSendSlot } from "../../domain/email-sending";
import { EMAIL_MAX_ATTEMPTS, EMAIL_WORKER_MAX_AGE_MS, nextEmailAttemptAt } from "../../domain/email-retry";
import { getConfig } from "../core/config.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { countEmailFailed, countEmailSent } from "../core/metrics.server";
import { type OutboundEmail, type Prisma, prisma } from "../core/db.server";
import { type TemplatedEmail, queueTemplatedEmail } from "./outbox.server";
import { log } from "../core/log.server";

/**
 * How long a claimed message belongs to its sender. Longer than the SMTP timeouts below allow a
 * send to take, so only a sender that died mid-send loses its claim.
 */
export const SEND_LEASE_MS = 5 * 60 * 1000;

let smtp: { url: string; transporter: Transporter } | undefined;
function smtpTransport(): Transporter | undefined {
  const url = getConfig().SMTP_URL;
  if (!url) return undefined;
  if (smtp?.url !== url) {
    smtp?.transporter.close();
    // Pooled (decision 023): at most SMTP_MAX_CONNECTIONS connections, each reused for up to 100
    // messages, instead of a new connection (and greeting, and TLS) per message; messages beyond
    // them wait in the pool's queue. nodemailer waits up to 10 minutes on a silent socket by
    // default; a stuck server should fail the attempt well inside the lease instead.
    smtp = {
      url,
      transporter: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: getConfig().SMTP_MAX_CONNECTIONS,
        maxMessages: 100,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    };
  }
  return smtp.transporter;
}

/**
 * The send rate (SMTP_RATE_PER_SECOND, decision 089): the earliest moment this process may start its
 * next message. Our own pacing rather than nodemailer's rateLimit, which would hold claimed messages
 * in the pool's memory queue; here a message is claimed only once its slot has come, and one whose
 * slot is too far off is left pending in the outbox (backpressure: nothing fails because of the rate).
 */
let nextFreeSlot = 0;
/** How long an immediate send (the entry form, a sign-in) waits for its slot before leaving it to the worker. */
const IMMEDIATE_MAX_WAIT_MS = 1000;

/** Waits for this process's next send slot; false (at once) when it is more than `maxWaitMs` away. */
async function sendSlot(maxWaitMs: number): Promise<boolean> {
  const slot = reserveSendSlot(nextFreeSlot, Date.now(), getConfig().SMTP_RATE_PER_SECOND ?? null, maxWaitMs);
  if (!slot) return false;
  nextFreeSlot = slot.nextFree;
  const wait = slot.startAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return true;
}

/** Closes the pooled SMTP connections (at shutdown, after the last send). */
export function closeSmtpConnections(): void {
  smtp?.transporter.close();
  smtp = undefined;
}

/** Messages a sender may claim at `now`: never tried, due for a retry, or left "sending" by a sender that died. */
function dueForDelivery(now: Date): Prisma.OutboundEmailWhereInput {
  return {
    attempts: { lt: EMAIL_MAX_ATTEMPTS },
    OR: [
      { status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
      { status: { in: ["failed", "sending"] }, nextAttemptAt: { lte: now } },
    ],
  };
}

const claimed = (now: Date) => ({ status: "sending", nextAttemptAt: leaseUntil(now, SEND_LEASE_MS), attempts: { increment: 1 } });

/**
 * Claims one message for delivery (one conditional update), or null when it is not due or someone
 * else has it. `now` says what is due; the lease runs from the moment of the claim (leaseUntil), so
 * a worker that reaches a message late in a long pass still holds it for the whole SEND_LEASE_MS.
 */
async function claimForDelivery(id: string, now: Date): Promise<OutboundEmail | null> {
  const [row] = await claimForDeliveryMany([id], now);
  return row ?? null;
}

/** Claims those of `ids` still due with one conditional update (decision 109); the others are someone else's. */
function claimForDeliveryMany(ids: string[], now: Date): Promise<OutboundEmail[]> {
  return prisma.outboundEmail.updateManyAndReturn({ where: { id: { in: ids }, ...dueForDelivery(now) }, data: claimed(now) });
}

/**
 * Records the outcome of an attempt, but only while the claim is still ours: the row is "sending"
 * with the attempt number and the lease we set. A sender whose lease ran out and whose message was
 * claimed again meanwhile changes nothing, so its late "failed" can never overwrite the new
 * sender's "sent". A late success is still recorded unless the message is already marked sent: it
 * was delivered, so it must not be tried again. Returns the row as it stands afterwards.
 */
async function recordOutcome(
  message: OutboundEmail,
  outcome: Pick<Prisma.OutboundEmailUpdateManyMutationInput, "status" | "lastError" | "nextAttemptAt" | "sentAt">,
): Promise<OutboundEmail> {
  const ours: Prisma.OutboundEmailWhereInput = {
    id: message.id,
    status: "sending",
    attempts: message.attempts,
    nextAttemptAt: message.nextAttemptAt,
  };
  const [written] = await prisma.outboundEmail.updateManyAndReturn({ where: ours, data: outcome });
  if (written) return written;
  if (outcome.status === "sent") {
    const [late] = await prisma.outboundEmail.updateManyAndReturn({
      where: { id: message.id, status: { not: "sent" } },
      data: outcome,
    });
    if (late) {
      log.error(`[email] ${message.id} to ${message.to} was sent after its lease had run out; another sender may send it again.`);
      return late;
    }
  }
  return prisma.outboundEmail.findUniqueOrThrow({ where: { id: message.id } });
}

/** Sends a claimed message over SMTP: null when the server took it, else why not. */
async function sendMessage(transport: Transporter, message: OutboundEmail): Promise<string | null> {
  try {
    await transport.sendMail({
      // An entrant's email names its brand ("Kestrel Coffee via Giveawear", decision 081) at MAIL_FROM's address.
      from: message.fromName ? { name: message.fromName, address: fromAddress(getConfig().MAIL_FROM) } : getConfig().MAIL_FROM,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text ?? undefined,
      replyTo: message.replyTo ?? undefined,
    });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Records a failed attempt: failed, with the time of the next attempt (or none after the last). */
function recordFailure(message: OutboundEmail, reason: string, now: Date): Promise<OutboundEmail> {
  // The pause runs from the failed attempt, not from the start of the pass.
  const retryAt = nextEmailAttemptAt(message.attempts, currentTime(now));
  countEmailFailed(retryAt === null);
  log.error(
    `[email] delivery of ${message.id} to ${message.to} failed (attempt ${message.attempts} of ${EMAIL_MAX_ATTEMPTS}): ${reason}; ` +
      (retryAt ? `next attempt at ${retryAt.toISOString()}` : "giving up"),
  );
  return recordOutcome(message, { status: "failed", lastError: reason.slice(0, 1000), nextAttemptAt: retryAt });
}

const sentNow = () => ({ status: "sent", sentAt: new Date(), nextAttemptAt: null });

/** One attempt at a claimed message; records the outcome (sent, or failed with the time of the next attempt). */
async function attemptDelivery(transport: Transporter, message: OutboundEmail, now: Date): Promise<OutboundEmail> {
  const failure = await sendMessage(transport, message);
  if (failure !== null) return recordFailure(message, failure, now);
  countEmailSent();
  return recordOutcome(message, sentNow());
}

/**
 * Records messages the SMTP server took as sent, with one write for all whose claim is still ours
 * (claimed together, they share the lease; grouped by attempt number). A message whose claim is no
 * longer ours goes through recordOutcome, which records a late success as such. Answers how many.
 */
async function recordSentMany(messages: OutboundEmail[]): Promise<number> {
  const groups = new Map<string, OutboundEmail[]>();
  for (const message of messages) {
    const key = `${message.attempts} ${message.nextAttemptAt?.getTime()}`;
    const group = groups.get(key);
    if (group) group.push(message);
    else groups.set(key, [message]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    const written = await prisma.outboundEmail.updateManyAndReturn({
      where: {
        id: { in: group.map((message) => message.id) },
        status: "sending",
        attempts: first!.attempts,
        nextAttemptAt: first!.nextAttemptAt,
      },
      data: sentNow(),
      select: { id: true },
    });
    const recorded = new Set(written.map((row) => row.id));
    for (const message of group) if (!recorded.has(message.id)) await recordOutcome(message, sentNow());
  }
  countEmailSent(messages.length);
  return messages.length;
}

/**
 * Delivers an outbox row now when SMTP is configured (and nobody else is delivering it); without
 * SMTP the outbox and the log are the delivery and the row is returned as it is. Returns the row
 * as it stands afterwards: "sent", "failed" with the reason and the next attempt, or, when
 * another sender holds it, whatever that sender has recorded so far.
 */
export async function deliverEmail(message: OutboundEmail): Promise<OutboundEmail> {
  const transport = smtpTransport();
  if (!transport) {
    log.info(`[outbox] ${message.template ?? "message"} to ${message.to}: "${message.subject}" (no SMTP_URL; stored as ${message.id})`);
    return message;
  }
  // Over the rate: the message stays pending, and the worker's next pass sends it (decision 089).
  if (!(await sendSlot(IMMEDIATE_MAX_WAIT_MS))) return message;
  const now = new Date();
  const claimed = await claimForDelivery(message.id, now);
  if (!claimed) return (await prisma.outboundEmail.findUnique({ where: { id: message.id } })) ?? message;
  return attemptDelivery(transport, claimed, now);
}

/** The message a web worker sends the cluster's primary, which passes it to the sender process (server/index.js). */
export const OUTBOX_NUDGE = "giveawear:outbox";

/**
 * True in a web worker whose cluster runs a sender process (decision 109): server/index.js sets
 * GIVEAWEAR_EMAIL_SENDER=process for its web workers when SMTP_URL is set and EMAIL_SENDER is not
 * "inline". The sender process itself does not have it.
 */
export function senderProcessSends(): boolean {
  return process.env.GIVEAWEAR_EMAIL_SENDER === "process" && typeof process.send === "function";
}

/**
 * The least time between two nudges from one web worker. In a spike every turn of the event loop
 * commits entries, and a message a turn cost about 2 % of an entry's CPU; a sender that is sending
 * takes the next pass at once anyway, and an idle one hears within this.
 */
const NUDGE_INTERVAL_MS = 10;
let nudgePending = false;
let lastNudgeAt = -Infinity;
/** Tells the sender process that the outbox has new mail: one IPC message for all mail queued within NUDGE_INTERVAL_MS. */
function nudgeSender(): void {
  if (nudgePending) return;
  nudgePending = true;
  const send = () => {
    nudgePending = false;
    lastNudgeAt = performance.now();
    process.send?.({ type: OUTBOX_NUDGE }, undefined, {}, () => {});
  };
  const wait = lastNudgeAt + NUDGE_INTERVAL_MS - performance.now();
  if (wait > 0) setTimeout(send, wait);
  else setImmediate(send);
}

/**
 * Delivers a queued message soon, for paths that must stay fast under a spike (an entry, its
 * confirmation, a resend; decision 109): under a sender process the web worker only nudges it, so
 * sending takes neither the entry path's CPU nor a database write; otherwise as deliverEmail, at once.
 * Answers the row as it stands: still pending when the sender process has it.
 */
export async function deliverSoon(message: OutboundEmail): Promise<OutboundEmail> {
  if (!senderProcessSends()) return deliverEmail(message);
  nudgeSender();
  return message;
}

/**
 * A failed message starts over (an admin's "Retry", decision 085): pending, no attempts, due now, in
 * one conditional write, so only a message failed at that moment is touched; the next pass sends it
 * (or the caller, with deliverEmail, at once). Answers the row, or null when it is not failed (or
 * is to an erased address: that one was never meant to go out).
 */
export async function requeueFailedEmail(id: string): Promise<OutboundEmail | null> {
  const [reset] = await prisma.outboundEmail.updateManyAndReturn({ where: { id, ...requeueable }, data: startOver() });
  return reset ?? null;
}

/** Every failed message starts over, as requeueFailedEmail; answers how many. */
export async function requeueFailedEmails(): Promise<number> {
  return (await prisma.outboundEmail.updateMany({ where: requeueable, data: startOver() })).count;
}

const requeueable: Prisma.OutboundEmailWhereInput = { status: "failed", NOT: { to: { startsWith: ERASED_PREFIX } } };
const startOver = () => ({ status: "pending", attempts: 0, nextAttemptAt: new Date() });

/** Every message is written to the outbox first (the record of what we sent), then delivered. */
export async function sendTemplatedEmail(email: TemplatedEmail) {
  return deliverEmail(await queueTemplatedEmail(prisma, email));
}

export interface EmailDeliverySummary {
  /** False without SMTP_URL: nothing was attempted. */
  smtp: boolean;
  sent: number;
  failed: number;
  /** Messages whose last attempt failed now (status "failed", no further attempts). */
  gaveUp: number;
  /** Why the last message that failed this pass failed; null when none did. */
  lastError: string | null;
}

let reportedNoSmtp = false;
const INTERRUPTED = "Delivery was interrupted on the last attempt.";

/**
 * The worker: delivers up to `limit` due messages (fewer under SMTP_RATE_PER_SECOND), urgent ones
 * first and then oldest first (decision 089), each under its own claim.
 * Without SMTP it does nothing (and says so once per process): messages wait in the outbox as
 * "pending", where the local mailbox page and the log show them.
 */
export async function deliverDueEmails(now: Date = new Date(), { limit = 200 }: { limit?: number } = {}): Promise<EmailDeliverySummary> {
  const summary: EmailDeliverySummary = { smtp: false, sent: 0, failed: 0, gaveUp: 0, lastError: null };
  const transport = smtpTransport();
  if (!transport) {
    if (!reportedNoSmtp) {
      reportedNoSmtp = true;
      log.info("[email] SMTP_URL is not set: messages stay in the outbox (status pending) and are not delivered.");
    }
    return summary;
  }
  summary.smtp = true;

  // A sender that died during its last allowed attempt left the message "sending": it is failed for good.
  const interrupted = await prisma.outboundEmail.updateMany({
    where: { status: "sending", nextAttemptAt: { lte: now }, attempts: { gte: EMAIL_MAX_ATTEMPTS } },
    data: { status: "failed", nextAttemptAt: null, lastError: INTERRUPTED },
  });
  summary.gaveUp += interrupted.count;
  if (interrupted.count > 0) summary.lastError = INTERRUPTED;

  // Queued, or retried by an admin (decision 085), within the worker's window (withinWorkerWindow).
  const since = new Date(now.getTime() - EMAIL_WORKER_MAX_AGE_MS);
  const dueNow: Prisma.OutboundEmailWhereInput = {
    AND: [dueForDelivery(now), { OR: [{ createdAt: { gte: since } }, { nextAttemptAt: { gte: since } }] }],
  };
  // Under a rate, a pass takes only what it can send in RATE_PASS_SECONDS; the rest waits (decision 089).
  const take = passBatchSize(limit, getConfig().SMTP_RATE_PER_SECOND ?? null);
  // Urgent mail first (sign-in codes, confirmation links, decision 089), then bulk, each oldest first.
  const urgent = await prisma.outboundEmail.findMany({
    where: { AND: [dueNow, { template: { in: [...URGENT_EMAIL_TEMPLATES] } }] },
    orderBy: { createdAt: "asc" },
    take,
    select: { id: true },
  });
  const bulk =
    urgent.length < take
      ? await prisma.outboundEmail.findMany({
          where: { AND: [dueNow, { OR: [{ template: null }, { template: { notIn: [...URGENT_EMAIL_TEMPLATES] } }] }] },
          orderBy: { createdAt: "asc" },
          take: take - urgent.length,
          select: { id: true },
        })
      : [];
  const due = [...urgent, ...bulk].map((row) => row.id);
  // Claimed and recorded a chunk at a time (decision 109): one write claims a chunk, one write records
  // its messages that went out; only a failure is recorded message by message. A chunk is small enough
  // that a rate sends it well within the lease.
  const chunkSize = claimChunkSize(getConfig().SMTP_RATE_PER_SECOND ?? null);
  for (let start = 0; start < due.length; start += chunkSize) {
    const claimed = await claimForDeliveryMany(due.slice(start, start + chunkSize), now);
    const sent: OutboundEmail[] = [];
    let next = 0;
    const send = async () => {
      while (next < claimed.length) {
        const message = claimed[next++]!;
        await sendSlot(Infinity);
        const failure = await sendMessage(transport, message);
        if (failure === null) {
          sent.push(message);
          continue;
        }
        const result = await recordFailure(message, failure, now);
        if (result.status === "sent") summary.sent += 1;
        else if (result.nextAttemptAt === null) summary.gaveUp += 1;
        else summary.failed += 1;
        if (result.status === "failed") summary.lastError = result.lastError;
      }
    };
    await Promise.all(Array.from({ length: Math.min(getConfig().SMTP_MAX_CONNECTIONS, claimed.length) }, send));
    summary.sent += await recordSentMany(sent);
  }
  return summary;
}

/**
 * The outbox's backlog (decision 084, for /metrics): messages not sent and not given up ("pending",
 * "sending", or "failed" with a next attempt), and when the oldest of them was queued. Without
 * SMTP_URL every message stays pending, so the backlog is the whole outbox.
 */
export async function outboxBacklog(): Promise<{ count: number; oldestQueuedAt: Date | null }> {
  const backlog = await prisma.outboundEmail.aggregate({
    where: { OR: [{ status: { in: ["pending", "sending"] } }, { status: "failed", nextAttemptAt: { not: null } }] },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return { count: backlog._count._all, oldestQueuedAt: backlog._min.createdAt };
}
