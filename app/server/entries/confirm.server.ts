/**
 * Confirming an entry (decisions 010, 038): one transaction counts it under the campaign's cap, credits
 * the referral bonus and queues its emails, webhooks and email-tool syncs; and what the confirm page shows.
 */
import { actionEmailTokens } from "../actions/entrant.server";
import { CampaignStatus } from "../../domain/campaign-status";
import { REFERRAL_BONUS_ENTRIES } from "../../domain/entries";
import { platformSetting } from "../core/settings.server";
import { queueCapNotices } from "../plans/cap-notices.server";
import { emailBrand } from "../email/brand.server";
import { queueTemplatedEmail } from "../email/outbox.server";
import { deliverSoon } from "../email/delivery.server";
import { CONFIRMATION_CAMPAIGN_FIELDS, GATE_FIELDS } from "./store.server";
import { type QueuedDelivery, deliverWebhooksSoon, queueEntryConfirmed } from "../integrations/webhooks.server";
import { queueEmailToolSubscribes } from "../integrations/email-tools.server";
import { deliverEmailToolSyncsSoon } from "../integrations/email-tool-sync.server";
import { type OutboundEmail, type Prisma, prisma } from "../core/db.server";
import { closedNow, closedReason } from "./gate.server";
import { confirmationTokens, emailLanguage, entryIdFromConfirmToken } from "./emails.server";
import { log } from "../core/log.server";

/** Thrown inside a transaction to roll it back when the campaign no longer takes confirmations. */
export class CampaignClosed extends Error {}
/** Thrown inside a transaction to roll it back when the entry is no longer pending (confirmed meanwhile). */
class NotPending extends Error {}

type ConfirmingEntry = { id: string; campaignId: string; emailNormalized: string; referrerId: string | null; marketingConsent: boolean };

/**
 * Counts a pending entry, inside the caller's transaction: the campaign's conditional update
 * (active, before the end, not frozen, under the cap), then the entry's own (still pending, not
 * disqualified), so a burst of confirmations can never overfill a campaign or slip in after it
 * closed. Then the referral bonus: only now, only while referrals are on, and only for another
 * person's entry of the same campaign. A consenting entrant's subscribes to the owner's email tools
 * are queued here too (decision 056). Answers the entry's bonus entries for its receipt.
 */
export async function confirmInTransaction(
  tx: Prisma.TransactionClient,
  entry: ConfirmingEntry,
  now: Date,
  referralsEnabled: boolean,
  origin: string,
): Promise<{ bonusEntries: number; capNotices: OutboundEmail[]; webhooks: QueuedDelivery[]; emailToolSyncIds: string[] }> {
  const { entryLimit, creatorId, referralCap } = await tx.campaign.findUniqueOrThrow({
    where: { id: entry.campaignId },
    select: { entryLimit: true, creatorId: true, referralCap: true },
  });
  const slot = await tx.campaign.updateMany({
    where: {
      id: entry.campaignId,
      status: CampaignStatus.active,
      endDate: { gt: now },
      listFrozenAt: null,
      ...(entryLimit === null ? {} : { entryCount: { lt: entryLimit } }),
    },
    data: { entryCount: { increment: 1 } },
  });
  if (slot.count === 0) throw new CampaignClosed();
  // The creator's 80% / 100% emails (decision 049), queued by the confirmation that reached them.
  const capNotices = entryLimit === null ? [] : await queueCapNotices(tx, entry.campaignId, origin);
  // The campaign row first, the entry's second, in the same order as the fraud review's writes, so
  // the two never wait on each other's rows (a deadlock on PostgreSQL). A failure rolls back the slot.
  const marked = await tx.entry.updateMany({
    where: { id: entry.id, confirmedAt: null, disqualifiedAt: null },
    data: { confirmedAt: now },
  });
  if (marked.count === 0) throw new NotPending();
  if (referralsEnabled && entry.referrerId) {
    const referrer = await tx.entry.findFirst({
      where: { id: entry.referrerId, campaignId: entry.campaignId, emailNormalized: { not: entry.emailNormalized } },
      select: { id: true },
    });
    // The campaign's referral cap (decision 104): friends past it earn nothing; without one, nothing is
    // counted. The count holds because every confirmation of the campaign took its row above, so two
    // cannot pass the cap together.
    if (referrer && (referralCap === null || (await creditedFriends(tx, referrer.id)) < referralCap)) {
      await tx.entry.update({ where: { id: entry.id }, data: { referralCredited: true } });
      await tx.entry.update({ where: { id: referrer.id }, data: { bonusEntries: { increment: REFERRAL_BONUS_ENTRIES } } });
    }
  }
  const counted = await tx.entry.findUniqueOrThrow({
    where: { id: entry.id },
    select: {
      bonusEntries: true,
      email: true,
      marketingConsent: true,
      marketingConsentAt: true,
      marketingWordingId: true,
      createdAt: true,
    },
  });
  // The brand's entry.confirmed webhooks (decision 055), committed with the confirmation: with no
  // endpoint subscribed, one indexed lookup.
  const webhooks = await queueEntryConfirmed(
    tx,
    creatorId,
    entry.id,
    async () => ({ ...counted, id: entry.id, campaignId: entry.campaignId, confirmedAt: now }),
    now,
  );
  const emailToolSyncIds = entry.marketingConsent ? await queueEmailToolSubscribes(tx, entry, creatorId) : [];
  return { bonusEntries: counted.bonusEntries, capNotices, webhooks, emailToolSyncIds };
}

