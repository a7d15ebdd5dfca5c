/**
 * A replaced winner's "I did claim this prize" (decision 105). Only the winner of a pick the draw
 * record marks replaced can object, through their own signed claim link, once per pick. The objection
 * is stored with the creator's email in one transaction; the draw page and draw.json publish its rank
 * and time, the creator's draw page its message.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { isErasedAddress } from "../../domain/data-rights";
import { verifyClaimToken } from "../../domain/claims";
import { formatZonedDateTimeWithUtc } from "../../domain/campaign-time-zone";
import { parseDrawPicks } from "../../domain/draw";
import { prizeRankLabel } from "../../domain/orders";
import type { PublishedObjection } from "../../domain/redraw-objection";
import { creatorDrawPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { isUniqueConstraintError, prisma } from "../core/db.server";
import { publicUrl } from "../core/public-url.server";
import { deliverEmail } from "../email/delivery.server";
import { queueTemplatedEmail } from "../email/outbox.server";
import { log } from "../core/log.server";

interface ReplacedPick {
  campaignId: string;
  rank: number;
  entryId: string;
}

/** The pick a claim link names, when the draw record marks it replaced by a redraw; otherwise null. */
async function replacedPick(token: string): Promise<ReplacedPick | null> {
  const claims = await verifyClaimToken(getConfig().sessionSecret, token);
  if (!claims) return null;
  const campaign = await prisma.campaign.findUnique({
    where: { id: claims.campaignId },
    select: { status: true, draw: { select: { picks: true } } },
  });
  if (!campaign?.draw || campaign.status !== CampaignStatus.completed) return null;
  const replaced = parseDrawPicks(campaign.draw.picks).some(
    (pick) => pick.rank === claims.rank && pick.entryId === claims.entryId && pick.replaced === true,
  );
  return replaced ? { campaignId: claims.campaignId, rank: claims.rank, entryId: claims.entryId } : null;
}

/** What the superseded claim page offers: the objection form, or when it was sent; null when the link's pick was not replaced. */
export async function objectionView(token: string): Promise<{ sentAt: string | null } | null> {
  const pick = await replacedPick(token);
  if (!pick) return null;
  const row = await prisma.redrawObjection.findUnique({
    where: { campaignId_rank_entryId: pick },
    select: { createdAt: true },
  });
  return { sentAt: row?.createdAt.toISOString() ?? null };
}

export interface CreatorObjection {
  rank: number;
  /** The replaced winner's address, to answer them (the erased placeholder if they erased their data). */
  winnerEmail: string;
  prize: string;
  at: string;
  message: string;
}

export type ObjectionOutcome = { kind: "refused" } | { kind: "already" } | { kind: "sent" };

/** Stores the objection and queues the creator's email with it; a second one for the same pick changes nothing. */
export async function submitObjection(token: string, message: string, now: Date = new Date()): Promise<ObjectionOutcome> {
  const pick = await replacedPick(token);
  if (!pick) return { kind: "refused" };
  try {
    const email = await prisma.$transaction(async (tx) => {
      const objection = await tx.redrawObjection.create({ data: { ...pick, message, createdAt: now } });
      const campaign = await tx.campaign.findUniqueOrThrow({
        where: { id: pick.campaignId },
        select: { title: true, timeZone: true, creator: { select: { email: true } } },
      });
      if (!campaign.creator) return null;
      const winner = await tx.entry.findUnique({ where: { id: pick.entryId }, select: { email: true } });
      return queueTemplatedEmail(tx, {
        to: campaign.creator.email,
        // A reply reaches the winner, so the creator can resolve it with them.
        replyTo: winner && !isErasedAddress(winner.email) ? winner.email : null,
        template: "redraw_objection",
        dedupeKey: `redraw-objection:${objection.id}`,
        tokens: {
          campaign_title: campaign.title,
          prize_label: prizeRankLabel(pick.rank).toLowerCase(),
          objected_at: formatZonedDateTimeWithUtc(now, campaign.timeZone),
          message,
          draw_link: publicUrl(creatorDrawPath(pick.campaignId)),
        },
      });
    });
    if (email) void deliverEmail(email).catch((error: unknown) => log.error({ err: error }, "[email] redraw objection delivery failed"));
    return { kind: "sent" };
  } catch (error) {
    if (isUniqueConstraintError(error)) return { kind: "already" };
    throw error;
  }
}

/** A campaign's objections, oldest first, as published: rank and time, no message, no entry. */
export async function publishedObjections(campaignId: string): Promise<PublishedObjection[]> {
  const rows = await prisma.redrawObjection.findMany({
    where: { campaignId },
    orderBy: [{ createdAt: "asc" }, { rank: "asc" }],
    select: { rank: true, createdAt: true },
  });
  return rows.map((row) => ({ rank: row.rank, at: row.createdAt.toISOString() }));
}

/** The creator's view (decision 105): each objection with its prize, time (in the campaign's zone) and message, to resolve it with the winner. */
export async function creatorObjections(campaign: { id: string; timeZone: string }): Promise<CreatorObjection[]> {
  const campaignId = campaign.id;
  const rows = await prisma.redrawObjection.findMany({
    where: { campaignId },
    orderBy: [{ createdAt: "asc" }, { rank: "asc" }],
    select: { rank: true, createdAt: true, message: true, entryId: true },
  });
  const entries = await prisma.entry.findMany({ where: { id: { in: rows.map((row) => row.entryId) } }, select: { id: true, email: true } });
  const emails = new Map(entries.map((entry) => [entry.id, entry.email]));
  return rows.map((row) => ({
    rank: row.rank,
    winnerEmail: emails.get(row.entryId) ?? "",
    prize: prizeRankLabel(row.rank),
    at: formatZonedDateTimeWithUtc(row.createdAt, campaign.timeZone),
    message: row.message,
  }));
}
