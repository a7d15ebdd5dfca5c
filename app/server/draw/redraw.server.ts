/**
 * Redrawing a prize left unclaimed past its claim deadline: the next pick of the seeded sequence
 * that run.server.ts drew from (Draw.seed: for procedure v2 the final seed), over the same list
 * (v2: the frozen bytes, never the live table; v1: the live entries, checked against the recorded
 * hash), recorded in the same Draw row with its reason and claim deadline. Sends no email.
 *
 * Decision 102: a redraw is made only after the replaced winner's deadline as published in the draw
 * record (Draw.picks), not only the prize row's, and only once that winner's notification is on
 * record; the new deadline is the redraw's time plus the draw's own claim window (fixed at the
 * draw), so every verifier can check the redraw's timing.
 */
import { addDays } from "../../domain/campaign-dates";
import { CampaignStatus } from "../../domain/campaign-status";
import {
  type DrawPick,
  type DrawPool,
  REDRAW_UNCLAIMED_REASON,
  currentPicks,
  drawStateAfter,
  nextPick,
  parseDrawPicks,
} from "../../domain/draw";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { type QueuedDelivery, deliverWebhooksSoon, queueWinnersDrawn } from "../integrations/webhooks.server";
import { claimWindowDaysOf } from "../../domain/redraw-timing";
import { overStoredList } from "./freeze.server";
import { markPicksNotified } from "./notify.server";
import { WRITE_TRANSACTION, entryEmails, loadDrawPool, nodeDrawHashing } from "./run.server";

export type RedrawOutcome =
  { kind: "redrawn"; entryId: string; email: string } | { kind: "not-allowed"; reason: string } | { kind: "exhausted" };

class RedrawConflict extends Error {}

/**
 * Redraw of an unclaimed prize after its claim deadline: the next pick of the same seeded sequence,
 * excluding every earlier pick; appended to Draw.picks; the prize gets its new winner and a new
 * deadline, and Campaign.winnersNotifiedAt is cleared so the new winner is notified.
 */
