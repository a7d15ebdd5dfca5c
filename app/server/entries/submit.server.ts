/**
 * Entries (SPEC "Entry", decisions 002, 010, 011, 038): one per campaign per normalised email,
 * enforced by the unique index. An entry starts pending (double opt-in) and takes no place; it is
 * counted once its owner confirms it from the emailed link (confirm.server.ts), by one transaction
 * whose conditional update of the campaign's counter checks the cap, the end and the freeze. The
 * referral bonus is credited in that same transaction, and each email is queued in the write that
 * causes it. This module takes a submission: the pending entry through the entry store (decisions
 * 062, 063), or a signed-in entrant's own address confirmed at once.
 */
import { actionEmailTokens } from "../actions/entrant.server";
import { type EntryInput, EntrySchema, entryEmailKey } from "../../domain/entries";
import { ipNetwork } from "../../domain/network";
import { getConfig } from "../core/config.server";
import { newId } from "../core/ids.server";
import { platformSetting } from "../core/settings.server";
import { queueTemplatedEmail, renderOutboxRow } from "../email/outbox.server";
import { deliverSoon } from "../email/delivery.server";
import { emailBrand } from "../email/brand.server";
import { type AddressLimit, type EntryCampaign, type EntryStore, type PendingEntryRow, entryStore } from "./store.server";
import { type QueuedDelivery, deliverWebhooksSoon } from "../integrations/webhooks.server";
import { deliverEmailToolSyncsSoon } from "../integrations/email-tool-sync.server";
import { type OutboundEmail, isUniqueConstraintError, prisma } from "../core/db.server";
import { closedNow, closedReason } from "./gate.server";
import { CampaignClosed, confirmEntry, confirmInTransaction, deliverCapNotices } from "./confirm.server";
import { confirmRequestTokens, confirmationTokens, emailLanguage } from "./emails.server";
import { log } from "../core/log.server";
import { type EntrantLanguage, campaignLanguageFor } from "../../domain/entrant-language";

const RATE_WINDOW_MS = 10 * 60 * 1000;

export type EntryOutcome =
  /** Stored; `confirmed` when it counted at once (a signed-in entrant's own address). */
  | { kind: "entered"; entryId: string; confirmed: boolean }
  | { kind: "already"; entryId: string }
  | { kind: "not-found" }
  | { kind: "upcoming" }
  | { kind: "ended" }
  | { kind: "full" }
  | { kind: "rate-limited" };

export interface EntrySubmission extends Omit<EntryInput, "ref" | "phoneNumber"> {
  /** E.164, checked (entries/phone.server.ts), or null: none given. */
  phoneNumber?: string | null;
  campaignId: string;
  referrerId?: string;
  userId?: string | null;
  /** The signed-in account's address: sign-in proved it, so an entry with it is confirmed at once. */
  verifiedEmail?: string | null;
  ip?: string | null;
  /** The entering browser's id (the gw_bid cookie), kept for fraud review. */
  browserId?: string | null;
  /** Absolute origin for the links in the email, e.g. https://giveawear.example. */
  origin: string;
}

export async function submitEntry(submission: EntrySubmission): Promise<EntryOutcome> {
  const { campaignId } = submission;
  // The entry path's reads and its pending write go through the entry store's driver connection
  // (decision 062); the verified entrant's confirmation, a rare path, stays with Prisma.
  const store = entryStore();
  const now = new Date();
  const emailKey = entryEmailKey(submission.email);
  // Sign-in proved the account's address; any other address must be proved by its own inbox.
  const verified = Boolean(submission.verifiedEmail) && entryEmailKey(submission.verifiedEmail ?? "") === emailKey;
  // Counted up to the limit only: a busy shared address (or a burst from one) costs no more per entry.
  const addressLimit = addressLimitAt(now);

  // A spike's path (decision 063): the campaign as this process read it a moment ago says whether to
  // try; the one write that stores the pending entry checks the gate, the address's limit and the
  // referrer itself. When it refuses, the path below reads everything afresh and answers.
  if (!verified) {
    const recent = await store.recentCampaign(campaignId);
    if (recent && closedReason(recent, now) === null) {
      const outcome = await enterPending(store, await pendingRow(submission, emailKey, now), recent, submission.origin, addressLimit);
      if (typeof outcome !== "string") return outcome;
    }
  }

  const { campaign, recentFromIp } = await store.campaignAndRecentEntries(campaignId, { ip: submission.ip ?? null, ...addressLimit });
  if (!campaign) return { kind: "not-found" };
  const closed = closedReason(campaign, now);
  // Someone who entered before still hears that they have; nobody else is stored.
  if (closed === "full") return unlessEntered(campaignId, emailKey, "full");
  if (closed) return { kind: closed };
  // Someone who already entered, on a busy shared network, is told so rather than refused.
  if (recentFromIp >= addressLimit.limit) return unlessEntered(campaignId, emailKey, "rate-limited");
  const entry = await pendingRow(submission, emailKey, now);
  if (verified) {
    const referrerId = entry.referrerId && (await store.referrer(entry.referrerId, campaignId, emailKey));
    return enterVerified({ ...entry, referrerId }, campaign, await platformSetting("referralsEnabled"), submission.origin);
  }
  const outcome = await enterPending(store, entry, campaign, submission.origin, addressLimit);
  // Open and under the limit when read just now, refused by the write: it changed in between.
  if (outcome === "rate-limited") return unlessEntered(campaignId, emailKey, "rate-limited");
  if (outcome === "closed")
    return (await closedNow(campaignId)) === "full" ? unlessEntered(campaignId, emailKey, "full") : { kind: "ended" };
  return outcome;
}

