/**
 * Entries (SPEC "Entry", decisions 002, 010, 011): one per campaign per normalised email, enforced by
 * the unique index; the plan's cap enforced by one conditional update of the campaign's counter;
 * the referral bonus credited in the same transaction; the confirmation email queued in it too.
 */
import { createCookie } from "react-router";
import { CampaignStatus, isPublicStatus, publicPhase, formatUtcDateTime } from "../domain/campaign-status";
import { type EntryInput, REFERRAL_BONUS_ENTRIES, entryEmailKey, referralOffer } from "../domain/entries";
import { campaignPath, referralPath } from "../paths";
import { getConfig } from "./config.server";
import { newId } from "./ids.server";
import { platformSetting } from "./settings.server";
import { deliverEmail, queueTemplatedEmail, recentEmailsWithKeyPrefix } from "./email.server";
import { type OutboundEmail, type Prisma, isUniqueConstraintError, prisma } from "./db.server";

const RATE_WINDOW_MS = 10 * 60 * 1000;

export type EntryOutcome =
  | { kind: "entered"; entryId: string }
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
  ip?: string | null;
  /** Absolute origin for the referral link in the email, e.g. https://giveawear.example. */
  origin: string;
}

/** Thrown inside the transaction to roll back the counter when the cap turns out to be reached. */
class CampaignFull extends Error {}

export async function submitEntry(submission: EntrySubmission): Promise<EntryOutcome> {
  const { campaignId } = submission;
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: {
      status: true,
      startDate: true,
      endDate: true,
      entryLimit: true,
      title: true,
      brandName: true,
      giveCouponToEntrants: true,
      entrantCouponCode: true,
      entrantCouponDescription: true,
    },
  });
  if (!campaign || !isPublicStatus(campaign.status)) return { kind: "not-found" };
  const now = new Date();
  const phase = publicPhase(campaign, now);
  if (phase !== "live") return { kind: phase };

  const emailKey = entryEmailKey(submission.email);
  if (submission.ip) {
    const recent = await prisma.entry.count({ where: { ip: submission.ip, createdAt: { gt: new Date(now.getTime() - RATE_WINDOW_MS) } } });
    if (recent >= getConfig().ENTRY_LIMIT_PER_IP) {
      // Someone who already entered, on a busy shared network, is told so rather than refused.
      const existing = await findEntryId(campaignId, emailKey);
      return existing ? { kind: "already", entryId: existing } : { kind: "rate-limited" };
    }
  }

  // Admins can switch referral bonuses off (platform setting referralsEnabled, decision 017).
  const referralsEnabled = await platformSetting("referralsEnabled");
  const referrerId = submission.referrerId && referralsEnabled ? submission.referrerId : null;

  let email: OutboundEmail;
  let entryId: string;
  try {
    ({ email, entryId } = await prisma.$transaction(
      async (tx) => {
        const referrer = referrerId
          ? await tx.entry.findFirst({ where: { id: referrerId, campaignId }, select: { id: true, emailNormalized: true } })
          : null;
        const credited = referrer !== null && referrer.emailNormalized !== emailKey;

        // A repeat fails here on the unique index (campaign, normalised email) and rolls back.
        const entry = await tx.entry.create({
          data: {
            id: newId(),
            campaignId,
            email: submission.email,
            emailNormalized: emailKey,
            phoneNumber: submission.phoneNumber ?? null,
            agreedToTerms: true,
            marketingConsent: submission.marketingConsent,
            referrerId: credited ? referrer.id : null,
            referralCredited: credited,
            userId: submission.userId ?? null,
            ip: submission.ip ?? null,
            createdAt: now,
          },
          select: { id: true },
        });
        // The cap and the end are checked by the same write that takes the slot, so a burst can
        // never overfill a campaign or slip in after it closed.
        const slot = await tx.campaign.updateMany({
          where: {
            id: campaignId,
            status: CampaignStatus.active,
            endDate: { gt: now },
            ...(campaign.entryLimit === null ? {} : { entryCount: { lt: campaign.entryLimit } }),
          },
          data: { entryCount: { increment: 1 } },
        });
        if (slot.count === 0) throw new CampaignFull();
        if (credited) {
          await tx.entry.update({ where: { id: referrer.id }, data: { bonusEntries: { increment: REFERRAL_BONUS_ENTRIES } } });
        }

        const message = await queueTemplatedEmail(tx, {
          to: submission.email,
          template: "entry_confirmation",
          dedupeKey: `entry:${entry.id}`,
          tokens: confirmationTokens(campaign, { id: entry.id, campaignId, email: submission.email }, referralsEnabled, submission.origin),
        });
        return { email: message, entryId: entry.id };
      },
      // SQLite runs one transaction at a time; a burst queues behind it rather than failing.
      { maxWait: 15_000, timeout: 15_000 },
    ));
  } catch (error) {
    if (isUniqueConstraintError(error)) {
      // Entered before, or two submissions of one email raced and the other one won.
      const winner = await findEntryId(campaignId, emailKey);
      if (winner) return { kind: "already", entryId: winner };
    }
    if (error instanceof CampaignFull) {
      const fresh = await prisma.campaign.findUnique({
        where: { id: campaignId },
        select: { status: true, startDate: true, endDate: true },
      });
      return fresh && publicPhase(fresh, new Date()) === "ended" ? { kind: "ended" } : { kind: "full" };
    }
    throw error;
  }

  // The message is already committed in the outbox; SMTP delivery must not hold up the entrant.
  void deliverEmail(email).catch((error: unknown) => console.error("[email] entry confirmation delivery failed", error));
  return { kind: "entered", entryId };
}

