/**
 * Winner claims (issue 6 item 3, decision 013).
 *
 * - claimToken / claimLink: the signed, single-purpose link to /claim/{token} that the winner's
 *   email carries (draw/notify.server.ts sends it).
 * - claimState / submitClaim: the claim page. A claim is one transaction that creates the prize's
 *   Order (unique per campaign and rank) after re-checking, in the same write, that the entry is
 *   still the winner and the deadline has not passed.
 *
 * Additional prizes (2nd, 3rd) are digital: a title and an optional code, delivered in the email.
 * They have no claim step and no order, so they are never "unclaimed" and are not redrawn; only the
 * grand prize (rank 1), the physical product, is claimed and can be redrawn.
 */
import { CampaignStatus } from "../domain/campaign-status";
import { WINNER_ORDER_FIELDS, type WinnerOrderProgress, winnerOrderProgress } from "../domain/orders";
import { claimExpired, claimOptions, signClaimToken, verifyClaimToken, type ClaimInput, type ClaimOptions } from "../domain/claims";
import { claimPath } from "../paths";
import { publicUrl } from "./public-url.server";
import { getConfig } from "./config.server";
import { isUniqueConstraintError, prisma } from "./db.server";

export const GRAND_PRIZE_RANK = 1;

// ---------------------------------------------------------------------------------------------
// Tokens and links

export function claimToken(claim: { campaignId: string; entryId: string; deadline: Date; rank?: number }): Promise<string> {
  return signClaimToken(getConfig().sessionSecret, { rank: GRAND_PRIZE_RANK, ...claim });
}

export async function claimLink(claim: { campaignId: string; entryId: string; deadline: Date }): Promise<string> {
  return publicUrl(claimPath(await claimToken(claim)));
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
  printifyMockups: true,
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
  /** The print partner's photos by colour, JSON (decision 044); "" when none. */
  printifyMockups: string;
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
  /** Where the order stands, as the winner is told (decision 052). */
  progress: WinnerOrderProgress;
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
  if (!row || row.status !== CampaignStatus.completed) return { state: { kind: "invalid" }, open: null };
  const campaign: ClaimCampaign = {
    id: row.id,
    title: row.title,
    brandName: row.brandName,
    productType: row.productType,
    finalDesignUrl: row.finalDesignUrl,
    selectedColors: row.selectedColors,
    printifyMockups: row.printifyMockups,
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
    select: {
      entryId: true,
      size: true,
      style: true,
      color: true,
      shipCity: true,
      shipCountry: true,
      createdAt: true,
      ...WINNER_ORDER_FIELDS,
    },
  });
  if (order) {
    if (order.entryId && order.entryId !== claims.entryId) return { state: { kind: "superseded", campaign }, open: null };
    const { size, style, color, shipCity, shipCountry, status, createdAt } = order;
    const shown = { size, style, color, shipCity, shipCountry, status, progress: winnerOrderProgress(order) };
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
          status: CampaignStatus.completed,
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
