/**
 * Entries (SPEC "Entry", decisions 002, 010, 011, 038): one per campaign per normalised email,
 * enforced by the unique index. An entry starts pending (double opt-in) and takes no place; it is
 * counted once its owner confirms it from the emailed link, by one transaction whose conditional
 * update of the campaign's counter checks the cap, the end and the freeze. The referral bonus is
 * credited in that same transaction, and each email is queued in the write that causes it.
 */
import { timingSafeEqual } from "node:crypto";
import { createCookie } from "react-router";
import { CampaignStatus, isPublicStatus, publicPhase, formatUtcDateTime } from "../../domain/campaign-status";
import { type EntryInput, REFERRAL_BONUS_ENTRIES, entryEmailKey, entryWeight, receiptTime, referralOffer } from "../../domain/entries";
import { ipNetwork } from "../../domain/network";
import { campaignPath, confirmEntryPath, referralPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { newId } from "../core/ids.server";
import { keyedHash } from "../core/keyed-hash.server";
import { platformSetting } from "../core/settings.server";
import { createSignedCookie } from "../core/signed-cookie.server";
import { queueCapNotices } from "../plans/cap-notices.server";
import { queueTemplatedEmail, renderOutboxRow } from "../email/outbox.server";
import { deliverEmail } from "../email/delivery.server";
import {
  type AddressLimit,
  CONFIRMATION_CAMPAIGN_FIELDS,
  type EntryCampaign,
  type EntryStore,
  GATE_FIELDS,
  type PendingEntryRow,
  entryStore,
} from "./store.server";
import { type QueuedDelivery, deliverWebhooksSoon, queueEntryConfirmed } from "../integrations/webhooks.server";
import { queueEmailToolSubscribes } from "../integrations/email-tools.server";
import { deliverEmailToolSyncsSoon } from "../integrations/email-tool-sync.server";
import { type OutboundEmail, type Prisma, isUniqueConstraintError, prisma } from "../core/db.server";
import type { RequestHeaders } from "../core/request.server";

const RATE_WINDOW_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type EntryOutcome =
  /** Stored; `confirmed` when it counted at once (a signed-in entrant's own address). */
  | { kind: "entered"; entryId: string; confirmed: boolean }
  | { kind: "already"; entryId: string }
  | { kind: "not-found" }
  | { kind: "upcoming" }
  | { kind: "ended" }
  | { kind: "full" }
  | { kind: "rate-limited" };

export interface EntrySubmission extends Omit<EntryInput, "ref"> {
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

/** Thrown inside a transaction to roll it back when the campaign no longer takes confirmations. */
class CampaignClosed extends Error {}
/** Thrown inside a transaction to roll it back when the entry is no longer pending (confirmed meanwhile). */
class NotPending extends Error {}

type ConfirmationCampaign = Prisma.CampaignGetPayload<{ select: typeof CONFIRMATION_CAMPAIGN_FIELDS }>;

type Gate = Prisma.CampaignGetPayload<{ select: typeof GATE_FIELDS }>;

/** Why a campaign takes no entries or confirmations now, or null while it does. */
function closedReason(campaign: Gate, now: Date): "not-found" | "upcoming" | "ended" | "full" | null {
  if (!isPublicStatus(campaign.status)) return "not-found";
  const phase = publicPhase(campaign, now);
  if (phase !== "live") return phase;
  // After the freeze nothing about counted entries may change (decision 039).
  if (campaign.listFrozenAt) return "ended";
  if (campaign.entryLimit !== null && campaign.entryCount >= campaign.entryLimit) return "full";
  return null;
}

/** After a refused conditional update: ended (or frozen) rather than full, when that is why. */
async function closedNow(campaignId: string): Promise<"ended" | "full"> {
  const fresh = await prisma.campaign.findUnique({ where: { id: campaignId }, select: GATE_FIELDS });
  const reason = fresh ? closedReason(fresh, new Date()) : "ended";
  return reason === "full" || reason === null ? "full" : "ended";
}

type ConfirmingEntry = { id: string; campaignId: string; emailNormalized: string; referrerId: string | null; marketingConsent: boolean };

/**
 * Counts a pending entry, inside the caller's transaction: the campaign's conditional update
 * (active, before the end, not frozen, under the cap), then the entry's own (still pending, not
 * disqualified), so a burst of confirmations can never overfill a campaign or slip in after it
 * closed. Then the referral bonus: only now, only while referrals are on, and only for another
 * person's entry of the same campaign. A consenting entrant's subscribes to the owner's email tools
 * are queued here too (decision 056). Answers the entry's bonus entries for its receipt.
 */
async function confirmInTransaction(
  tx: Prisma.TransactionClient,
  entry: ConfirmingEntry,
  now: Date,
  referralsEnabled: boolean,
  origin: string,
): Promise<{ bonusEntries: number; capNotices: OutboundEmail[]; webhooks: QueuedDelivery[]; emailToolSyncIds: string[] }> {
  const { entryLimit, creatorId } = await tx.campaign.findUniqueOrThrow({
    where: { id: entry.campaignId },
    select: { entryLimit: true, creatorId: true },
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
    if (referrer) {
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
  const addressLimit = { since: new Date(now.getTime() - RATE_WINDOW_MS), limit: getConfig().ENTRY_LIMIT_PER_IP };

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
    // The form no longer asks for one (decision 069); the column keeps what earlier entries gave.
    phoneNumber: null,
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
  const email = await renderOutboxRow(
    {
      to: entry.email,
      template: "entry_confirm_request",
      dedupeKey: `entry-confirm:${entry.id}`,
      tokens: confirmRequestTokens(campaign, entry, origin),
    },
    entry.createdAt,
  );
  const verdict = await store.insertPendingEntry(entry, email, addressLimit);
  if (verdict === "repeat") return alreadyEntered(entry.campaignId, entry.emailNormalized, false, origin);
  if (verdict !== "stored") return verdict;
  // The message is already committed in the outbox; SMTP delivery must not hold up the entrant.
  void deliverEmail(email).catch((error: unknown) => console.error("[email] entry email delivery failed", error));
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
          tokens: confirmationTokens(campaign, { ...stored, bonusEntries: counted.bonusEntries }, referralsEnabled, origin),
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
  void deliverEmail(result.email).catch((error: unknown) => console.error("[email] entry email delivery failed", error));
  deliverCapNotices(result.capNotices);
  deliverWebhooksSoon(result.webhooks);
  deliverEmailToolSyncsSoon(result.emailToolSyncIds);
  return { kind: "entered", entryId: entry.id, confirmed: true };
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
          tokens: confirmationTokens(entry.campaign, { ...entry, bonusEntries: counted.bonusEntries }, referralsEnabled, origin),
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
  void deliverEmail(email).catch((error: unknown) => console.error("[email] entry confirmation delivery failed", error));
  deliverCapNotices(capNotices);
  deliverWebhooksSoon(webhooks);
  deliverEmailToolSyncsSoon(emailToolSyncIds);
  return { kind: "confirmed", entryId: entry.id };
}

/** The creator's cap emails are in the outbox already; sending them must not hold up the entrant. */
function deliverCapNotices(messages: OutboundEmail[]): void {
  for (const message of messages) {
    void deliverEmail(message).catch((error: unknown) => console.error("[email] entry cap notice delivery failed", error));
  }
}

/** The entry_confirm_request email's tokens: the campaign and the link to the confirm page. */
function confirmRequestTokens(campaign: ConfirmationCampaign, entry: { id: string; campaignId: string; email: string }, origin: string) {
  return {
    email: entry.email,
    brand_name: campaign.brandName,
    campaign_title: campaign.title,
    campaign_end_date: campaign.endDate ? formatUtcDateTime(campaign.endDate) : "",
    confirm_link: `${origin}${confirmEntryPath(entry.campaignId, confirmToken(entry.id))}`,
  };
}

/**
 * The entry_confirmation email's tokens: the campaign, the coupon, the entrant's own referral link,
 * and the receipt (entry id, time, weight at confirmation).
 */
function confirmationTokens(
  campaign: ConfirmationCampaign,
  entry: { id: string; campaignId: string; email: string; createdAt: Date; bonusEntries: number },
  referralsEnabled: boolean,
  origin: string,
) {
  return {
    email: entry.email,
    brand_name: campaign.brandName,
    campaign_title: campaign.title,
    campaign_end_date: campaign.endDate ? formatUtcDateTime(campaign.endDate) : "",
    entry_coupon: campaign.giveCouponToEntrants
      ? `${campaign.entrantCouponCode}${campaign.entrantCouponDescription ? ` (${campaign.entrantCouponDescription})` : ""}`
      : "",
    referral_offer: referralOffer(referralsEnabled, "entered"),
    referral_link: referralLink(origin, entry.campaignId, entry.id),
    entry_id: entry.id,
    entry_time: receiptTime(entry.createdAt),
    entry_weight: entryWeight(entry),
  };
}

/** How often an entry's email may be sent again. */
export const CONFIRMATION_RESEND_WINDOW_MS = 10 * 60 * 1000;

/** The part of a re-send's outbox key that names who asked (the client's address, never in the clear). */
function requesterKey(ip: string | null): string {
  return ip ? keyedHash(`entry-resend:${ip}`).slice(0, 16) : "none";
}

/**
 * Sends an entry's own email again to the address that entered: the confirm link while it is
 * pending, the confirmation (referral link, coupon, receipt) once it is confirmed. Used by a repeat
 * entry from a browser that does not hold the entry (issue 11) and by the pending page's "Resend"
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
        tokens: confirmationTokens(entry.campaign, entry, await platformSetting("referralsEnabled"), origin),
      }
    : { to: entry.email, template: "entry_confirm_request", dedupeKey, tokens: confirmRequestTokens(entry.campaign, entry, origin) };
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
  void deliverEmail(message).catch((error: unknown) => console.error("[email] entry email delivery failed", error));
  return true;
}

/**
 * The token in the confirm link: the entry id and an HMAC of it under the session secret, so only
 * the inbox we sent it to can confirm (entry ids are published with the draw).
 */
export function confirmToken(entryId: string): string {
  return `${entryId}-${keyedHash(`entry-confirm:${entryId}`).slice(0, 32)}`;
}

/** The entry id a confirm token names, or null when the token is not one we made. */
export function entryIdFromConfirmToken(token: string): string | null {
  const match = /^([a-z0-9]{8,40})-([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, entryId = "", mac = ""] = match;
  const expected = keyedHash(`entry-confirm:${entryId}`).slice(0, 32);
  return timingSafeEqual(Buffer.from(mac), Buffer.from(expected)) ? entryId : null;
}

function findEntry(campaignId: string, emailNormalized: string) {
  return prisma.entry.findUnique({
    where: { campaignId_emailNormalized: { campaignId, emailNormalized } },
    select: { id: true, confirmedAt: true },
  });
}

export function referralLink(origin: string, campaignId: string, entryId: string): string {
  return `${origin}${referralPath(campaignId, entryId)}`;
}

/**
 * "This browser has entered" (SPEC local entries): the entry id in a cookie scoped to the
 * campaign's own path, so each campaign page receives only its own.
 */
function enteredCookie(campaignId: string) {
  return createSignedCookie(`entered_${campaignId}`, {
    path: campaignPath(campaignId),
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().isProduction,
    maxAge: 60 * 60 * 24 * 365,
    // Signed: entry ids are published with the draw, so an unsigned id would let anyone open an
    // entrant's confirmation view (referral link, coupon). Signed with node:crypto: one per entry.
    secrets: [getConfig().sessionSecret],
  });
}

export async function rememberEntry(campaignId: string, entryId: string): Promise<string> {
  return enteredCookie(campaignId).serialize(entryId);
}

export async function rememberedEntryId(request: Request, campaignId: string): Promise<string | null> {
  const value: unknown = await enteredCookie(campaignId).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length <= 64 ? value : null;
}

/**
 * The browser's id for fraud review (one browser, many entries): random, in a long-lived httpOnly
 * cookie set with the first entry. Unsigned on purpose: it is a signal, never a permission, and a
 * visitor who clears it only looks like a new browser.
 */
const BROWSER_ID_COOKIE = "gw_bid";
const BROWSER_ID = /^[a-z0-9]{8,40}$/;

function browserIdCookie() {
  return createCookie(BROWSER_ID_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().isProduction,
    maxAge: 60 * 60 * 24 * 365 * 2,
  });
}

/** The browser's id, and the Set-Cookie that gives it one when it had none. */
export async function browserId(request: RequestHeaders): Promise<{ id: string; setCookie: string | null }> {
  const value: unknown = await browserIdCookie().parse(request.headers.get("Cookie"));
  if (typeof value === "string" && BROWSER_ID.test(value)) return { id: value, setCookie: null };
  const id = newId();
  return { id, setCookie: await browserIdCookie().serialize(id) };
}

/** The visitor's own entry: the one this browser made, or the signed-in user's by email. */
export async function visitorEntry(request: Request, campaignId: string, userEmail: string | null) {
  const select = { id: true, email: true, bonusEntries: true, createdAt: true, confirmedAt: true } as const;
  const remembered = await rememberedEntryId(request, campaignId);
  if (remembered) {
    const entry = await prisma.entry.findFirst({ where: { id: remembered, campaignId }, select });
    if (entry) return entry;
  }
  if (userEmail) {
    return prisma.entry.findUnique({
      where: { campaignId_emailNormalized: { campaignId, emailNormalized: entryEmailKey(userEmail) } },
      select,
    });
  }
  return null;
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
