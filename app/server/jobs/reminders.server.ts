/**
 * "Ends in 48 hours" reminders (SPEC: Reminder option): with send_reminder on, each entrant of a
 * live campaign gets one reminder_48h email once its end is less than 48 hours away.
 *
 * One runner per campaign: a pass first takes the campaign's reminder lease (reminderLeaseUntil)
 * with one conditional update, so of two instances (or the timer and `npm run jobs`) only one
 * pages through the entrants; the other skips the campaign. The lease is renewed after every
 * batch and given back on an error.
 *
 * Crash safety: the emails are queued first, each with the dedupe key `reminder:<entryId>`, and
 * the campaign is marked (reminderSentAt) afterwards. A runner that dies half-way leaves the
 * campaign unmarked with a lease that runs out, and a later pass (here or on another instance)
 * takes it up again and queues only the missing emails: the dedupe keys stay as a backstop, so
 * even a runner that outlived its lease cannot queue one twice. Marking first would lose the rest
 * of the reminders on a crash, with nothing left to say which entrants still lack theirs.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { formatZonedDateTime } from "../../domain/campaign-time-zone";
import { publicOrigin } from "../core/public-url.server";
import { prisma } from "../core/db.server";
import { EMAIL_BRAND_CAMPAIGN_FIELDS, emailBrand } from "../email/brand.server";
import { queueTemplatedEmails } from "../email/outbox.server";
import { referralLink, withReferralCap } from "../entries/emails.server";
import { REFERRAL_BONUS_ENTRIES, referralOffer, reminderDedupeKey } from "../../domain/entries";
import { entrantLanguage } from "../../domain/entrant-language";
import { entrantText } from "../../i18n/entrant";
import { laterTokenWords } from "../../i18n/entrant-emails";
import { platformSetting } from "../core/settings.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { log } from "../core/log.server";

export const REMINDER_LEAD_MS = 48 * 60 * 60 * 1000;
const BATCH_SIZE = 500;
const CAMPAIGNS_PER_PASS = 20;
/** How long a campaign's reminders belong to the runner that took them; renewed after every batch. */
export const REMINDER_LEASE_MS = 5 * 60 * 1000;

export interface ReminderSummary {
  campaigns: number;
  emails: number;
}

/** Live campaigns that asked for a reminder, end within 48 hours and have not had it yet. */
async function campaignsDueForReminder(now: Date) {
  return prisma.campaign.findMany({
    where: {
      sendReminder: true,
      status: CampaignStatus.active,
      reminderSentAt: null,
      endDate: { gt: now, lte: new Date(now.getTime() + REMINDER_LEAD_MS) },
      AND: [
        // Not before the campaign opens: nobody could have entered yet.
        { OR: [{ startDate: null }, { startDate: { lte: now } }] },
        // Not while another runner holds it.
        { OR: [{ reminderLeaseUntil: null }, { reminderLeaseUntil: { lt: currentTime(now) } }] },
      ],
    },
    orderBy: { endDate: "asc" },
    take: CAMPAIGNS_PER_PASS,
    select: { id: true, endDate: true, timeZone: true, language: true, referralCap: true, ...EMAIL_BRAND_CAMPAIGN_FIELDS },
  });
}

/**
 * Takes (or renews) a campaign's reminder lease with one conditional update: only while the
 * reminders are still due and the lease is free or has run out (taking), or is still `held`
 * (renewing). Answers the new lease, or null when someone else has the campaign.
 */
async function takeReminderLease(campaignId: string, now: Date, held: Date | null): Promise<Date | null> {
  const until = leaseUntil(now, REMINDER_LEASE_MS);
  const taken = await prisma.campaign.updateMany({
    where: {
      id: campaignId,
      sendReminder: true,
      status: CampaignStatus.active,
      reminderSentAt: null,
      ...(held ? { reminderLeaseUntil: held } : { OR: [{ reminderLeaseUntil: null }, { reminderLeaseUntil: { lt: currentTime(now) } }] }),
    },
    data: { reminderLeaseUntil: until },
  });
  return taken.count === 1 ? until : null;
}

