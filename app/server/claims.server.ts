/**
 * Winner claims (issue 6 item 3, DECISIONS 13).
 *
 * - notifyWinners: after a draw, the grand-prize winner gets winner_notification with a signed,
 *   single-purpose link to /claim/{token}; additional-prize winners get additional_prize_winner with
 *   the prize's title and code. Each message has the dedupeKey winner:<campaign>:<rank>:<entry>, so
 *   reruns (and a second instance) never mail anyone twice, while a redraw's new winner still gets
 *   mailed. Then winnersNotifiedAt is set by a conditional update.
 * - claimState / submitClaim: the claim page. A claim is one transaction that creates the prize's
 *   Order (unique per campaign and rank) after re-checking, in the same write, that the entry is
 *   still the winner and the deadline has not passed.
 * - Creator actions for the draw controls: draw (manual mode), redraw (after the deadline, no order),
 *   winner-public.
 *
 * Additional prizes (2nd, 3rd) are digital: a title and an optional code, delivered in the email.
 * They have no claim step and no order, so they are never "unclaimed" and are not redrawn; only the
 * grand prize (rank 1), the physical product, is claimed and can be redrawn.
 */
import {
  CAMPAIGN_ACCESS_MESSAGE,
  claimChoices,
  claimExpired,
  claimOptions,
  signClaimToken,
  verifyClaimToken,
  type ClaimInput,
  type ClaimOptions,
} from "../domain/claims";
import { addDays } from "../domain/campaign-dates";
import { formatUtcDate, formatUtcDateTime } from "../domain/campaign-status";
import { maskEmail } from "../domain/profile";
import { publicUrl } from "./auth.server";
import { getConfig } from "./config.server";
import { isUniqueConstraintError, prisma } from "./db.server";
import { redrawPrize } from "./draw/redraw.server";
import { drawCampaign } from "./draw/run.server";
import { queueTemplatedEmail } from "./email.server";
import { currentTime, leaseUntil } from "./jobs/leases.server";
import { loadPlatformSettings } from "./settings.server";

export const GRAND_PRIZE_RANK = 1;

// ---------------------------------------------------------------------------------------------
// Tokens and links

export function claimToken(claim: { campaignId: string; entryId: string; deadline: Date; rank?: number }): Promise<string> {
  return signClaimToken(getConfig().sessionSecret, { rank: GRAND_PRIZE_RANK, ...claim });
}

export async function claimLink(claim: { campaignId: string; entryId: string; deadline: Date }): Promise<string> {
  return publicUrl(`/claim/${await claimToken(claim)}`);
}

export function winnerDedupeKey(campaignId: string, rank: number, entryId: string): string {
  return `winner:${campaignId}:${rank}:${entryId}`;
}

// ---------------------------------------------------------------------------------------------
// Notification

const RANK_WORDS: Record<number, string> = { 1: "1st", 2: "2nd", 3: "3rd" };

/** Queues one message unless its dedupeKey is already in the outbox; answers whether it was queued. */
async function queueOnce(message: Parameters<typeof queueTemplatedEmail>[1] & { dedupeKey: string }): Promise<boolean> {
  try {
    await queueTemplatedEmail(prisma, message);
    return true;
  } catch (error) {
    if (isUniqueConstraintError(error)) return false;
    throw error;
  }
}

/** How long the winners' emails of a campaign belong to the runner that took them. */
export const WINNERS_NOTIFY_LEASE_MS = 5 * 60 * 1000;

const notifyLeaseFree = (now: Date) => [{ winnersNotifyLeaseUntil: null }, { winnersNotifyLeaseUntil: { lt: currentTime(now) } }];

/**
 * Queues the winners' emails of a drawn campaign and marks it notified. Idempotent: answers how
 * many messages this call queued (0 on a rerun, or when another runner has the campaign).
 *
 * The runner first takes the campaign's notify lease (winnersNotifyLeaseUntil) with one conditional
 * update, so of two instances (or a job pass and the creator's action) only one does the work. A
 * runner that dies leaves the lease to run out and a later pass finishes; the dedupe keys remain
 * the backstop against a runner that outlived its lease. A redraw clears the lease, so the new
 * winner is mailed at once and a runner still busy with the old winners cannot mark it notified.
 */
