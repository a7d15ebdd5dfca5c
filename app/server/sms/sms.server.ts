/**
 * The winners' SMS (decision 094): an outbox table, OutboundSms, like the email outbox. A message is
 * queued once per purpose (its dedupe key, a unique index) and only to a number that has not replied
 * STOP (SmsOptOut). With Twilio configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM) it is
 * sent at once through Twilio's official SDK, with a status callback; a failed attempt is retried by
 * the jobs (deliverDueSms). Without configuration it stays in the outbox ("outbox") and the dev
 * mailbox shows it, as the email outbox does without SMTP.
 *
 * A sender claims a message with one conditional update before talking to Twilio (a lease, as
 * email/delivery.server.ts does), so the immediate send and the job never send the same one twice.
 */
import twilio from "twilio";
import { SMS_MAX_ATTEMPTS, laterSmsStatus, nextSmsAttemptAt } from "../../domain/sms";
import { getConfig } from "../core/config.server";
import { type OutboundSms, isUniqueConstraintError, prisma } from "../core/db.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { publicUrl } from "../core/public-url.server";
import { href } from "../../paths";
import { log } from "../core/log.server";

/** How long a claimed message belongs to its sender: well beyond the SDK's request timeout below. */
const SEND_LEASE_MS = 2 * 60 * 1000;
const TWILIO_TIMEOUT_MS = 30_000;
/** Twilio's "Attempt to send to unsubscribed recipient": the number replied STOP to our sender. */
const TWILIO_UNSUBSCRIBED = 21610;

export interface SmsToQueue {
  /** E.164. */
  to: string;
  body: string;
  kind: "winner" | "claim_reminder";
  entryId: string;
  dedupeKey: string;
}

let client: { key: string; twilio: twilio.Twilio } | undefined;

/** The SDK's client for the configured account, its API base pointed at TWILIO_API_URL (the tests' fake). */
function twilioClient(): twilio.Twilio | null {
  const config = getConfig();
  if (!config.twilioEnabled || !config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
  const key = [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_API_URL].join("\n");
  if (client?.key !== key) {
    const sdk = twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, { timeout: TWILIO_TIMEOUT_MS, autoRetry: false });
    // The Api domain's base URL (the SDK's Domain.baseUrl, "https://api.twilio.com"): every Messages
    // request is built from it, so the tests' fake on 127.0.0.1 receives exactly what Twilio would.
    sdk.api.baseUrl = config.TWILIO_API_URL;
    client = { key, twilio: sdk };
  }
  return client.twilio;
}

/** Where Twilio reports each message's delivery status; the signature it sends covers this exact URL. */
export function smsStatusCallbackUrl(): string {
  return publicUrl(href("/webhooks/twilio/status"));
}

export async function isOptedOut(phone: string): Promise<boolean> {
  return (await prisma.smsOptOut.findUnique({ where: { phone }, select: { phone: true } })) !== null;
}

/**
 * Queues one SMS (nothing if its dedupe key was queued before) and, with Twilio configured, sends it
 * now without holding up the caller. A number that replied STOP gets a row marked "opted-out",
 * never sent, so the outbox shows why. Answers whether a row was written.
 */
export async function queueSms(message: SmsToQueue): Promise<boolean> {
  const optedOut = await isOptedOut(message.to);
  const status = optedOut ? "opted-out" : getConfig().twilioEnabled ? "pending" : "outbox";
  let row: OutboundSms;
  try {
    row = await prisma.outboundSms.create({ data: { ...message, status } });
  } catch (error) {
    if (isUniqueConstraintError(error)) return false;
    throw error;
  }
  if (status === "pending") void deliverSms(row).catch((error: unknown) => log.error({ err: error }, "[sms] delivery failed"));
  return true;
}

/** The SMS for an entry, if it gave a phone number (decision 094); answers whether one was queued. */
export async function queueSmsToEntry(entryId: string, message: Omit<SmsToQueue, "to" | "entryId">): Promise<boolean> {
  const entry = await prisma.entry.findUnique({ where: { id: entryId }, select: { phoneNumber: true } });
  if (!entry?.phoneNumber) return false;
  return queueSms({ ...message, to: entry.phoneNumber, entryId });
}

/** A message a sender may take at `now`: waiting, due for another attempt, or its sender's lease run out. */
function claimable(now: Date) {
  return [
    { status: "pending" },
    { status: "failed", nextAttemptAt: { lte: currentTime(now) } },
    { status: "sending", nextAttemptAt: { lt: currentTime(now) } },
  ];
}

