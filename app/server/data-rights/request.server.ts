/**
 * Asking for the link to one's data page (decision 054): the form on /privacy and /privacy/my-data,
 * and the "email me a new link" button of an expired link. The answer is the same whether or not we
 * hold data for the address; only its inbox learns which, by getting the link.
 *
 * Limits: DATA_REQUEST_LIMIT_PER_IP requests an hour from one IP address (counted in DataLinkRequest,
 * by a keyed hash of the address, in the transaction that records the request), and at most one link
 * email per address every 10 minutes (the outbox's dedupe key, so two requests at once queue one).
 */
import { DATA_LINK_DAYS } from "../../domain/data-rights";
import type { EntrantLanguage } from "../../domain/entrant-language";
import { entryEmailKey } from "../../domain/entries";
import { getConfig } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { queueTemplatedEmail } from "../email/outbox.server";
import { deliverEmail } from "../email/delivery.server";
import { newId } from "../core/ids.server";
import { keyedHash } from "../core/keyed-hash.server";
import { dataLink } from "../core/data-rights-link.server";
import { log } from "../core/log.server";

const HOUR_MS = 60 * 60 * 1000;
/** One link email per address per window. */
export const DATA_LINK_EMAIL_WINDOW_MS = 10 * 60 * 1000;

export type DataRequestOutcome = "answered" | "rate-limited";

/** The outbox key of an address's link email in the window `at` falls in (the address only as a keyed hash). */
function linkEmailKey(emailNormalized: string, at: number): string {
  return `data-link:${keyedHash(`data-link:${emailNormalized}`).slice(0, 24)}:${Math.floor(at / DATA_LINK_EMAIL_WINDOW_MS)}`;
}

/**
 * Records the request against the requester's limit, then, when the address has entries, emails the
 * link to the address as its newest entry was typed. "answered" says nothing about the address.
 * The email speaks `language`, the requester's as the data pages choose it (decision 097).
 */
export async function requestDataLink(
  email: string,
  ip: string | null,
  now: Date = new Date(),
  language: EntrantLanguage = "en",
): Promise<DataRequestOutcome> {
  const ipKey = keyedHash(`data-request:${ip ?? "unknown"}`).slice(0, 32);
  const allowed = await prisma.$transaction(
    async (tx) => {
      const recent = await tx.dataLinkRequest.count({ where: { ipKey, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } } });
      if (recent >= getConfig().DATA_REQUEST_LIMIT_PER_IP) return false;
      await tx.dataLinkRequest.create({ data: { id: newId(), ipKey, createdAt: now } });
      return true;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
  if (!allowed) return "rate-limited";

  const emailNormalized = entryEmailKey(email);
  const newest = await prisma.entry.findFirst({
    where: { emailNormalized, erasedAt: null },
    orderBy: { createdAt: "desc" },
    select: { email: true },
  });
  if (!newest) return "answered";
  try {
    const message = await queueTemplatedEmail(prisma, {
      to: newest.email,
      template: "data_request",
      language,
      dedupeKey: linkEmailKey(emailNormalized, now.getTime()),
      tokens: { email: newest.email, data_link: dataLink(newest.email, now), link_days: DATA_LINK_DAYS },
    });
    // Queued; delivery must not tell the asker (by its time) that the address has data.
    void deliverEmail(message).catch((error: unknown) => log.error({ err: error }, "[email] data link delivery failed"));
  } catch (error) {
    // Sent to this address a moment ago: that link serves.
    if (!isUniqueConstraintError(error)) throw error;
  }
  return "answered";
}

/** Requests older than this no longer count toward any limit and are deleted by the jobs. */
export async function pruneDataLinkRequests(now: Date = new Date()): Promise<number> {
  const { count } = await prisma.dataLinkRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 24 * HOUR_MS) } } });
  return count;
}
