/** An entry's own email sent again on request, at most once per window however many ask (decision 065). */
import { actionEmailTokens } from "../actions/entrant.server";
import { getConfig } from "../core/config.server";
import { keyedHash } from "../core/keyed-hash.server";
import { platformSetting } from "../core/settings.server";
import { emailBrand } from "../email/brand.server";
import { queueTemplatedEmail } from "../email/outbox.server";
import { deliverSoon } from "../email/delivery.server";
import { CONFIRMATION_CAMPAIGN_FIELDS } from "./store.server";
import { type OutboundEmail, isUniqueConstraintError, prisma } from "../core/db.server";
import { confirmRequestTokens, confirmationTokens, emailLanguage } from "./emails.server";
import { log } from "../core/log.server";

const HOUR_MS = 60 * 60 * 1000;

/** How often an entry's email may be sent again. */
export const CONFIRMATION_RESEND_WINDOW_MS = 10 * 60 * 1000;

/** The part of a re-send's outbox key that names who asked (the client's address, never in the clear). */
function requesterKey(ip: string | null): string {
  return ip ? keyedHash(`entry-resend:${ip}`).slice(0, 16) : "none";
}

/**
 * Sends an entry's own email again to the address that entered: the confirm link while it is
 * pending, the confirmation (referral link, coupon, receipt) once it is confirmed. Used by a repeat
 * entry from a browser that does not hold the entry (decision 038) and by the pending page's "Resend"
 * button. Nothing about the entry is shown to whoever asked.
 *
 * Limits: at most once per CONFIRMATION_RESEND_WINDOW_MS per entry, and ENTRY_RESEND_LIMIT_PER_IP
 * re-sends an hour per requesting address (counted in the outbox). The per-entry limit is one
 * conditional update of the entry's `lastResendAt`, in the transaction that queues the message
 * (decision 065): of any number of requests at once, from any addresses, one changes the row and
 * sends; the others change nothing. Each re-send's key names the entry, the window it fell in and
 * the requester (`entry-resend:<entry>:<window>:<requester>`; erasure finds them by it). Answers
 * whether one was queued.
 */
export async function resendEntryConfirmation(entryId: string, origin: string, ip: string | null = null): Promise<boolean> {
  const now = new Date();
  const keyPrefix = `entry-resend:${entryId}:`;
  const requester = requesterKey(ip);
  if (ip) {
    const fromHere = await prisma.outboundEmail.count({
      where: {
        dedupeKey: { startsWith: "entry-resend:", endsWith: `:${requester}` },
        createdAt: { gt: new Date(now.getTime() - HOUR_MS) },
      },
    });
    if (fromHere >= getConfig().ENTRY_RESEND_LIMIT_PER_IP) return false;
  }
  const entry = await prisma.entry.findUnique({
    where: { id: entryId },
    select: {
      id: true,
      campaignId: true,
      email: true,
      createdAt: true,
      bonusEntries: true,
      confirmedAt: true,
      disqualifiedAt: true,
      lastResendAt: true,
      campaign: { select: CONFIRMATION_CAMPAIGN_FIELDS },
    },
  });
  const since = new Date(now.getTime() - CONFIRMATION_RESEND_WINDOW_MS);
  // Sent again lately: nothing to do (the update below would say so too, after a write lock).
  if (!entry || (entry.lastResendAt && entry.lastResendAt > since)) return false;
  const dedupeKey = `${keyPrefix}${Math.floor(now.getTime() / CONFIRMATION_RESEND_WINDOW_MS)}:${requester}`;
  const email = entry.confirmedAt
    ? {
        to: entry.email,
        template: "entry_confirmation",
        dedupeKey,
        brand: emailBrand(entry.campaign),
        language: emailLanguage(entry.campaign),
        tokens: confirmationTokens(
          entry.campaign,
          entry,
          await platformSetting("referralsEnabled"),
          origin,
          await actionEmailTokens(prisma, entry.campaignId, entry.id, origin),
        ),
      }
    : {
        to: entry.email,
        template: "entry_confirm_request",
        dedupeKey,
        brand: emailBrand(entry.campaign),
        language: emailLanguage(entry.campaign),
        tokens: confirmRequestTokens(entry.campaign, entry, origin),
      };
  let message: OutboundEmail | null;
  try {
    message = await prisma.$transaction(
      async (tx) => {
        const claimed = await tx.entry.updateMany({
          where: { id: entryId, OR: [{ lastResendAt: null }, { lastResendAt: { lte: since } }] },
          data: { lastResendAt: now },
        });
        return claimed.count === 1 ? queueTemplatedEmail(tx, email) : null;
      },
      // SQLite runs one transaction at a time; a burst of repeats queues behind it rather than failing.
      { maxWait: 15_000, timeout: 15_000 },
    );
  } catch (error) {
    if (isUniqueConstraintError(error)) return false;
    throw error;
  }
  if (!message) return false;
  void deliverSoon(message).catch((error: unknown) => log.error({ err: error }, "[email] entry email delivery failed"));
  return true;
}
