/**
 * The winners' emails. After a draw, every tier's winner gets their own signed, single-purpose link
 * to /claim/{token} (decision 050): the grand-prize winner in winner_notification, each additional
 * prize's winner in additional_prize_winner, with the prize's title, code and claim deadline. Each message has the dedupeKey winner:<campaign>:<rank>:<entry>, so
 * reruns (and a second instance) never mail anyone twice, while a redraw's new winner still gets
 * mailed. Then winnersNotifiedAt is set by a conditional update.
 *
 * A winner whose entry gave a phone number also gets a text with the same claim link (decision 094),
 * keyed sms-winner:<campaign>:<rank>:<entry> in the SMS outbox, queued right after their email.
 */
import { claimChoices, GRAND_PRIZE_RANK } from "../../domain/claims";
import { winnerDedupeKey } from "../../domain/winner-emails";
import { currentPicks, parseDrawPicks } from "../../domain/draw";
import { addDays } from "../../domain/campaign-dates";
import { CampaignStatus } from "../../domain/campaign-status";
import { claimLink } from "../claims/claim.server";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { emailBrand, winnerReplyTo } from "../email/brand.server";
import { queueTemplatedEmailOnce } from "../email/outbox.server";
import { claimDeadlineText, prizeName, winnerEmailLanguage, winnerEmailTokens } from "../claims/winner-emails.server";
import { tierTokenWords, winnerSmsTexts, winnerTokenWords } from "../../i18n/entrant-emails";
import { queueSmsToEntry } from "../sms/sms.server";
import { winnerSmsBody, winnerSmsDedupeKey } from "../../domain/sms";
import { currentTime, leaseUntil } from "../core/leases.server";
import { log } from "../core/log.server";

const RANK_WORDS: Record<number, string> = { 1: "1st", 2: "2nd", 3: "3rd" };

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
      .catch((error: unknown) => log.error({ err: error }, `[claims] could not release the notify lease of campaign ${campaignId}`));
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
  // The campaign's language (decision 097); English keeps the code's own words.
  const language = winnerEmailLanguage(campaign);
  const words = winnerTokenWords(language);
  let queued = 0;
  const grandPrize = await queueTemplatedEmailOnce({
    to: campaign.winnerEmail,
    template: "winner_notification",
    dedupeKey: winnerDedupeKey(campaign.id, GRAND_PRIZE_RANK, campaign.winnerEntryId),
    replyTo: winnerReplyTo(campaign),
    brand: emailBrand(campaign),
    language,
    tokens: {
      email: campaign.winnerEmail,
      brand_name: campaign.brandName,
      campaign_title: campaign.title,
      claim_link: await claimLink({ campaignId: campaign.id, entryId: campaign.winnerEntryId, deadline }),
      claim_deadline: claimDeadlineText(deadline, language, campaign.timeZone),
      claim_choices: words ? words.claimChoices(campaign.productType) : claimChoices(campaign.productType),
      bonus_gift_name: gift ? bonusLine(words?.bonusGift, "Bonus gift: ", campaign.winnerBonusGiftName) : "",
      bonus_gift_code:
        gift && campaign.winnerBonusGiftCode.trim() ? bonusLine(words?.giftCode, "Gift code: ", campaign.winnerBonusGiftCode) : "",
      bonus_gift_instructions:
        gift && campaign.winnerBonusGiftInstructions.trim()
          ? bonusLine(words?.howToRedeem, "How to redeem: ", campaign.winnerBonusGiftInstructions)
          : "",
      ...(await winnerEmailTokens(campaign, { rank: GRAND_PRIZE_RANK, entryId: campaign.winnerEntryId, deadline }, language)),
    },
  });
  if (grandPrize) queued += 1;
  await queueWinnerSms(campaign, { rank: GRAND_PRIZE_RANK, entryId: campaign.winnerEntryId, deadline });

  for (const prize of campaign.additionalPrizes) {
    if (!prize.winnerEntryId || !prize.winnerEmail) continue;
    const code = prize.code?.trim() ?? "";
    // The draw sets each tier's deadline; a tier without one shares the grand prize's.
    const prizeDeadline = prize.claimDeadline ?? deadline;
    const claimBy = claimDeadlineText(prizeDeadline, language, campaign.timeZone);
    const tierWords = tierTokenWords(language);
    const what =
      prize.kind === "merch"
        ? `choose your ${claimChoices(campaign.productType)} and tell us where to ship it`
        : prize.needsAddress
          ? `tell ${campaign.brandName} where to send it`
          : `confirm it's you (and tell ${campaign.brandName} anything they need to deliver it)`;
    const instructions = tierWords
      ? tierWords.instructions(
          code,
          claimBy,
          prize.kind === "merch"
            ? { kind: "merch", productType: campaign.productType }
            : { kind: prize.needsAddress ? "address" : "confirm", brand: campaign.brandName },
        )
      : `${code ? `Your code: ${code}. ` : ""}Claim your prize with your personal link before ${claimBy}: ${what}.`;
    const sent = await queueTemplatedEmailOnce({
      to: prize.winnerEmail,
      template: "additional_prize_winner",
      dedupeKey: winnerDedupeKey(campaign.id, prize.rank, prize.winnerEntryId),
      replyTo: winnerReplyTo(campaign),
      brand: emailBrand(campaign),
      language,
      tokens: {
        email: prize.winnerEmail,
        brand_name: campaign.brandName,
        campaign_title: campaign.title,
        prize_title: prize.title,
        prize_rank: tierWords ? tierWords.rank(prize.rank) : (RANK_WORDS[prize.rank] ?? `#${prize.rank}`),
        prize_code: code,
        prize_instructions: instructions,
        claim_deadline: claimBy,
        claim_choices:
          prize.kind === "merch" ? (words ? words.claimChoices(campaign.productType) : claimChoices(campaign.productType)) : "",
        // Decisions 050 and 051: this tier's own signed claim link, the prize's name and picture, the brand's logo, a contact.
        ...(await winnerEmailTokens(campaign, { ...prize, entryId: prize.winnerEntryId, deadline: prizeDeadline }, language)),
      },
    });
    if (sent) queued += 1;
    await queueWinnerSms(campaign, { ...prize, entryId: prize.winnerEntryId, deadline: prizeDeadline });
  }

  await markPicksNotified(campaign.id);

  // Only under our lease and for the winner just mailed: a redraw in between (which clears the
  // lease) leaves the campaign waiting for the new winner's email.
  await prisma.campaign.updateMany({
    where: { id: campaign.id, winnersNotifiedAt: null, winnerEntryId: campaign.winnerEntryId, winnersNotifyLeaseUntil: lease },
    data: { winnersNotifiedAt: now, winnersNotifyLeaseUntil: null },
  });
  return queued;
}

