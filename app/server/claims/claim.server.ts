/**
 * Winner claims (decisions 013 and 050).
 *
 * - claimToken / claimLink: the signed, single-purpose link to /claim/{token} that each winner's
 *   email carries (draw/notify.server.ts sends it), one per prize tier: the token names the rank.
 * - claimState / submitClaim: the claim page. A claim is one transaction that creates the prize's
 *   Order (unique per campaign and rank) after re-checking, in the same write, that the entry is
 *   still the tier's winner and the deadline has not passed.
 *
 * Every tier is claimed (decision 050): the grand prize and a "merch" tier (another of the
 * campaign's printed product) make a "merch" order that fulfilment prints and ships; a "gift" tier
 * (the brand's own) makes a "gift" order with what the brand needs (an address if it posts the
 * gift, the winner's note), which the creator delivers and marks delivered from the draw page.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { isErasedAddress } from "../../domain/data-rights";
import { WINNER_ORDER_FIELDS, OrderStatus, type WinnerOrderProgress, winnerOrderProgress } from "../../domain/orders";
import {
  claimExpired,
  claimOptions,
  signClaimToken,
  verifyClaimToken,
  type ClaimOptions,
  type ClaimPrize,
  type ClaimValues,
  GRAND_PRIZE_RANK,
} from "../../domain/claims";
import { addressRule } from "../../domain/ship-countries";
import { claimPath } from "../../paths";
import { publicUrl } from "../core/public-url.server";
import { getConfig } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { deliverWebhooksSoon, queuePrizeClaimed } from "../integrations/webhooks.server";

// ---------------------------------------------------------------------------------------------
// Tokens and links

export function claimToken(claim: { campaignId: string; entryId: string; deadline: Date; rank?: number }): Promise<string> {
  return signClaimToken(getConfig().sessionSecret, { rank: GRAND_PRIZE_RANK, ...claim });
}

/** The absolute claim URL of one tier's winner (rank 1 when none is given). */
export async function claimLink(claim: { campaignId: string; entryId: string; deadline: Date; rank?: number }): Promise<string> {
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
  shipCountries: true,
  winnerEntryId: true,
  winnerEmail: true,
  claimDeadline: true,
  timeZone: true,
  giveBonusGiftToWinner: true,
  winnerBonusGiftName: true,
  winnerBonusGiftCode: true,
  winnerBonusGiftInstructions: true,
} as const;

export interface ClaimCampaign {
  id: string;
  title: string;
  /** The campaign's IANA zone: the deadline and dates the winner reads (decision 096). */
  timeZone: string;
  brandName: string;
  productType: string;
  finalDesignUrl: string | null;
  selectedColors: string;
  /** The print partner's photos by colour, JSON (decision 044); "" when none. */
  printifyMockups: string;
  selectedSizes: string;
  bonusGift: { name: string; code: string; instructions: string } | null;
  prize: ClaimPrize;
}

/** What the claimed page shows: the choices, and of the address only the city and country. */
export interface ClaimedOrder {
  kind: "merch" | "gift";
  size: string | null;
  style: string | null;
  color: string | null;
  shipCity: string | null;
  shipCountry: string | null;
  claimNote: string;
  status: string;
  /** Where the order stands, as the winner is told (decision 052). */
  progress: WinnerOrderProgress;
  claimedAt: Date;
  deliveredAt: Date | null;
}

export type ClaimState =
  | { kind: "invalid" }
  | { kind: "superseded"; campaign: ClaimCampaign }
  | { kind: "expired"; campaign: ClaimCampaign; deadline: Date }
  | { kind: "claimed"; campaign: ClaimCampaign; order: ClaimedOrder; winnerEmail: string }
  | { kind: "open"; campaign: ClaimCampaign; deadline: Date; options: ClaimOptions; winnerEmail: string };

interface OpenClaim {
  campaignId: string;
  rank: number;
  prize: ClaimPrize;
  entryId: string;
  winnerEmail: string;
}

/** The tier's current winner a link belongs to (open, claimed or expired: not superseded or invalid). */
export interface ClaimHolder {
  campaignId: string;
  rank: number;
  entryId: string;
}