/** The per-address limit's question for an entry at `now`: counted up to the limit only. */
function addressLimitAt(now: Date): AddressLimit {
  return { since: new Date(now.getTime() - RATE_WINDOW_MS), limit: getConfig().ENTRY_LIMIT_PER_IP };
}

/** The confirm-request email of a pending entry, rendered into the outbox row it will be. */
function confirmRequestRow(entry: PendingEntryRow, campaign: EntryCampaign, origin: string): Promise<OutboundEmail> {
  return renderOutboxRow(
    {
      to: entry.email,
      template: "entry_confirm_request",
      dedupeKey: `entry-confirm:${entry.id}`,
      brand: emailBrand(campaign),
      language: emailLanguage(campaign),
      tokens: confirmRequestTokens(campaign, entry, origin),
    },
    entry.createdAt,
  );
}

/**
 * The entry path for `campaignId`, storing nothing (issue 31: a worker warms it before it takes
 * requests, so the first entries after a deploy are not the slow ones): the campaign as the lane
 * reads it, on the entry store's connection, a made-up entrant's confirm-request email with its
 * links, and the write that would store both, rolled back.
 */
export async function warmEntryPath(campaignId: string, origin: string): Promise<void> {
  const store = entryStore();
  const campaign = await store.recentCampaign(campaignId);
  if (!campaign) return;
  const now = new Date();
  // Through the form's own schema, as a posted form goes.
  const form = EntrySchema.parse({ email: "warm-up@giveawear.invalid", agreedToTerms: "on" });
  const submission: EntrySubmission = { ...form, phoneNumber: null, campaignId, origin };
  const entry = await pendingRow(submission, entryEmailKey(submission.email), now);
  // The write too, rolled back: its statements and transaction run before the first entrant's.
  await store.rehearsePendingEntry(entry, await confirmRequestRow(entry, campaign, origin), addressLimitAt(now));
}

/**
 * The language of a lane's answer (decision 097), as requestLanguage chooses it, from the campaign as
 * this process read it at most PUBLIC_PAGE_CACHE_MS ago (the entry store's recentCampaign, which the
 * entry itself has just read): no query of its own on the entry path. The page it leads back to is
 * rendered from a read no older.
 */
export async function laneLanguage(campaignId: string, acceptLanguage: string | null | undefined): Promise<EntrantLanguage> {
  const campaign = await entryStore().recentCampaign(campaignId);
  return campaign ? campaignLanguageFor(campaign, acceptLanguage) : "en";
}

/** A refusal, unless this address entered before: then it hears that it has. */
async function unlessEntered(campaignId: string, emailKey: string, refusal: "full" | "rate-limited"): Promise<EntryOutcome> {
  const existing = await findEntry(campaignId, emailKey);
  return existing ? { kind: "already", entryId: existing.id } : { kind: refusal };
}

/** The entry a submission asks for, pending; its referrer is the link's, while referrals are on (the write checks it). */
async function pendingRow(submission: EntrySubmission, emailKey: string, now: Date): Promise<PendingEntryRow> {
  // Admins can switch referral bonuses off (platform setting referralsEnabled, decision 017).
  const referrerId = submission.referrerId && (await platformSetting("referralsEnabled")) ? submission.referrerId : null;
  return {
    id: newId(),
    campaignId: submission.campaignId,
    email: submission.email,
    emailNormalized: emailKey,
    // Optional, E.164 (decision 094): only the winner's SMS uses it.
    phoneNumber: submission.phoneNumber ?? null,
    marketingConsent: submission.marketingConsent,
    // The consent record (decision 054), in the same insert: the words each box showed, and when
    // marketing consent was given.
    termsWordingId: submission.termsWording ?? null,
    marketingWordingId: submission.marketingConsent ? (submission.marketingWording ?? null) : null,
    marketingConsentAt: submission.marketingConsent ? now : null,
    // Who brought this entrant; credited only when it is confirmed.
    referrerId,
    userId: submission.userId ?? null,
    ip: submission.ip ?? null,
    ipNetwork: ipNetwork(submission.ip),
    browserId: submission.browserId ?? null,
    createdAt: now,
  };
}