export async function notifyWinners(campaignId: string, now: Date = new Date()): Promise<number> {
  const lease = leaseUntil(now, WINNERS_NOTIFY_LEASE_MS);
  const taken = await prisma.campaign.updateMany({
    where: { id: campaignId, winnerEntryId: { not: null }, winnersNotifiedAt: null, OR: notifyLeaseFree(now) },
    data: { winnersNotifyLeaseUntil: lease },
  });
  if (taken.count !== 1) return 0;
  try {
    return await notifyLeased(campaignId, now, lease);
  } finally {
    // Given back whatever happened (a no-op once marked): after an error the next pass retries at once.
    await prisma.campaign
      .updateMany({ where: { id: campaignId, winnersNotifyLeaseUntil: lease }, data: { winnersNotifyLeaseUntil: null } })
      .catch((error: unknown) => console.error(`[claims] could not release the notify lease of campaign ${campaignId}`, error));
  }
}

async function notifyLeased(campaignId: string, now: Date, lease: Date): Promise<number> {
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    include: { additionalPrizes: { orderBy: { rank: "asc" } } },
  });
  if (!campaign?.winnerEntryId || !campaign.winnerEmail) return 0;

  let deadline = campaign.claimDeadline;
  if (!deadline) {
    // The draw sets the deadline; should one be missing, it is set once, and every caller uses that one.
    await prisma.campaign.updateMany({
      where: { id: campaignId, claimDeadline: null },
      data: { claimDeadline: addDays(now, getConfig().CLAIM_WINDOW_DAYS) },
    });
    deadline = (await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { claimDeadline: true } })).claimDeadline;
    if (!deadline) return 0;
  }

  const gift = campaign.giveBonusGiftToWinner && campaign.winnerBonusGiftName.trim();
  let queued = 0;
  const grandPrize = await queueOnce({
    to: campaign.winnerEmail,
    template: "winner_notification",
    dedupeKey: winnerDedupeKey(campaign.id, GRAND_PRIZE_RANK, campaign.winnerEntryId),
    tokens: {
      email: campaign.winnerEmail,
      brand_name: campaign.brandName,
      campaign_title: campaign.title,
      redemption_link: await claimLink({ campaignId: campaign.id, entryId: campaign.winnerEntryId, deadline }),
      redemption_deadline: formatUtcDateTime(deadline),
      claim_choices: claimChoices(campaign.productType),
      bonus_gift_name: gift ? `Bonus gift: ${campaign.winnerBonusGiftName.trim()}` : "",
      bonus_gift_code: gift && campaign.winnerBonusGiftCode.trim() ? `Gift code: ${campaign.winnerBonusGiftCode.trim()}` : "",
      bonus_gift_instructions:
        gift && campaign.winnerBonusGiftInstructions.trim() ? `How to redeem: ${campaign.winnerBonusGiftInstructions.trim()}` : "",
    },
  });
  if (grandPrize) queued += 1;

  for (const prize of campaign.additionalPrizes) {
    if (!prize.winnerEntryId || !prize.winnerEmail) continue;
    const code = prize.code?.trim() ?? "";
    const redeemBy = prize.redeemByDate ? formatUtcDate(prize.redeemByDate) : "";
    const instructions = code
      ? `Your code: ${code}. ${redeemBy ? `Redeem it with ${campaign.brandName} before ${redeemBy}.` : `Redeem it with ${campaign.brandName}.`}`
      : `${campaign.brandName} will contact you at this address to hand over your prize.`;
    const sent = await queueOnce({
      to: prize.winnerEmail,
      template: "additional_prize_winner",
      dedupeKey: winnerDedupeKey(campaign.id, prize.rank, prize.winnerEntryId),
      tokens: {
        email: prize.winnerEmail,
        brand_name: campaign.brandName,
        campaign_title: campaign.title,
        prize_title: prize.title,
        prize_rank: RANK_WORDS[prize.rank] ?? `#${prize.rank}`,
        prize_code: code,
        prize_instructions: instructions,
        redemption_deadline: redeemBy,
        redemption_link: publicUrl(`/campaign/${campaign.id}`),
      },
    });
    if (sent) queued += 1;
  }

  // Only under our lease and for the winner just mailed: a redraw in between (which clears the
  // lease) leaves the campaign waiting for the new winner's email.
  await prisma.campaign.updateMany({
    where: { id: campaign.id, winnersNotifiedAt: null, winnerEntryId: campaign.winnerEntryId, winnersNotifyLeaseUntil: lease },
    data: { winnersNotifiedAt: now, winnersNotifyLeaseUntil: null },
  });
  return queued;
}