async function resolveClaim(token: string, now: Date): Promise<{ state: ClaimState; open: OpenClaim | null; holder: ClaimHolder | null }> {
  const { state, open } = await resolveClaimState(token, now);
  if (state.kind === "invalid" || state.kind === "superseded") return { state, open, holder: null };
  const claims = await verifyClaimToken(getConfig().sessionSecret, token);
  return { state, open, holder: claims ? { campaignId: claims.campaignId, rank: claims.rank, entryId: claims.entryId } : null };
}

async function resolveClaimState(token: string, now: Date): Promise<{ state: ClaimState; open: OpenClaim | null }> {
  const claims = await verifyClaimToken(getConfig().sessionSecret, token);
  if (!claims) return { state: { kind: "invalid" }, open: null };
  const row = await prisma.campaign.findUnique({
    where: { id: claims.campaignId },
    select: { ...CLAIM_CAMPAIGN_FIELDS, additionalPrizes: { where: { rank: claims.rank } } },
  });
  if (!row || row.status !== CampaignStatus.completed) return { state: { kind: "invalid" }, open: null };
  const grand = claims.rank === GRAND_PRIZE_RANK;
  const tier = row.additionalPrizes[0];
  // A link for a tier the campaign does not have was never issued by us.
  if (!grand && !tier) return { state: { kind: "invalid" }, open: null };
  const holder = grand
    ? { winnerEntryId: row.winnerEntryId, winnerEmail: row.winnerEmail, claimDeadline: row.claimDeadline }
    : { winnerEntryId: tier?.winnerEntryId ?? null, winnerEmail: tier?.winnerEmail ?? null, claimDeadline: tier?.claimDeadline ?? null };
  const prize: ClaimPrize =
    grand || !tier
      ? { rank: GRAND_PRIZE_RANK, kind: "merch", title: "", imageUrl: null, needsAddress: true, code: null }
      : tier.kind === "merch"
        ? { rank: tier.rank, kind: "merch", title: tier.title, imageUrl: tier.imageUrl, needsAddress: true, code: null }
        : { rank: tier.rank, kind: "gift", title: tier.title, imageUrl: tier.imageUrl, needsAddress: tier.needsAddress, code: tier.code };
  const campaign: ClaimCampaign = {
    id: row.id,
    title: row.title,
    timeZone: row.timeZone,
    brandName: row.brandName,
    productType: row.productType,
    finalDesignUrl: row.finalDesignUrl,
    selectedColors: row.selectedColors,
    printifyMockups: row.printifyMockups,
    selectedSizes: row.selectedSizes,
    // The campaign's bonus gift goes with the grand prize only.
    bonusGift:
      grand && row.giveBonusGiftToWinner && row.winnerBonusGiftName.trim()
        ? { name: row.winnerBonusGiftName, code: row.winnerBonusGiftCode, instructions: row.winnerBonusGiftInstructions }
        : null,
    prize,
  };
  // A redraw gave the prize to someone else: this link's winner no longer holds it.
  if (holder.winnerEntryId !== claims.entryId) return { state: { kind: "superseded", campaign }, open: null };
  // The winner erased their data (decision 054): their link no longer opens anything.
  if (isErasedAddress(holder.winnerEmail)) return { state: { kind: "invalid" }, open: null };
  const winnerEmail = holder.winnerEmail ?? "";

  const order = await prisma.order.findUnique({
    where: { campaignId_prizeRank: { campaignId: row.id, prizeRank: claims.rank } },
    select: {
      entryId: true,
      kind: true,
      size: true,
      style: true,
      color: true,
      shipCity: true,
      shipCountry: true,
      claimNote: true,
      createdAt: true,
      ...WINNER_ORDER_FIELDS,
    },
  });
  if (order) {
    if (order.entryId && order.entryId !== claims.entryId) return { state: { kind: "superseded", campaign }, open: null };
    const { kind, size, style, color, shipCity, shipCountry, claimNote, status, deliveredAt, createdAt } = order;
    const shown = { size, style, color, shipCity, shipCountry, claimNote, status, deliveredAt, progress: winnerOrderProgress(order) };
    return {
      state: {
        kind: "claimed",
        campaign,
        order: { ...shown, kind: kind === "gift" ? "gift" : "merch", claimedAt: createdAt },
        winnerEmail,
      },
      open: null,
    };
  }

  // The signed deadline, or the stored one if it is earlier: whichever comes first closes the claim.
  const deadline = holder.claimDeadline && holder.claimDeadline < claims.deadline ? holder.claimDeadline : claims.deadline;
  if (claimExpired(deadline, now)) return { state: { kind: "expired", campaign, deadline }, open: null };
  return {
    state: { kind: "open", campaign, deadline, options: claimOptions(row), winnerEmail },
    open: { campaignId: row.id, rank: claims.rank, prize, entryId: claims.entryId, winnerEmail },
  };
}