/**
 * A pending entry and its confirm-request email, written together by the write that checks the
 * campaign and the address (a repeat writes nothing). Answers the outcome, or why the write refused.
 */
async function enterPending(
  store: EntryStore,
  entry: PendingEntryRow,
  campaign: EntryCampaign,
  origin: string,
  addressLimit: AddressLimit,
): Promise<EntryOutcome | "closed" | "rate-limited"> {
  const email = await confirmRequestRow(entry, campaign, origin);
  const verdict = await store.insertPendingEntry(entry, email, addressLimit);
  if (verdict === "repeat") return alreadyEntered(entry.campaignId, entry.emailNormalized, false, origin);
  if (verdict !== "stored") return verdict;
  // The message is already committed in the outbox; SMTP delivery must not hold up the entrant.
  void deliverSoon(email).catch((error: unknown) => log.error({ err: error }, "[email] entry email delivery failed"));
  return { kind: "entered", entryId: entry.id, confirmed: false };
}

/** Entered before, or two submissions of one email raced and the other one won. */
async function alreadyEntered(campaignId: string, emailKey: string, verified: boolean, origin: string): Promise<EntryOutcome> {
  const winner = await findEntry(campaignId, emailKey);
  // The index refused the address, yet the entry is gone again (erased by its owner in between).
  if (!winner) throw new Error(`The entry of ${campaignId} that refused a repeat of this address is gone`);
  // The account's owner entered before signing in: their sign-in confirms that entry now.
  if (verified && !winner.confirmedAt) await confirmEntry(winner.id, origin);
  return { kind: "already", entryId: winner.id };
}

/**
 * A signed-in entrant entering with their account's own address: the entry is confirmed in the
 * transaction that stores it (confirmInTransaction) and its receipt email queued with it.
 */
async function enterVerified(
  entry: PendingEntryRow,
  campaign: EntryCampaign,
  referralsEnabled: boolean,
  origin: string,
): Promise<EntryOutcome> {
  const now = entry.createdAt;
  let result: { email: OutboundEmail; capNotices: OutboundEmail[]; webhooks: QueuedDelivery[]; emailToolSyncIds: string[] };
  try {
    result = await prisma.$transaction(
      async (tx) => {
        // A repeat fails here on the unique index (campaign, normalised email) and rolls back.
        const stored = await tx.entry.create({
          data: { ...entry, agreedToTerms: true, referralCredited: false },
          select: {
            id: true,
            campaignId: true,
            email: true,
            emailNormalized: true,
            referrerId: true,
            createdAt: true,
            marketingConsent: true,
          },
        });
        const counted = await confirmInTransaction(tx, stored, now, referralsEnabled, origin);
        const message = await queueTemplatedEmail(tx, {
          to: stored.email,
          template: "entry_confirmation",
          dedupeKey: `entry:${stored.id}`,
          brand: emailBrand(campaign),
          language: emailLanguage(campaign),
          tokens: confirmationTokens(
            campaign,
            { ...stored, bonusEntries: counted.bonusEntries },
            referralsEnabled,
            origin,
            await actionEmailTokens(tx, stored.campaignId, stored.id, origin),
          ),
        });
        return { email: message, capNotices: counted.capNotices, webhooks: counted.webhooks, emailToolSyncIds: counted.emailToolSyncIds };
      },
      // SQLite runs one transaction at a time; a burst queues behind it rather than failing.
      { maxWait: 15_000, timeout: 15_000 },
    );
  } catch (error) {
    if (isUniqueConstraintError(error)) return alreadyEntered(entry.campaignId, entry.emailNormalized, true, origin);
    if (error instanceof CampaignClosed) return { kind: await closedNow(entry.campaignId) };
    throw error;
  }
  void deliverSoon(result.email).catch((error: unknown) => log.error({ err: error }, "[email] entry email delivery failed"));
  deliverCapNotices(result.capNotices);
  deliverWebhooksSoon(result.webhooks);
  deliverEmailToolSyncsSoon(result.emailToolSyncIds);
  return { kind: "entered", entryId: entry.id, confirmed: true };
}

function findEntry(campaignId: string, emailNormalized: string) {
  return prisma.entry.findUnique({
    where: { campaignId_emailNormalized: { campaignId, emailNormalized } },
    select: { id: true, confirmedAt: true },
  });
}
