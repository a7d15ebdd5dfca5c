/**
 * Claim follow-ups (decision 051): for every drawn prize (the grand prize on Campaign, tiers 2 and
 * 3 on AdditionalPrize) whose winner has not claimed it (no Order for the campaign and rank):
 *
 * - the winner gets the claim_reminder email 3 days and 1 day before the claim deadline, each once
 *   (dedupe key `claim-reminder-3d:<campaign>:<rank>:<entry>`), with the prize's own claim link. A
 *   window missed while the server was down is made up for as long as the deadline has not passed,
 *   but only the nearer reminder is sent, never both at once (domain/winner-emails.ts, claimFollowUp).
 * - once the deadline has passed, the creator gets prize_unclaimed, once per prize and winner
 *   (`prize-unclaimed:<campaign>:<rank>:<entry>`), with a link to the draw panel to draw again.
 *
 * - a winner whose entry gave a phone number also gets one SMS reminder (decision 094), with the 1-day
 *   email reminder (`sms-claim-reminder:<campaign>:<rank>:<entry>`); a number that replied STOP gets none.
 *
 * A redraw's new winner is another entry, so they get their own reminders. One runner per campaign:
 * a pass takes the campaign's claimReminderLeaseUntil with one conditional update (an expired lease
 * may be taken over) and gives it back at the end; the dedupe keys (a unique index) stay the
 * backstop against a runner that outlived its lease.
 */
import {
  UNCLAIMED_NOTICE_MAX_AGE_MS,
  CLAIM_REMINDERS,
  claimFollowUp,
  claimReminderDedupeKey,
  unclaimedNoticeDedupeKey,
  winnerDedupeKey,
} from "../../domain/winner-emails";
import { formatZonedDateTime } from "../../domain/campaign-time-zone";
import { creatorDrawPath } from "../../paths";
import { GRAND_PRIZE_RANK } from "../../domain/claims";
import { type Prisma, prisma } from "../core/db.server";
import { emailBrand, winnerReplyTo } from "../email/brand.server";
import { queueTemplatedEmailOnce } from "../email/outbox.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { publicUrl } from "../core/public-url.server";
import { WINNER_EMAIL_CAMPAIGN_FIELDS, prizeName, winnerEmailLanguage, winnerEmailTokens } from "../claims/winner-emails.server";
import { winnerSmsTexts, winnerTokenWords } from "../../i18n/entrant-emails";
import { log } from "../core/log.server";
import { queueSmsToEntry } from "../sms/sms.server";
import { claimReminderSmsBody, claimReminderSmsDedupeKey } from "../../domain/sms";

/** The email reminder the one SMS reminder goes with: the last before the deadline. */
const SMS_REMINDER_KEY = "claim-reminder-1d";

/** How long a campaign's claim follow-ups belong to the runner that took them. */
export const CLAIM_REMINDER_LEASE_MS = 5 * 60 * 1000;
const PAGE_SIZE = 100;

const RANK_WORDS: Record<number, string> = { 1: "grand", 2: "2nd", 3: "3rd" };

/**
 * What the creator's notice says the draw panel offers. Only the grand prize can be redrawn today
 * (draw/controls.server.ts, creatorRedraw); widen this when other tiers can be.
 */
function nextStep(rank: number): string {
  return rank === GRAND_PRIZE_RANK
    ? "You can draw another winner for it in your campaign's draw panel; the new winner is emailed their own claim link."
    : "Open your campaign's draw panel to see this prize and its winner.";
}

export interface ClaimReminderSummary {
  /** Campaigns this pass looked at under its lease. */
  campaigns: number;
  /** Reminders queued to winners. */
  reminders: number;
  /** Unclaimed-prize notices queued to creators. */
  unclaimed: number;
  /** Campaigns whose follow-ups failed this pass (retried by the next one), with the error. */
  failures: { campaignId: string; error: unknown }[];
}

const leaseFree = (now: Date): Prisma.CampaignWhereInput[] => [
  { claimReminderLeaseUntil: null },
  { claimReminderLeaseUntil: { lt: currentTime(now) } },
];

/**
 * Campaigns with a prize whose deadline is near enough for a reminder or recent enough for the
 * notice, and nobody holding their lease; a page at a time, by id.
 */
function candidates(now: Date, after: string | undefined) {
  const window = {
    gte: new Date(now.getTime() - UNCLAIMED_NOTICE_MAX_AGE_MS),
    lte: new Date(now.getTime() + Math.max(...CLAIM_REMINDERS.map((reminder) => reminder.leadMs))),
  };
  return prisma.campaign.findMany({
    where: {
      AND: [
        {
          OR: [
            { winnerEntryId: { not: null }, claimDeadline: window },
            { additionalPrizes: { some: { winnerEntryId: { not: null }, claimDeadline: window } } },
          ],
        },
        { OR: leaseFree(now) },
        ...(after ? [{ id: { gt: after } }] : []),
      ],
    },
    orderBy: { id: "asc" },
    take: PAGE_SIZE,
    select: { id: true },
  });
}

async function takeLease(campaignId: string, now: Date): Promise<Date | null> {
  const until = leaseUntil(now, CLAIM_REMINDER_LEASE_MS);
  const taken = await prisma.campaign.updateMany({
    where: { id: campaignId, OR: leaseFree(now) },
    data: { claimReminderLeaseUntil: until },
  });
  return taken.count === 1 ? until : null;
}

interface OpenPrize {
  rank: number;
  entryId: string;
  winnerEmail: string;
  deadline: Date;
  title?: string;
  imageUrl?: string | null;
}

