import type { ContactMessage } from "../../domain/contact";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { queueTemplatedEmail, recentEmailsWithKeyPrefix } from "../email/outbox.server";
import { deliverEmail } from "../email/delivery.server";
import { newId } from "../core/ids.server";
import { keyedHash } from "../core/keyed-hash.server";

/** CONTACT_LIMIT_PER_IP counts the messages of this last stretch of time. */
const CONTACT_WINDOW_MS = 60 * 60 * 1000;

export type ContactOutcome = "sent" | "rate-limited";

/**
 * Each message's outbox row carries its sender's network in its dedupe key (a keyed hash, not the
 * address), so the per-IP limit is counted from the outbox itself.
 */
function networkKeyPrefix(ip: string): string {
  const hash = keyedHash(`contact:${ip}`).slice(0, 32);
  return `contact:${hash}:`;
}

/**
 * Hands a contact-form message to the team: the `contact_message` template, to SUPPORT_EMAIL,
 * through the outbox; at most CONTACT_LIMIT_PER_IP an hour from one IP address (nothing is queued
 * past that).
 */
export async function sendContactMessage(message: ContactMessage, ip: string | null): Promise<ContactOutcome> {
  const prefix = ip ? networkKeyPrefix(ip) : null;
  const queued = await prisma.$transaction(
    async (tx) => {
      if (prefix) {
        const recent = await recentEmailsWithKeyPrefix(tx, prefix, CONTACT_WINDOW_MS);
        if (recent >= getConfig().CONTACT_LIMIT_PER_IP) return null;
      }
      return queueTemplatedEmail(tx, {
        to: getConfig().SUPPORT_EMAIL,
        template: "contact_message",
        tokens: { name: message.name, email: message.email, subject: message.subject, message: message.message },
        ...(prefix ? { dedupeKey: `${prefix}${newId()}` } : {}),
      });
    },
    // SQLite runs one transaction at a time, so a burst is counted exactly; it queues rather than fails.
    { maxWait: 15_000, timeout: 15_000 },
  );
  if (!queued) return "rate-limited";
  await deliverEmail(queued);
  return "sent";
}