/** Sends one message through Twilio if this caller can claim it; answers the row as it ends up. */
export async function deliverSms(message: OutboundSms, now: Date = new Date()): Promise<OutboundSms> {
  const sdk = twilioClient();
  if (!sdk) return message;
  const config = getConfig();
  const lease = leaseUntil(now, SEND_LEASE_MS);
  const claimed = await prisma.outboundSms.updateMany({
    where: { id: message.id, OR: claimable(now) },
    data: { status: "sending", nextAttemptAt: lease, attempts: { increment: 1 } },
  });
  if (claimed.count !== 1) return (await prisma.outboundSms.findUnique({ where: { id: message.id } })) ?? message;
  const mine = { id: message.id, status: "sending", nextAttemptAt: lease };
  const attempts = message.attempts + 1;
  // STOP may have come in since the message was queued.
  if (await isOptedOut(message.to)) return finish(mine, { status: "opted-out", nextAttemptAt: null });
  const from = config.TWILIO_FROM ?? "";
  try {
    const sent = await sdk.messages.create({
      to: message.to,
      body: message.body,
      ...(from.startsWith("MG") ? { messagingServiceSid: from } : { from }),
      statusCallback: smsStatusCallbackUrl(),
    });
    await finish(mine, { status: sent.status, providerSid: sent.sid, sentAt: new Date(), nextAttemptAt: null, lastError: null });
    // A status callback may have come in before create() answered with the SID (decision 096).
    await applyEarlyStatus(sent.sid);
    return prisma.outboundSms.findUniqueOrThrow({ where: { id: message.id } });
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? Number(error.code) : NaN;
    const status = typeof error === "object" && error !== null && "status" in error ? Number(error.status) : NaN;
    const text = error instanceof Error ? error.message : String(error);
    if (code === TWILIO_UNSUBSCRIBED) {
      await prisma.smsOptOut.upsert({ where: { phone: message.to }, create: { phone: message.to }, update: {} });
      return finish(mine, { status: "opted-out", nextAttemptAt: null, lastError: text });
    }
    // Twilio refused this message (a bad number, a bad sender): trying again would not help. Network
    // errors, 429 and 5xx are tried again later.
    const permanent = status >= 400 && status < 500 && status !== 429;
    log.warn({ err: error }, `[sms] message ${message.id} not sent (attempt ${attempts})`);
    return finish(mine, {
      status: "failed",
      nextAttemptAt: permanent ? null : nextSmsAttemptAt(attempts, new Date()),
      lastError: text.slice(0, 500),
    });
  }
}

/** Records an attempt's outcome, only while the claim is still this sender's. */
async function finish(
  claim: { id: string; status: string; nextAttemptAt: Date },
  data: Partial<Pick<OutboundSms, "status" | "providerSid" | "sentAt" | "nextAttemptAt" | "lastError">>,
): Promise<OutboundSms> {
  await prisma.outboundSms.updateMany({ where: claim, data });
  return prisma.outboundSms.findUniqueOrThrow({ where: { id: claim.id } });
}

/**
 * Moves the message holding `sid` to Twilio's reported status, only forward (a "sent" arriving after
 * "delivered" changes nothing). False when no message holds the SID (yet).
 */
export async function applySmsStatus(sid: string, reported: string, errorCode: string | null): Promise<boolean> {
  const message = await prisma.outboundSms.findUnique({ where: { providerSid: sid }, select: { id: true, status: true } });
  if (!message) return false;
  if (laterSmsStatus(message.status, reported)) {
    // Conditional on the status read: a callback racing this one moves it at most once.
    await prisma.outboundSms.updateMany({
      where: { id: message.id, status: message.status },
      data: { status: reported, statusAt: new Date(), ...(errorCode ? { lastError: `Twilio error ${errorCode}` } : {}) },
    });
  }
  return true;
}

/**
 * A status callback for a SID no message holds: kept in SmsEarlyStatus (the latest status wins),
 * then looked for again, so that whichever of the callback and the sender's write of the SID comes
 * second applies it (decision 096).
 */
export async function recordEarlySmsStatus(sid: string, reported: string, errorCode: string | null): Promise<void> {
  const earlier = await prisma.smsEarlyStatus.findUnique({ where: { providerSid: sid } });
  if (!earlier) {
    await prisma.smsEarlyStatus.create({ data: { providerSid: sid, status: reported, errorCode } }).catch((error: unknown) => {
      if (!isUniqueConstraintError(error)) throw error;
    });
  } else if (laterSmsStatus(earlier.status, reported)) {
    await prisma.smsEarlyStatus.updateMany({ where: { providerSid: sid, status: earlier.status }, data: { status: reported, errorCode } });
  }
  await applyEarlyStatus(sid);
}

/** Applies and forgets a status callback that came in before `sid` was stored. */
async function applyEarlyStatus(sid: string): Promise<void> {
  const early = await prisma.smsEarlyStatus.findUnique({ where: { providerSid: sid } });
  if (!early) return;
  if (await applySmsStatus(sid, early.status, early.errorCode)) await prisma.smsEarlyStatus.deleteMany({ where: { providerSid: sid } });
}

/** Early statuses no message ever claimed (another application's messages on the account) are kept a day. */
const EARLY_STATUS_KEEP_MS = 24 * 60 * 60 * 1000;

export interface SmsDeliverySummary {
  sent: number;
  failed: number;
}

/** The jobs' pass: messages waiting, due for another attempt, or whose sender died mid-send. */
export async function deliverDueSms(now: Date = new Date(), { limit = 100 }: { limit?: number } = {}): Promise<SmsDeliverySummary> {
  const summary: SmsDeliverySummary = { sent: 0, failed: 0 };
  if (!getConfig().twilioEnabled) return summary;
  await prisma.smsEarlyStatus.deleteMany({ where: { receivedAt: { lt: new Date(currentTime(now).getTime() - EARLY_STATUS_KEEP_MS) } } });
  const due = await prisma.outboundSms.findMany({
    where: { attempts: { lt: SMS_MAX_ATTEMPTS }, OR: claimable(now) },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  for (const message of due) {
    const after = await deliverSms(message, now);
    if (after.status === "failed") summary.failed += 1;
    else if (after.providerSid && after.providerSid !== message.providerSid) summary.sent += 1;
  }
  return summary;
}

/** The newest SMS, for the dev mailbox. */
export function latestOutboundSms(take: number): Promise<OutboundSms[]> {
  return prisma.outboundSms.findMany({ orderBy: { createdAt: "desc" }, take });
}
