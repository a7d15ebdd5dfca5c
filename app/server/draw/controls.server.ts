/**
 * The creator's draw controls (the draw page and the analytics page): what they show, and the
 * creator's actions: draw (manual mode), redraw (after the deadline, no order), winner-public.
 * Only the grand prize (rank 1), the physical product, is claimed and can be redrawn.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { CAMPAIGN_ACCESS_MESSAGE, claimExpired } from "../../domain/claims";
import { roundTimeMs } from "../../domain/beacon";
import { type DrawBeaconRound, type DrawControlsData, beaconWaitText } from "../../domain/draw-controls";
import { maskEmail } from "../../domain/profile";
import { GRAND_PRIZE_RANK } from "../claims.server";
import { prisma } from "../db.server";
import { loadPlatformSettings } from "../settings.server";
import { knownChain } from "./beacon.server";
import { notifyWinners } from "./notify.server";
import { redrawPrize } from "./redraw.server";
import { drawCampaign } from "./run.server";

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
  const beacon = await drawBeaconRound(campaign, now);
  const deadlinePassed = Boolean(campaign.claimDeadline && claimExpired(campaign.claimDeadline, now));
  return {
    campaignId: campaign.id,
    status: campaign.status,
    endDate: campaign.endDate?.toISOString() ?? null,
    ended: isEnded,
    autoPick: settings.autoPickWinnerEnabled,
    canDraw: !settings.autoPickWinnerEnabled && isEnded && campaign.status === CampaignStatus.active && !drawn && (!beacon || beacon.out),
    beacon,
    drawn,
    winner: drawn
      ? {
          name: maskEmail(campaign.winnerEmail),
          claimDeadline: campaign.claimDeadline?.toISOString() ?? null,
          claim: order ? "claimed" : deadlinePassed ? "unclaimed" : "waiting",
          claimedAt: order?.createdAt.toISOString() ?? null,
          orderStatus: order?.status ?? null,
          notified: Boolean(campaign.winnersNotifiedAt),
          canRedraw: !order && deadlinePassed && campaign.status === CampaignStatus.completed,
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

/** The round the draw waits for: the frozen list's (the one used), else the one published at launch. */
async function drawBeaconRound(
  campaign: Pick<OwnedCampaign, "id" | "drawBeaconRound" | "drawBeaconChain">,
  now: Date,
): Promise<DrawBeaconRound | null> {
  const list = await prisma.entryList.findUnique({ where: { campaignId: campaign.id }, select: { beaconRound: true, beaconChain: true } });
  const round = list?.beaconRound ?? campaign.drawBeaconRound;
  const chain = knownChain(list?.beaconChain ?? campaign.drawBeaconChain ?? "");
  if (!round || !chain) return null;
  const at = roundTimeMs(chain, round);
  return { round, at: new Date(at).toISOString(), demo: Boolean(chain.demo), out: at <= now.getTime() };
}

export type CreatorActionResult = { ok: true; title: string; description: string } | { ok: false; status: number; message: string };

/** The creator's "Draw winner" (only in manual mode, after the end, once). */
export async function creatorDraw(campaign: OwnedCampaign, now: Date = new Date()): Promise<CreatorActionResult> {
  const settings = await loadPlatformSettings();
  if (settings.autoPickWinnerEnabled) {
    return { ok: false, status: 409, message: "Winners are drawn automatically when the giveaway ends." };
  }
  if (campaign.winnerEntryId || campaign.status === CampaignStatus.completed) {
    return { ok: false, status: 409, message: "The winner of this giveaway has already been drawn." };
  }
  if (campaign.status !== CampaignStatus.active || !ended(campaign, now)) {
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
      return { ok: false, status: 409, message: "This giveaway had no confirmed entries, so there was no one to draw." };
    case "not-due":
      return { ok: false, status: 409, message: "The winner can be drawn once the giveaway has ended." };
    case "not-found":
      return { ok: false, status: 404, message: CAMPAIGN_ACCESS_MESSAGE };
    case "waiting-for-beacon": {
      const chain = knownChain(outcome.chain);
      const demo = Boolean(chain?.demo);
      if (outcome.reason === "not-yet" && outcome.dueAt > now) {
        return { ok: false, status: 409, message: beaconWaitText({ round: outcome.round, at: outcome.dueAt.toISOString(), demo }) };
      }
      return {
        ok: false,
        status: 503,
        message: `${demo ? "Demo beacon" : "drand"} round ${outcome.round} could not be fetched just now (${outcome.reason === "invalid" ? "the answers did not verify" : "no beacon mirror had it"}). Try again in a few minutes.`,
      };
    }
  }
}

/** The creator's redraw of an unclaimed grand prize, after its claim deadline. */
export async function creatorRedraw(campaign: OwnedCampaign, rank: number, now: Date = new Date()): Promise<CreatorActionResult> {
  if (rank !== GRAND_PRIZE_RANK) {
    return { ok: false, status: 400, message: "Only the grand prize can be redrawn: additional prizes are delivered by email." };
  }
  if (campaign.status !== CampaignStatus.completed || !campaign.winnerEntryId) {
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

/** Decision 022: the winner is shown publicly (masked email or a chosen name) unless the creator hides it. */
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