/** Where a claim link stands right now. */
export async function claimState(token: string, now: Date = new Date()): Promise<ClaimState> {
  return (await resolveClaimState(token, now)).state;
}

/**
 * Where a claim link stands, and whose it is while its entry still holds the prize (open, claimed
 * or expired): the winner's choices for the winners list are made through it (decision 057).
 */
export async function claimStateAndHolder(
  token: string,
  now: Date = new Date(),
): Promise<{ state: ClaimState; holder: ClaimHolder | null }> {
  const { state, holder } = await resolveClaim(token, now);
  return { state, holder };
}

export type ClaimOutcome = { kind: "claimed"; orderId: string } | { kind: "refused"; state: ClaimState };

class ClaimClosed extends Error {}

/**
 * Turns a valid claim into the prize's order (status "pending": for a printed prize the fulfilment
 * job sends it on; a gift waits for the creator). `input` must have passed the tier's schema
 * (claimSchema or giftClaimSchema). Double submits make one order: the second meets the unique
 * (campaign, rank) index and is answered with the claimed state.
 */
export async function submitClaim(token: string, input: ClaimValues, now: Date = new Date()): Promise<ClaimOutcome> {
  const { state, open } = await resolveClaimState(token, now);
  if (!open) return { kind: "refused", state };
  const withAddress = open.prize.needsAddress && Boolean(input.shipCountry);
  const noPostalCode = addressRule(input.shipCountry).postal === "none";
  try {
    const { order, webhooks } = await prisma.$transaction(async (tx) => {
      // Re-checked in the write itself (and the row locked on PostgreSQL), so a claim and a redraw
      // racing at the deadline cannot both win.
      const stillOpen = { OR: [{ claimDeadline: null }, { claimDeadline: { gt: now } }] };
      const still =
        open.rank === GRAND_PRIZE_RANK
          ? await tx.campaign.updateMany({
              where: { id: open.campaignId, status: CampaignStatus.completed, winnerEntryId: open.entryId, ...stillOpen },
              data: { winnerEntryId: open.entryId },
            })
          : await tx.additionalPrize.updateMany({
              where: {
                campaignId: open.campaignId,
                rank: open.rank,
                winnerEntryId: open.entryId,
                campaign: { status: CampaignStatus.completed },
                ...stillOpen,
              },
              data: { winnerEntryId: open.entryId },
            });
      if (still.count === 0) throw new ClaimClosed();
      const created = await tx.order.create({
        data: {
          campaignId: open.campaignId,
          prizeRank: open.rank,
          kind: open.prize.kind,
          entryId: open.entryId,
          winnerEmail: open.winnerEmail,
          status: OrderStatus.pending,
          size: open.prize.kind === "merch" ? (input.size ?? null) : null,
          style: open.prize.kind === "merch" ? (input.style ?? null) : null,
          color: open.prize.kind === "merch" ? (input.color ?? null) : null,
          claimNote: open.prize.kind === "gift" ? (input.claimNote ?? "") : "",
          ...(withAddress
            ? {
                shipName: input.shipName ?? null,
                shipLine1: input.shipLine1 ?? null,
                shipLine2: input.shipLine2 ?? null,
                shipCity: input.shipCity ?? null,
                shipRegion: input.shipRegion ?? null,
                shipPostalCode: noPostalCode ? null : (input.shipPostalCode ?? null),
                shipCountry: input.shipCountry ?? null,
                shipPhone: input.shipPhone ?? null,
              }
            : {}),
        },
        select: { id: true, campaignId: true, prizeRank: true, kind: true, entryId: true, winnerEmail: true },
      });
      // The brand's prize.claimed webhooks (decision 055), committed with the claim.
      return { order: created, webhooks: await queuePrizeClaimed(tx, created, now) };
    });
    deliverWebhooksSoon(webhooks);
    return { kind: "claimed", orderId: order.id };
  } catch (error) {
    if (error instanceof ClaimClosed || isUniqueConstraintError(error)) return { kind: "refused", state: await claimState(token, now) };
    throw error;
  }
}
