/**
 * The Emails tab's text messages (decision 096): the newest SMS (decision 094) with their status, the
 * number masked, and "Retry now" for a failed one, as the email outbox offers.
 */
import { type SmsOutbox, maskPhoneNumber } from "../../domain/sms";
import { prisma } from "../core/db.server";
import { getConfig } from "../core/config.server";
import { deliverSms } from "../sms/sms.server";

/** How many of the newest text messages the tab lists. */
export const SMS_OUTBOX_ROWS = 25;

/** The newest text messages, never their bodies (a claim link is the winner's key to the prize). */
export async function listSmsOutbox(): Promise<SmsOutbox> {
  const [total, rows] = await Promise.all([
    prisma.outboundSms.count(),
    prisma.outboundSms.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SMS_OUTBOX_ROWS,
      select: {
        id: true,
        createdAt: true,
        kind: true,
        to: true,
        status: true,
        attempts: true,
        nextAttemptAt: true,
        sentAt: true,
        lastError: true,
      },
    }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      ...row,
      to: maskPhoneNumber(row.to),
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

export type SmsRetryOutcome =
  { kind: "sent" | "failed" | "queued"; to: string; error?: string } | { kind: "not-failed" } | { kind: "missing" };

/**
 * "Retry now" for a failed text: it starts over (pending, attempts 0, due now) in one conditional
 * write, then goes out at once when Twilio is configured. Anything not failed is left alone.
 */
export async function retrySms(id: string): Promise<SmsRetryOutcome> {
  const reset = await prisma.outboundSms.updateMany({
    where: { id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: null, lastError: null },
  });
  if (reset.count !== 1) return (await prisma.outboundSms.count({ where: { id } })) > 0 ? { kind: "not-failed" } : { kind: "missing" };
  const message = await prisma.outboundSms.findUniqueOrThrow({ where: { id } });
  const after = getConfig().twilioEnabled ? await deliverSms(message) : message;
  const to = maskPhoneNumber(after.to);
  if (after.status === "failed") return { kind: "failed", to, error: after.lastError ?? "Unknown error." };
  if (after.providerSid) return { kind: "sent", to };
  return { kind: "queued", to };
}
