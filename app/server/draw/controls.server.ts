/**
 * The creator's draw controls (the draw page and the analytics page): what they show, and the
 * creator's actions: draw (manual mode), redraw (any tier, after its deadline, no order),
 * winner-public, and "Mark delivered" for a claimed gift (decision 050).
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { CAMPAIGN_ACCESS_MESSAGE, claimExpired, GRAND_PRIZE_RANK } from "../../domain/claims";
import { giftDeliveredDedupeKey } from "../../domain/winner-emails";
import { roundTimeMs } from "../../domain/beacon";
import { type DrawBeaconRound, type DrawControlsData, type DrawTier, beaconWaitText } from "../../domain/draw-controls";
import { countryName } from "../../domain/ship-countries";
import { type DrawPick, currentPicks, parseDrawPicks } from "../../domain/draw";
import { SHIP_ADDRESS_FIELDS, OrderStatus } from "../../domain/orders";
import { maskEmail } from "../../domain/profile";
import { creatorWinnerLabel } from "../../domain/data-rights";
import { claimLink } from "../claims/claim.server";
import { prisma } from "../core/db.server";
import { emailBrand, emailImageUrl } from "../email/brand.server";
import { queueTemplatedEmail } from "../email/outbox.server";
import { loadPlatformSettings } from "../core/settings.server";
import { contactLine, winnerReplyTo } from "../email/brand.server";
import { entrantLanguage } from "../../domain/entrant-language";
import { tierTokenWords } from "../../i18n/entrant-emails";
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
  const [settings, orders, draw] = await Promise.all([
    loadPlatformSettings(),
    prisma.order.findMany({
      where: { campaignId: campaign.id },
      select: {
        prizeRank: true,
        kind: true,
        status: true,
        createdAt: true,
        deliveredAt: true,
        winnerEmail: true,
        claimNote: true,
        ...SHIP_ADDRESS_FIELDS,
      },
    }),
    prisma.draw.findUnique({ where: { campaignId: campaign.id }, select: { picks: true } }),
  ]);
  // Decision 102: the published record decides too: the winner's deadline there has passed and their notification is on it.
  const current = draw ? currentPicks(parseDrawPicks(draw.picks)) : new Map<number, DrawPick>();
  const publishedAllows = (rank: number) => {
    const pick = current.get(rank);
    if (!pick) return true;
    const deadline = pick.claimDeadline ? Date.parse(pick.claimDeadline) : NaN;
    return !(Number.isFinite(deadline) && deadline >= now.getTime());
  };
  const order = orders.find((o) => o.prizeRank === GRAND_PRIZE_RANK);
  const isEnded = ended(campaign, now);
  const drawn = Boolean(campaign.winnerEntryId);
  const beacon = await drawBeaconRound(campaign, now);
  const deadlinePassed = Boolean(campaign.claimDeadline && claimExpired(campaign.claimDeadline, now));
  return {
    campaignId: campaign.id,
    timeZone: campaign.timeZone,
    status: campaign.status,
    endDate: campaign.endDate?.toISOString() ?? null,
    ended: isEnded,
    autoPick: settings.autoPickWinnerEnabled,
    canDraw: !settings.autoPickWinnerEnabled && isEnded && campaign.status === CampaignStatus.active && !drawn && (!beacon || beacon.out),
    beacon,
    drawn,
    winner: drawn
      ? {
          name: creatorWinnerLabel(campaign.winnerEmail, maskEmail),
          claimDeadline: campaign.claimDeadline?.toISOString() ?? null,
          claim: order ? "claimed" : deadlinePassed ? "unclaimed" : "waiting",
          claimedAt: order?.createdAt.toISOString() ?? null,
          orderStatus: order?.status ?? null,
          notified: Boolean(campaign.winnersNotifiedAt),
          canRedraw: !order && deadlinePassed && publishedAllows(GRAND_PRIZE_RANK) && campaign.status === CampaignStatus.completed,
        }
      : null,
    additionalPrizes: campaign.additionalPrizes.map((prize): DrawTier => {
      const tierOrder = orders.find((o) => o.prizeRank === prize.rank);
      const passed = Boolean(prize.claimDeadline && claimExpired(prize.claimDeadline, now));
      const kind = prize.kind === "merch" ? "merch" : "gift";
      return {
        rank: prize.rank,
        title: prize.title,
        kind,
        winner: prize.winnerEmail ? creatorWinnerLabel(prize.winnerEmail, maskEmail) : null,
        hasCode: Boolean(prize.code?.trim()),
        claimDeadline: prize.claimDeadline?.toISOString() ?? null,
        claim: !prize.winnerEntryId ? null : tierOrder ? "claimed" : passed ? "unclaimed" : "waiting",
        claimedAt: tierOrder?.createdAt.toISOString() ?? null,
        orderStatus: tierOrder?.status ?? null,
        canRedraw:
          Boolean(prize.winnerEntryId) &&
          !tierOrder &&
          passed &&
          publishedAllows(prize.rank) &&
          campaign.status === CampaignStatus.completed,
        delivery:
          tierOrder && tierOrder.kind === "gift"
            ? {
                address: tierOrder.shipCountry
                  ? [
                      tierOrder.shipName ?? "",
                      tierOrder.shipLine1 ?? "",
                      tierOrder.shipLine2 ?? "",
                      [tierOrder.shipCity, tierOrder.shipRegion, tierOrder.shipPostalCode].filter(Boolean).join(", "),
                      countryName(tierOrder.shipCountry),
                    ].filter(Boolean)
                  : [],
                phone: tierOrder.shipPhone,
                email: tierOrder.winnerEmail,
                note: tierOrder.claimNote,
                deliveredAt: tierOrder.deliveredAt?.toISOString() ?? null,
              }
            : null,
      };
    }),
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
        return {
          ok: false,
          status: 409,
          message: beaconWaitText({ round: outcome.round, at: outcome.dueAt.toISOString(), demo }, campaign.timeZone),
        };
      }
      return {
        ok: false,
        status: 503,
        message: `${demo ? "Demo beacon" : "drand"} round ${outcome.round} could not be fetched just now (${outcome.reason === "invalid" ? "the answers did not verify" : "no beacon mirror had it"}). Try again in a few minutes.`,
      };
    }
  }
}

/** The creator's redraw of an unclaimed prize of any tier, after its claim deadline (decision 050). */
export async function creatorRedraw(campaign: OwnedCampaign, rank: number, now: Date = new Date()): Promise<CreatorActionResult> {
  const tier = campaign.additionalPrizes.find((prize) => prize.rank === rank);
  if (rank !== GRAND_PRIZE_RANK && !tier) {
    return { ok: false, status: 400, message: `This giveaway has no ${rank === 2 ? "2nd" : "3rd"}-place prize.` };
  }
  const holder =
    rank === GRAND_PRIZE_RANK
      ? { winnerEntryId: campaign.winnerEntryId, claimDeadline: campaign.claimDeadline }
      : { winnerEntryId: tier?.winnerEntryId ?? null, claimDeadline: tier?.claimDeadline ?? null };
  if (campaign.status !== CampaignStatus.completed || !holder.winnerEntryId) {
    return { ok: false, status: 409, message: "There is no winner to redraw yet." };
  }
  if (!holder.claimDeadline || !claimExpired(holder.claimDeadline, now)) {
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

/**
 * The creator's "Mark delivered" for a claimed gift (decision 050): one conditional update moves the
 * gift order to "delivered" with its time, and the winner's gift_delivered email is queued in the
 * same transaction; a second mark (a double click, another tab) changes nothing and says so.
 */
export async function markGiftDelivered(campaign: OwnedCampaign, rank: number, now: Date = new Date()): Promise<CreatorActionResult> {
  const tier = campaign.additionalPrizes.find((prize) => prize.rank === rank);
  if (!tier || tier.kind !== "gift") return { ok: false, status: 400, message: "Only a claimed gift prize can be marked delivered." };
  const order = await prisma.order.findUnique({
    where: { campaignId_prizeRank: { campaignId: campaign.id, prizeRank: rank } },
    select: { id: true, kind: true, status: true, winnerEmail: true },
  });
  if (!order || order.kind !== "gift") {
    return { ok: false, status: 409, message: "The winner has not claimed this prize yet, so it cannot be marked delivered." };
  }
  const link = await claimLink({ campaignId: campaign.id, entryId: tier.winnerEntryId ?? "", deadline: tier.claimDeadline ?? now, rank });
  // The campaign's language (decision 097); English keeps the words below.
  const language = entrantLanguage(campaign.language);
  const tierWords = tierTokenWords(language);
  const marked = await prisma.$transaction(async (tx) => {
    const moved = await tx.order.updateMany({
      where: { id: order.id, kind: "gift", status: { not: OrderStatus.delivered } },
      data: { status: OrderStatus.delivered, deliveredAt: now },
    });
    if (moved.count !== 1) return false;
    await queueTemplatedEmail(tx, {
      to: order.winnerEmail,
      template: "gift_delivered",
      dedupeKey: giftDeliveredDedupeKey(order.id),
      replyTo: winnerReplyTo(campaign),
      brand: emailBrand(campaign),
      language,
      tokens: {
        email: order.winnerEmail,
        brand_name: campaign.brandName,
        campaign_title: campaign.title,
        // The frame shows this gift, not the grand prize (decision 081).
        prize_name: tier.title,
        prize_image_url: emailImageUrl(tier.imageUrl, 800, "jpeg"),
        prize_title: tier.title,
        prize_rank: tierWords ? tierWords.rank(rank) : rank === 2 ? "2nd" : "3rd",
        claim_link: link,
        contact_line: contactLine(campaign, language),
      },
    });
    return true;
  });
  if (!marked) return { ok: false, status: 409, message: "This prize is already marked delivered." };
  return { ok: true, title: "Marked delivered", description: "The winner has been emailed that their prize was delivered." };
}