/** The referrer's friends whose counted entries earned it the referral bonus (decision 104). */
export function creditedFriends(tx: Prisma.TransactionClient, referrerId: string): Promise<number> {
  return tx.entry.count({ where: { referrerId, referralCredited: true, confirmedAt: { not: null }, disqualifiedAt: null } });
}

export type ConfirmOutcome =
  | { kind: "confirmed"; entryId: string }
  | { kind: "already"; entryId: string }
  | { kind: "invalid" }
  | { kind: "unavailable" }
  | { kind: "ended" }
  | { kind: "full" };

/**
 * Confirms a pending entry (the POST behind the emailed link): one transaction that counts it
 * (confirmInTransaction) and queues the confirmation email with its receipt. Confirming twice
 * changes nothing the second time; a full, ended or frozen campaign writes nothing.
 */
export async function confirmEntry(entryId: string, origin: string): Promise<ConfirmOutcome> {
  const entry = await prisma.entry.findUnique({
    where: { id: entryId },
    select: {
      id: true,
      campaignId: true,
      email: true,
      emailNormalized: true,
      referrerId: true,
      createdAt: true,
      confirmedAt: true,
      disqualifiedAt: true,
      marketingConsent: true,
      campaign: { select: { ...GATE_FIELDS, ...CONFIRMATION_CAMPAIGN_FIELDS } },
    },
  });
  if (!entry) return { kind: "invalid" };
  if (entry.confirmedAt) return { kind: "already", entryId: entry.id };
  if (entry.disqualifiedAt) return { kind: "unavailable" };
  const now = new Date();
  const closed = closedReason(entry.campaign, now);
  if (closed === "not-found" || closed === "upcoming") return { kind: "unavailable" };
  if (closed) return { kind: closed };

  const referralsEnabled = await platformSetting("referralsEnabled");
  let email: OutboundEmail;
  let capNotices: OutboundEmail[];
  let webhooks: QueuedDelivery[];
  let emailToolSyncIds: string[];
  try {
    ({ email, capNotices, webhooks, emailToolSyncIds } = await prisma.$transaction(
      async (tx) => {
        const counted = await confirmInTransaction(tx, entry, now, referralsEnabled, origin);
        const message = await queueTemplatedEmail(tx, {
          to: entry.email,
          template: "entry_confirmation",
          dedupeKey: `entry:${entry.id}`,
          brand: emailBrand(entry.campaign),
          language: emailLanguage(entry.campaign),
          tokens: confirmationTokens(
            entry.campaign,
            { ...entry, bonusEntries: counted.bonusEntries },
            referralsEnabled,
            origin,
            await actionEmailTokens(tx, entry.campaignId, entry.id, origin),
          ),
        });
        return { email: message, capNotices: counted.capNotices, webhooks: counted.webhooks, emailToolSyncIds: counted.emailToolSyncIds };
      },
      { maxWait: 15_000, timeout: 15_000 },
    ));
  } catch (error) {
    if (error instanceof NotPending || error instanceof CampaignClosed) {
      // Confirmed by a second click that won the race (whose slot may have been the last one), or
      // disqualified meanwhile, or the campaign closed.
      const fresh = await prisma.entry.findUnique({ where: { id: entry.id }, select: { confirmedAt: true } });
      if (fresh?.confirmedAt) return { kind: "already", entryId: entry.id };
      return error instanceof NotPending ? { kind: "unavailable" } : { kind: await closedNow(entry.campaignId) };
    }
    throw error;
  }
  void deliverSoon(email).catch((error: unknown) => log.error({ err: error }, "[email] entry confirmation delivery failed"));
  deliverCapNotices(capNotices);
  deliverWebhooksSoon(webhooks);
  deliverEmailToolSyncsSoon(emailToolSyncIds);
  return { kind: "confirmed", entryId: entry.id };
}

/** The creator's cap emails are in the outbox already; sending them must not hold up the entrant. */
export function deliverCapNotices(messages: OutboundEmail[]): void {
  for (const message of messages) {
    void deliverSoon(message).catch((error: unknown) => log.error({ err: error }, "[email] entry cap notice delivery failed"));
  }
}

/** What the confirm page shows for a link: the entry (masked), whether it counts, and whether it still can. */
export interface ConfirmPageState {
  campaign: { id: string; title: string; brandName: string };
  entry: { id: string; email: string; enteredAt: Date; bonusEntries: number; confirmed: boolean };
  /** Why a pending entry can no longer be confirmed, or null while it can. */
  closed: "ended" | "full" | "unavailable" | null;
}

/** The entry a confirm token names, read for the confirm page; null for a token we did not make or another campaign's. */
export async function confirmPageState(campaignId: string, token: string): Promise<ConfirmPageState | null> {
  const entryId = entryIdFromConfirmToken(token);
  if (!entryId) return null;
  const entry = await prisma.entry.findFirst({
    where: { id: entryId, campaignId },
    select: {
      id: true,
      email: true,
      createdAt: true,
      bonusEntries: true,
      confirmedAt: true,
      disqualifiedAt: true,
      campaign: { select: { id: true, title: true, brandName: true, ...GATE_FIELDS } },
    },
  });
  if (!entry) return null;
  const reason = closedReason(entry.campaign, new Date());
  return {
    campaign: { id: entry.campaign.id, title: entry.campaign.title, brandName: entry.campaign.brandName },
    entry: {
      id: entry.id,
      email: entry.email,
      enteredAt: entry.createdAt,
      bonusEntries: entry.bonusEntries,
      confirmed: entry.confirmedAt !== null,
    },
    closed: entry.disqualifiedAt || reason === "not-found" || reason === "upcoming" ? "unavailable" : reason,
  };
}