/** A bonus gift's line: the language's words around the value, or the English prefix. */
function bonusLine(translated: ((value: string) => string) | undefined, english: string, value: string): string {
  return translated ? translated(value.trim()) : `${english}${value.trim()}`;
}

/** The winner's SMS (decision 094), when their entry gave a phone number; once per prize and winner. */
async function queueWinnerSms(
  campaign: Parameters<typeof winnerEmailTokens>[0],
  prize: { rank: number; entryId: string; deadline: Date; title?: string },
): Promise<void> {
  const language = winnerEmailLanguage(campaign);
  await queueSmsToEntry(prize.entryId, {
    kind: "winner",
    dedupeKey: winnerSmsDedupeKey(campaign.id, prize.rank, prize.entryId),
    body: winnerSmsBody(
      campaign.brandName,
      prizeName(campaign, prize, language),
      await claimLink({ campaignId: campaign.id, entryId: prize.entryId, deadline: prize.deadline, rank: prize.rank }),
      claimDeadlineText(prize.deadline, language, campaign.timeZone),
      winnerSmsTexts(language),
    ),
  });
}

/**
 * Records in the published draw when each current winner's email was queued (pick.notifiedAt, the
 * outbox row's time), for picks that do not say so yet. A compare-and-set on the picks JSON: a
 * redraw appending at the same moment wins, and the next notification records it.
 */
export async function markPicksNotified(campaignId: string): Promise<void> {
  const draw = await prisma.draw.findUnique({ where: { campaignId }, select: { picks: true } });
  if (!draw) return;
  const picks = parseDrawPicks(draw.picks);
  const current = [...currentPicks(picks).values()].filter((pick) => !pick.notifiedAt);
  if (current.length === 0) return;
  const queued = await prisma.outboundEmail.findMany({
    where: { dedupeKey: { in: current.map((pick) => winnerDedupeKey(campaignId, pick.rank, pick.entryId)) } },
    select: { dedupeKey: true, createdAt: true },
  });
  const at = new Map(queued.map((row) => [row.dedupeKey, row.createdAt.toISOString()]));
  let changed = false;
  const updated = picks.map((pick) => {
    const queuedAt = !pick.replaced && !pick.notifiedAt ? at.get(winnerDedupeKey(campaignId, pick.rank, pick.entryId)) : undefined;
    if (!queuedAt) return pick;
    changed = true;
    return { ...pick, notifiedAt: queuedAt };
  });
  if (changed) await prisma.draw.updateMany({ where: { campaignId, picks: draw.picks }, data: { picks: JSON.stringify(updated) } });
}

/** Completed campaigns with a winner whose emails have not been queued yet and nobody is queueing (oldest end first). */
export async function campaignsAwaitingNotification(limit = 20): Promise<string[]> {
  const rows = await prisma.campaign.findMany({
    where: { status: CampaignStatus.completed, winnerEntryId: { not: null }, winnersNotifiedAt: null, OR: notifyLeaseFree(new Date()) },
    orderBy: [{ endDate: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