type DueCampaign = Awaited<ReturnType<typeof campaignsDueForReminder>>[number];

/**
 * Queues the campaign's missing reminders under its lease, renewing it after every batch. Answers
 * how many it queued and the lease it still holds (null when another runner took over). On an
 * error the lease is given back at once, so the next pass retries rather than waiting it out.
 */
async function queueCampaignReminders(
  campaign: DueCampaign,
  origin: string,
  now: Date,
  lease: Date,
): Promise<{ emails: number; lease: Date | null }> {
  // The end in the campaign's time zone, named (decision 095).
  // In the campaign's language (decision 097); English keeps decision 095's words.
  const language = entrantLanguage(campaign.language);
  const words = laterTokenWords(language);
  const endDate =
    language === "en"
      ? formatZonedDateTime(campaign.endDate!, campaign.timeZone)
      : entrantText(language).dateTime(campaign.endDate!, campaign.timeZone);
  const referralsEnabled = await platformSetting("referralsEnabled");
  const offered = !words
    ? referralOffer(referralsEnabled, "reminder")
    : referralsEnabled
      ? words.reminderOffer(REFERRAL_BONUS_ENTRIES)
      : entrantText(language).t("referralOfferShare");
  // The campaign's referral cap (decision 104), said wherever bonus entries are promised.
  const offer = referralsEnabled ? withReferralCap(offered, entrantText(language), campaign.referralCap) : offered;
  const brand = emailBrand(campaign);
  let emails = 0;
  let held: Date | null = lease;
  let cursor: string | undefined;
  try {
    for (;;) {
      const entries = await prisma.entry.findMany({
        // "You are entered" is true only of counted entries (decision 038); an entrant who erased their data is not mailed (054).
        where: { campaignId: campaign.id, confirmedAt: { not: null }, disqualifiedAt: null, erasedAt: null },
        orderBy: { id: "asc" },
        take: BATCH_SIZE,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        select: { id: true, email: true },
      });
      if (entries.length === 0) break;
      emails += await queueTemplatedEmails(
        entries.map((entry) => ({
          to: entry.email,
          template: "reminder_48h",
          dedupeKey: reminderDedupeKey(entry.id),
          brand,
          language,
          tokens: {
            email: entry.email,
            brand_name: campaign.brandName,
            campaign_title: campaign.title,
            campaign_end_date: endDate,
            referral_offer: offer,
            referral_link: referralLink(origin, campaign.id, entry.id),
          },
        })),
      );
      cursor = entries[entries.length - 1]!.id;
      if (entries.length < BATCH_SIZE) break;
      // A big campaign takes many batches: keep the lease, or stop if another runner has taken over.
      held = await takeReminderLease(campaign.id, now, held);
      if (!held) break;
    }
  } catch (error) {
    const release = held;
    if (release) {
      await prisma.campaign
        .updateMany({ where: { id: campaign.id, reminderLeaseUntil: release }, data: { reminderLeaseUntil: null } })
        .catch((failure: unknown) => log.error({ err: failure }, `[reminders] could not release the lease of campaign ${campaign.id}`));
    }
    throw error;
  }
  return { emails, lease: held };
}

export async function sendDueReminders(now: Date = new Date()): Promise<ReminderSummary> {
  const summary: ReminderSummary = { campaigns: 0, emails: 0 };
  const origin = publicOrigin();
  for (const campaign of await campaignsDueForReminder(now)) {
    const lease = await takeReminderLease(campaign.id, now, null);
    if (!lease) continue;
    const result = await queueCampaignReminders(campaign, origin, now, lease);
    summary.emails += result.emails;
    if (!result.lease) continue;
    const marked = await prisma.campaign.updateMany({
      where: { id: campaign.id, reminderSentAt: null, reminderLeaseUntil: result.lease },
      data: { reminderSentAt: now, reminderLeaseUntil: null },
    });
    summary.campaigns += marked.count;
  }
  return summary;
}