/** The follow-ups of one campaign, under its lease. */
async function followUpCampaign(campaignId: string, now: Date, summary: ClaimReminderSummary): Promise<void> {
  const campaign = await prisma.campaign.findUnique({
    where: { id: campaignId },
    select: {
      ...WINNER_EMAIL_CAMPAIGN_FIELDS,
      winnerEntryId: true,
      winnerEmail: true,
      claimDeadline: true,
      creator: { select: { email: true } },
      additionalPrizes: {
        select: { rank: true, title: true, imageUrl: true, winnerEntryId: true, winnerEmail: true, claimDeadline: true },
      },
      orders: { select: { prizeRank: true } },
    },
  });
  if (!campaign) return;
  const claimed = new Set(campaign.orders.map((order) => order.prizeRank));
  const prizes: OpenPrize[] = [];
  if (campaign.winnerEntryId && campaign.winnerEmail && campaign.claimDeadline) {
    prizes.push({
      rank: GRAND_PRIZE_RANK,
      entryId: campaign.winnerEntryId,
      winnerEmail: campaign.winnerEmail,
      deadline: campaign.claimDeadline,
    });
  }
  for (const prize of campaign.additionalPrizes) {
    if (!prize.winnerEntryId || !prize.winnerEmail || !prize.claimDeadline) continue;
    prizes.push({ ...prize, entryId: prize.winnerEntryId, winnerEmail: prize.winnerEmail, deadline: prize.claimDeadline });
  }
  const open = prizes.filter((prize) => !claimed.has(prize.rank));
  if (open.length === 0) return;

  // When each winner's email went out: a reminder whose window opened before it is not sent.
  const winnerEmails = await prisma.outboundEmail.findMany({
    where: { dedupeKey: { in: open.map((prize) => winnerDedupeKey(campaign.id, prize.rank, prize.entryId)) } },
    select: { dedupeKey: true, createdAt: true },
  });
  const emailedAt = new Map(winnerEmails.map((row) => [row.dedupeKey, row.createdAt]));

  // The campaign's language (decision 097): its reminders' words and time left, by email and by text.
  const language = winnerEmailLanguage(campaign);
  const timeLeftIn = (english: string) => winnerTokenWords(language)?.timeLeft(english) ?? english;
  for (const prize of open) {
    const due = claimFollowUp(prize.deadline, now, emailedAt.get(winnerDedupeKey(campaign.id, prize.rank, prize.entryId)) ?? null);
    if (!due) continue;
    const dedupeKey =
      due.kind === "reminder"
        ? claimReminderDedupeKey(due.reminder, campaign.id, prize.rank, prize.entryId)
        : unclaimedNoticeDedupeKey(campaign.id, prize.rank, prize.entryId);
    if (due.kind === "reminder" && due.reminder.key === SMS_REMINDER_KEY) {
      // Its own dedupe key: queued once, whether or not this pass also queues the email.
      const tokens = await winnerEmailTokens(campaign, prize);
      await queueSmsToEntry(prize.entryId, {
        kind: "claim_reminder",
        dedupeKey: claimReminderSmsDedupeKey(campaign.id, prize.rank, prize.entryId),
        body: claimReminderSmsBody(
          campaign.brandName,
          prizeName(campaign, prize, language),
          tokens.claim_link ?? "",
          timeLeftIn(due.reminder.timeLeft),
          winnerSmsTexts(language),
        ),
      });
    }
    if (await prisma.outboundEmail.findUnique({ where: { dedupeKey }, select: { id: true } })) continue;

    if (due.kind === "reminder") {
      const queued = await queueTemplatedEmailOnce({
        to: prize.winnerEmail,
        template: "claim_reminder",
        dedupeKey,
        replyTo: winnerReplyTo(campaign),
        brand: emailBrand(campaign),
        language,
        tokens: {
          ...(await winnerEmailTokens(campaign, prize, language)),
          email: prize.winnerEmail,
          time_left: timeLeftIn(due.reminder.timeLeft),
        },
      });
      if (queued) summary.reminders += 1;
      continue;
    }
    const creatorEmail = campaign.creator?.email;
    if (!creatorEmail) continue;
    const queued = await queueTemplatedEmailOnce({
      to: creatorEmail,
      template: "prize_unclaimed",
      dedupeKey,
      tokens: {
        email: creatorEmail,
        brand_name: campaign.brandName,
        campaign_title: campaign.title,
        prize_name: prizeName(campaign, prize),
        prize_rank: RANK_WORDS[prize.rank] ?? `#${prize.rank}`,
        claim_deadline: formatZonedDateTime(prize.deadline, campaign.timeZone),
        next_step: nextStep(prize.rank),
        draw_link: publicUrl(creatorDrawPath(campaign.id)),
      },
    });
    if (queued) summary.unclaimed += 1;
  }
}

/** One pass: every campaign with a follow-up possibly due, each under its own lease. */
export async function sendClaimFollowUps(now: Date = new Date()): Promise<ClaimReminderSummary> {
  const summary: ClaimReminderSummary = { campaigns: 0, reminders: 0, unclaimed: 0, failures: [] };
  let after: string | undefined;
  for (;;) {
    const page = await candidates(now, after);
    for (const { id } of page) {
      const lease = await takeLease(id, now);
      if (!lease) continue;
      summary.campaigns += 1;
      try {
        await followUpCampaign(id, now, summary);
      } catch (error) {
        // One campaign's failure (a missing template, a bad row) does not hold up the others.
        summary.failures.push({ campaignId: id, error });
      } finally {
        await prisma.campaign
          .updateMany({ where: { id, claimReminderLeaseUntil: lease }, data: { claimReminderLeaseUntil: null } })
          .catch((error: unknown) => log.error({ err: error }, `[claim-reminders] could not release the lease of campaign ${id}`));
      }
    }
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1]!.id;
  }
  return summary;
}