export async function redrawPrize(campaignId: string, rank: number, options: { now?: Date } = {}): Promise<RedrawOutcome> {
  const now = options.now ?? new Date();
  const notAllowed = (reason: string): RedrawOutcome => ({ kind: "not-allowed", reason });
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: {
      status: true,
      winnerEntryId: true,
      claimDeadline: true,
      draw: { select: { seed: true, picks: true, entriesHash: true, procedureVersion: true, createdAt: true } },
      additionalPrizes: { where: { rank }, select: { winnerEntryId: true, claimDeadline: true } },
      orders: { where: { prizeRank: rank }, select: { id: true } },
    },
  });
  if (!campaign) return notAllowed("The campaign does not exist.");
  if (!campaign.draw || campaign.status !== CampaignStatus.completed) return notAllowed("The winners have not been drawn yet.");
  const prize = rank === 1 ? { winnerEntryId: campaign.winnerEntryId, deadline: campaign.claimDeadline } : null;
  const additional = campaign.additionalPrizes[0];
  const holder = prize ?? (additional ? { winnerEntryId: additional.winnerEntryId, deadline: additional.claimDeadline } : null);
  if (!holder) return notAllowed(`This giveaway has no prize of rank ${rank}.`);
  if (!holder.winnerEntryId) return notAllowed("The prize has no winner to replace.");
  if (!holder.deadline || holder.deadline >= now) return notAllowed("The claim deadline has not passed yet.");
  if (campaign.orders.length > 0) return notAllowed("The prize has been claimed.");

  // The replaced winner's notification time goes on record first, if their email was queued (decision 102).
  await markPicksNotified(campaignId);
  const recorded = (await prisma.draw.findUniqueOrThrow({ where: { campaignId }, select: { picks: true } })).picks;
  const picks = parseDrawPicks(recorded);
  const current = currentPicks(picks).get(rank);
  if (!current || current.entryId !== holder.winnerEntryId) return notAllowed("The prize's winner does not match the published draw.");
  // The published deadline decides, whatever the prize row says (an erasure closes the claim early, decision 102).
  const published = current.claimDeadline ? Date.parse(current.claimDeadline) : NaN;
  if (Number.isFinite(published) && published >= now.getTime()) return notAllowed("The claim deadline has not passed yet.");
  // Version 1 draws (before decision 039) never published their notifications.
  if (!current.notifiedAt && campaign.draw.procedureVersion >= 2)
    return notAllowed("The winner has not been notified yet, so the prize cannot be redrawn.");
  const { seed, entriesHash } = campaign.draw;
  const following = (pool: DrawPool) =>
    pool.entriesHash === entriesHash ? { next: nextPick(nodeDrawHashing, pool, seed, rank, drawStateAfter(picks)) } : null;
  let outcome: ReturnType<typeof following>;
  if (campaign.draw.procedureVersion >= 2) {
    const list = await prisma.entryList.findUnique({ where: { campaignId } });
    if (!list) throw new Error(`Campaign ${campaignId} has no frozen entry list`);
    outcome = await overStoredList(list, following);
  } else outcome = following(await loadDrawPool(campaignId));
  if (!outcome) return notAllowed("The entry list has changed since the draw.");

  const { next } = outcome;
  if (!next) return { kind: "exhausted" };
  const email = (await entryEmails(campaignId, [next.pick.entryId])).get(next.pick.entryId) ?? "";
  // The draw's own window, fixed when it was made (decision 102); the configured one for draws without deadlines.
  const windowDays = claimWindowDaysOf(campaign.draw.createdAt.getTime(), picks) ?? getConfig().CLAIM_WINDOW_DAYS;
  const deadline = addDays(now, windowDays);
  const updated: DrawPick[] = [
    ...picks.map((pick) => (pick === current ? { ...pick, replaced: true as const } : pick)),
    { ...next.pick, redrawnAt: now.toISOString(), reason: REDRAW_UNCLAIMED_REASON, claimDeadline: deadline.toISOString() },
  ];

  let webhooks: QueuedDelivery[];
  try {
    webhooks = await prisma.$transaction(async (tx) => {
      // Compare-and-set on the published record: of two redraws at once, one appends, one fails.
      const appended = await tx.draw.updateMany({
        where: { campaignId, picks: recorded },
        data: { picks: JSON.stringify(updated) },
      });
      if (appended.count !== 1) throw new RedrawConflict();
      const stillUnclaimed = { orders: { none: { prizeRank: rank } } };
      if (rank === 1) {
        const moved = await tx.campaign.updateMany({
          where: {
            id: campaignId,
            status: CampaignStatus.completed,
            winnerEntryId: current.entryId,
            claimDeadline: { lt: now },
            ...stillUnclaimed,
          },
          data: {
            winnerEntryId: next.pick.entryId,
            winnerEmail: email,
            winnerPublicName: null,
            claimDeadline: deadline,
            // The new winner is notified afresh; a runner still notifying the old one loses its lease.
            winnersNotifiedAt: null,
            winnersNotifyLeaseUntil: null,
          },
        });
        if (moved.count !== 1) throw new RedrawConflict();
      } else {
        const moved = await tx.additionalPrize.updateMany({
          where: { campaignId, rank, winnerEntryId: current.entryId, claimDeadline: { lt: now }, campaign: stillUnclaimed },
          data: { winnerEntryId: next.pick.entryId, winnerEmail: email, claimDeadline: deadline },
        });
        if (moved.count !== 1) throw new RedrawConflict();
        await tx.campaign.update({ where: { id: campaignId }, data: { winnersNotifiedAt: null, winnersNotifyLeaseUntil: null } });
      }
      // The brand's winner.drawn webhooks (decision 055), committed with the redraw.
      return queueWinnersDrawn(tx, campaignId, [{ rank, entryId: next.pick.entryId, email }], {
        claimDeadline: deadline,
        drawnAt: now,
        redraw: true,
      });
    }, WRITE_TRANSACTION);
  } catch (error) {
    if (error instanceof RedrawConflict) return notAllowed("The prize changed while it was being redrawn; reload and try again.");
    throw error;
  }
  deliverWebhooksSoon(webhooks);
  return { kind: "redrawn", entryId: next.pick.entryId, email };
}