const CONFIRMATION_CAMPAIGN_FIELDS = {
  title: true,
  brandName: true,
  endDate: true,
  giveCouponToEntrants: true,
  entrantCouponCode: true,
  entrantCouponDescription: true,
} as const;

type ConfirmationCampaign = Prisma.CampaignGetPayload<{ select: typeof CONFIRMATION_CAMPAIGN_FIELDS }>;

/** The entry_confirmation email's tokens: the campaign, the coupon, and the entrant's own referral link. */
function confirmationTokens(
  campaign: ConfirmationCampaign,
  entry: { id: string; campaignId: string; email: string },
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
  };
}

/** How often a repeat may send an entry's confirmation email again. */
export const CONFIRMATION_RESEND_WINDOW_MS = 10 * 60 * 1000;

/**
 * A repeat entry from a browser that does not hold the entry (issue 11): the entry's
 * own confirmation email, with its personal link, goes again to the address that entered, at most
 * once per CONFIRMATION_RESEND_WINDOW_MS per entry. Nothing about the entry is shown to whoever
 * typed the address. Each re-send's outbox key names the entry and the window it fell in, so two
 * repeats at the same moment queue one message. Answers whether a message was queued.
 */
export async function resendEntryConfirmation(entryId: string, origin: string): Promise<boolean> {
  const now = Date.now();
  const keyPrefix = `entry-resend:${entryId}:`;
  const recent = await recentEmailsWithKeyPrefix(prisma, keyPrefix, CONFIRMATION_RESEND_WINDOW_MS);
  if (recent > 0) return false;
  const entry = await prisma.entry.findUnique({
    where: { id: entryId },
    select: { id: true, campaignId: true, email: true, campaign: { select: CONFIRMATION_CAMPAIGN_FIELDS } },
  });
  if (!entry) return false;
  let message: OutboundEmail;
  try {
    message = await queueTemplatedEmail(prisma, {
      to: entry.email,
      template: "entry_confirmation",
      dedupeKey: `${keyPrefix}${Math.floor(now / CONFIRMATION_RESEND_WINDOW_MS)}`,
      tokens: confirmationTokens(entry.campaign, entry, await platformSetting("referralsEnabled"), origin),
    });
  } catch (error) {
    if (isUniqueConstraintError(error)) return false;
    throw error;
  }
  void deliverEmail(message).catch((error: unknown) => console.error("[email] entry confirmation delivery failed", error));
  return true;
}

async function findEntryId(campaignId: string, emailNormalized: string): Promise<string | null> {
  const entry = await prisma.entry.findUnique({
    where: { campaignId_emailNormalized: { campaignId, emailNormalized } },
    select: { id: true },
  });
  return entry?.id ?? null;
}

export function referralLink(origin: string, campaignId: string, entryId: string): string {
  return `${origin}${referralPath(campaignId, entryId)}`;
}

/**
 * "This browser has entered" (SPEC local entries): the entry id in a cookie scoped to the
 * campaign's own path, so each campaign page receives only its own.
 */
function enteredCookie(campaignId: string) {
  return createCookie(`entered_${campaignId}`, {
    path: campaignPath(campaignId),
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().isProduction,
    maxAge: 60 * 60 * 24 * 365,
    // Signed: entry ids are published with the draw, so an unsigned id would let anyone open an
    // entrant's confirmation view (referral link, coupon).
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

/** The visitor's own entry: the one this browser made, or the signed-in user's by email. */
export async function visitorEntry(request: Request, campaignId: string, userEmail: string | null) {
  const select = { id: true, email: true, bonusEntries: true, createdAt: true } as const;
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