/** Completed campaigns with a winner whose emails have not been queued yet and nobody is queueing (oldest end first). */
export async function campaignsAwaitingNotification(limit = 20): Promise<string[]> {
  const rows = await prisma.campaign.findMany({
    where: { status: "completed", winnerEntryId: { not: null }, winnersNotifiedAt: null, OR: notifyLeaseFree(new Date()) },
    orderBy: [{ endDate: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The claim page

const CLAIM_CAMPAIGN_FIELDS = {
  id: true,
  status: true,
  title: true,
  brandName: true,
  productType: true,
  finalDesignUrl: true,
  selectedColors: true,
  selectedSizes: true,
  winnerEntryId: true,
  winnerEmail: true,
  claimDeadline: true,
  giveBonusGiftToWinner: true,
  winnerBonusGiftName: true,
  winnerBonusGiftCode: true,
  winnerBonusGiftInstructions: true,
} as const;

export interface ClaimCampaign {
  id: string;
  title: string;
  brandName: string;
  productType: string;
  finalDesignUrl: string | null;
  selectedColors: string;
  selectedSizes: string;
  bonusGift: { name: string; code: string; instructions: string } | null;
}

/** What the claimed page shows: the choices, and of the address only the city and country. */
export interface ClaimedOrder {
  size: string | null;
  style: string | null;
  color: string | null;
  shipCity: string | null;
  shipCountry: string | null;
  status: string;
  claimedAt: Date;
}

export type ClaimState =
  | { kind: "invalid" }
  | { kind: "superseded"; campaign: ClaimCampaign }
  | { kind: "expired"; campaign: ClaimCampaign; deadline: Date }
  | { kind: "claimed"; campaign: ClaimCampaign; order: ClaimedOrder; winnerEmail: string }
  | { kind: "open"; campaign: ClaimCampaign; deadline: Date; options: ClaimOptions; winnerEmail: string };

interface OpenClaim {
  campaignId: string;
  entryId: string;
  winnerEmail: string;
}

async function resolveClaim(token: string, now: Date): Promise<{ state: ClaimState; open: OpenClaim | null }> {
  const claims = await verifyClaimToken(getConfig().sessionSecret, token);
  // Only grand-prize links are ever issued (additional prizes have nothing to claim).
  if (!claims || claims.rank !== GRAND_PRIZE_RANK) return { state: { kind: "invalid" }, open: null };
  const row = await prisma.campaign.findUnique({ where: { id: claims.campaignId }, select: CLAIM_CAMPAIGN_FIELDS });
  if (!row || row.status !== "completed") return { state: { kind: "invalid" }, open: null };
  const campaign: ClaimCampaign = {
    id: row.id,
    title: row.title,
    brandName: row.brandName,
    productType: row.productType,
    finalDesignUrl: row.finalDesignUrl,
    selectedColors: row.selectedColors,
    selectedSizes: row.selectedSizes,
    bonusGift:
      row.giveBonusGiftToWinner && row.winnerBonusGiftName.trim()
        ? { name: row.winnerBonusGiftName, code: row.winnerBonusGiftCode, instructions: row.winnerBonusGiftInstructions }
        : null,
  };
  // A redraw gave the prize to someone else: this link's winner no longer holds it.
  if (row.winnerEntryId !== claims.entryId) return { state: { kind: "superseded", campaign }, open: null };
  const winnerEmail = row.winnerEmail ?? "";

  const order = await prisma.order.findUnique({
    where: { campaignId_prizeRank: { campaignId: row.id, prizeRank: GRAND_PRIZE_RANK } },
    select: { entryId: true, size: true, style: true, color: true, shipCity: true, shipCountry: true, status: true, createdAt: true },
  });
  if (order) {
    if (order.entryId && order.entryId !== claims.entryId) return { state: { kind: "superseded", campaign }, open: null };
    const { entryId: _entryId, createdAt, ...shown } = order;
    return { state: { kind: "claimed", campaign, order: { ...shown, claimedAt: createdAt }, winnerEmail }, open: null };
  }

  // The signed deadline, or the stored one if it is earlier: whichever comes first closes the claim.
  const deadline = row.claimDeadline && row.claimDeadline < claims.deadline ? row.claimDeadline : claims.deadline;
  if (claimExpired(deadline, now)) return { state: { kind: "expired", campaign, deadline }, open: null };
  return {
    state: { kind: "open", campaign, deadline, options: claimOptions(row), winnerEmail },
    open: { campaignId: row.id, entryId: claims.entryId, winnerEmail },
  };
}

/** Where a claim link stands right now. */
export async function claimState(token: string, now: Date = new Date()): Promise<ClaimState> {
  return (await resolveClaim(token, now)).state;
}

export type ClaimOutcome = { kind: "claimed"; orderId: string } | { kind: "refused"; state: ClaimState };

class ClaimClosed extends Error {}

/**
 * Turns a valid claim into the prize's order (status "pending": the fulfilment job sends it on).
 * `input` must have passed claimSchema(claimOptions(campaign)). Double submits make one order:
 * the second meets the unique (campaign, rank) index and is answered with the claimed state.
 */
export async function submitClaim(token: string, input: ClaimInput, now: Date = new Date()): Promise<ClaimOutcome> {
  const { state, open } = await resolveClaim(token, now);
  if (!open) return { kind: "refused", state };
  try {
    const order = await prisma.$transaction(async (tx) => {
      // Re-checked in the write itself (and the campaign row locked on PostgreSQL), so a claim and a
      // redraw racing at the deadline cannot both win.
      const still = await tx.campaign.updateMany({
        where: {
          id: open.campaignId,
          status: "completed",
          winnerEntryId: open.entryId,
          OR: [{ claimDeadline: null }, { claimDeadline: { gt: now } }],
        },
        data: { winnerEntryId: open.entryId, ...(input.publicName ? { winnerPublicName: input.publicName } : {}) },
      });
      if (still.count === 0) throw new ClaimClosed();
      return tx.order.create({
        data: {
          campaignId: open.campaignId,
          prizeRank: GRAND_PRIZE_RANK,
          entryId: open.entryId,
          winnerEmail: open.winnerEmail,
          status: "pending",
          size: input.size ?? null,
          style: input.style ?? null,
          color: input.color,
          shipName: input.shipName,
          shipLine1: input.shipLine1,
          shipLine2: input.shipLine2 ?? null,
          shipCity: input.shipCity,
          shipRegion: input.shipRegion ?? null,
          shipPostalCode: input.shipPostalCode ?? null,
          shipCountry: input.shipCountry,
          shipPhone: input.shipPhone ?? null,
        },
        select: { id: true },
      });
    });
    return { kind: "claimed", orderId: order.id };
  } catch (error) {
    if (error instanceof ClaimClosed || isUniqueConstraintError(error)) return { kind: "refused", state: await claimState(token, now) };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The creator's draw controls

export interface DrawControlsData {
  campaignId: string;
  status: string;
  endDate: string | null;
  ended: boolean;
  /** autoPickWinnerEnabled: the job draws at the end, so there is no Draw button. */
  autoPick: boolean;
  canDraw: boolean;
  drawn: boolean;
  winner: {
    name: string;
    claimDeadline: string | null;
    claim: "claimed" | "waiting" | "unclaimed";
    claimedAt: string | null;
    orderStatus: string | null;
    notified: boolean;
    canRedraw: boolean;
  } | null;
  additionalPrizes: { rank: number; title: string; winner: string | null }[];
  winnerPublic: boolean;
  winnerPublicName: string;
}

/** The creator's own campaign, or null (another user's campaign reads as missing). */
export async function ownedCampaign(campaignId: string, userId: string) {
  return prisma.campaign.findFirst({
    where: { id: campaignId, creatorId: userId },
    include: { additionalPrizes: { orderBy: { rank: "asc" } } },
  });
}

type OwnedCampaign = NonNullable<Awaited<ReturnType<typeof ownedCampaign>>>;

function ended(campaign: Pick<OwnedCampaign, "endDate">, now: Date): boolean {
  return Boolean(campaign.endDate && campaign.endDate.getTime() <= now.getTime());
}

export async function drawControlsData(campaign: OwnedCampaign, now: Date = new Date()): Promise<DrawControlsData> {
  const [settings, order] = await Promise.all([
    loadPlatformSettings(),
    prisma.order.findUnique({
      where: { campaignId_prizeRank: { campaignId: campaign.id, prizeRank: GRAND_PRIZE_RANK } },
      select: { status: true, createdAt: true },
    }),
  ]);
  const isEnded = ended(campaign, now);
  const drawn = Boolean(campaign.winnerEntryId);
  const deadlinePassed = Boolean(campaign.claimDeadline && claimExpired(campaign.claimDeadline, now));
  return {
    campaignId: campaign.id,
    status: campaign.status,
    endDate: campaign.endDate?.toISOString() ?? null,
    ended: isEnded,
    autoPick: settings.autoPickWinnerEnabled,
    canDraw: !settings.autoPickWinnerEnabled && isEnded && campaign.status === "active" && !drawn,
    drawn,
    winner: drawn
      ? {
          name: maskEmail(campaign.winnerEmail),
          claimDeadline: campaign.claimDeadline?.toISOString() ?? null,
          claim: order ? "claimed" : deadlinePassed ? "unclaimed" : "waiting",
          claimedAt: order?.createdAt.toISOString() ?? null,
          orderStatus: order?.status ?? null,
          notified: Boolean(campaign.winnersNotifiedAt),
          canRedraw: !order && deadlinePassed && campaign.status === "completed",
        }
      : null,
    additionalPrizes: campaign.additionalPrizes.map((prize) => ({
      rank: prize.rank,
      title: prize.title,
      winner: prize.winnerEmail ? maskEmail(prize.winnerEmail) : null,
    })),
    winnerPublic: campaign.winnerPublic,
    winnerPublicName: campaign.winnerPublicName ?? "",
  };
}

export type CreatorActionResult = { ok: true; title: string; description: string } | { ok: false; status: number; message: string };

/** The creator's "Draw winner" (only in manual mode, after the end, once). */
export async function creatorDraw(campaign: OwnedCampaign, now: Date = new Date()): Promise<CreatorActionResult> {
  const settings = await loadPlatformSettings();
  if (settings.autoPickWinnerEnabled) {
    return { ok: false, status: 409, message: "Winners are drawn automatically when the giveaway ends." };
  }
  if (campaign.winnerEntryId || campaign.status === "completed") {
    return { ok: false, status: 409, message: "The winner of this giveaway has already been drawn." };
  }
  if (campaign.status !== "active" || !ended(campaign, now)) {
    return { ok: false, status: 409, message: "The winner can be drawn once the giveaway has ended." };
  }
  const outcome = await drawCampaign(campaign.id, { now });
  switch (outcome.kind) {
    case "drawn": {
      await notifyWinners(campaign.id, now);
      return { ok: true, title: "Winner drawn", description: "The winner has been emailed a link to claim the prize." };
    }
    case "already-drawn":
      return { ok: false, status: 409, message: "The winner of this giveaway has already been drawn." };
    case "busy":
      return { ok: false, status: 409, message: "A draw for this giveaway is already running. Try again in a minute." };
    case "no-entries":
      return { ok: false, status: 409, message: "This giveaway has no entries, so there is no one to draw." };
    case "not-due":
      return { ok: false, status: 409, message: "The winner can be drawn once the giveaway has ended." };
    case "not-found":
      return { ok: false, status: 404, message: CAMPAIGN_ACCESS_MESSAGE };
  }
}

/** The creator's redraw of an unclaimed grand prize, after its claim deadline. */
export async function creatorRedraw(campaign: OwnedCampaign, rank: number, now: Date = new Date()): Promise<CreatorActionResult> {
  if (rank !== GRAND_PRIZE_RANK) {
    return { ok: false, status: 400, message: "Only the grand prize can be redrawn: additional prizes are delivered by email." };
  }
  if (campaign.status !== "completed" || !campaign.winnerEntryId) {
    return { ok: false, status: 409, message: "There is no winner to redraw yet." };
  }
  if (!campaign.claimDeadline || !claimExpired(campaign.claimDeadline, now)) {
    return { ok: false, status: 409, message: "The prize can be redrawn only after its claim deadline has passed." };
  }
  const order = await prisma.order.findUnique({
    where: { campaignId_prizeRank: { campaignId: campaign.id, prizeRank: rank } },
    select: { id: true },
  });
  if (order) return { ok: false, status: 409, message: "The winner has claimed the prize, so it cannot be redrawn." };
  const outcome = await redrawPrize(campaign.id, rank, { now });
  switch (outcome.kind) {
    case "redrawn":
      await notifyWinners(campaign.id, now);
      return { ok: true, title: "New winner drawn", description: "The new winner has been emailed a link to claim the prize." };
    case "exhausted":
      return { ok: false, status: 409, message: "Every entrant has already been drawn: there is no one left to redraw." };
    case "not-allowed":
      return { ok: false, status: 409, message: outcome.reason };
  }
}

export const WINNER_PUBLIC_NAME_MAX = 50;

/** DECISIONS 22: the winner is shown publicly (masked email or a chosen name) unless the creator hides it. */
export async function setWinnerPublic(campaign: OwnedCampaign, winnerPublic: boolean, name: string): Promise<CreatorActionResult> {
  const trimmed = name.trim();
  if (trimmed.length > WINNER_PUBLIC_NAME_MAX) {
    return { ok: false, status: 400, message: `The display name must be at most ${WINNER_PUBLIC_NAME_MAX} characters.` };
  }
  await prisma.campaign.update({
    where: { id: campaign.id },
    data: { winnerPublic, winnerPublicName: trimmed || null },
  });
  return winnerPublic
    ? { ok: true, title: "Winner shown", description: "The winner is shown on the giveaway's public page." }
    : { ok: true, title: "Winner hidden", description: "The winner is no longer shown on the giveaway's public page." };
}
