/**
 * An entrant's data (decision 054): what the data page shows and the JSON export holds, read by the
 * address the link was issued for (normalised, decision 010), across every campaign; and withdrawing
 * marketing consent.
 */
import { publicPhase } from "../../domain/campaign-status";
import { consentWording, fillConsentWording } from "../../domain/consent";
import {
  type DataPageConsent,
  type DataPageData,
  type DataPageEntry,
  type DataPagePrize,
  type EntryStatus,
  isFinalOrderStatus,
  prizeLabel,
} from "../../domain/data-rights";
import { entryWeight } from "../../domain/entries";
import { SHIP_ADDRESS_FIELDS } from "../../domain/orders";
import { campaignPath } from "../../paths";
import { prisma } from "../core/db.server";
import { queueEmailToolUnsubscribe } from "../integrations/email-tools.server";
import { publicUrl } from "../core/public-url.server";

const ENTRY_SELECT = {
  id: true,
  campaignId: true,
  email: true,
  phoneNumber: true,
  createdAt: true,
  confirmedAt: true,
  disqualifiedAt: true,
  disqualifyReason: true,
  bonusEntries: true,
  actionBonus: true,
  actionCompletions: {
    select: { completedAt: true, answer: true, bonus: true, disqualifiedAt: true, action: { select: { label: true, kind: true } } },
    orderBy: { completedAt: "asc" },
  },
  referrerId: true,
  referralCredited: true,
  agreedToTerms: true,
  marketingConsent: true,
  termsWordingId: true,
  marketingWordingId: true,
  marketingConsentAt: true,
  marketingWithdrawnAt: true,
  ip: true,
  ipNetwork: true,
  browserId: true,
  userId: true,
  campaign: {
    select: {
      id: true,
      title: true,
      brandName: true,
      minimumAge: true,
      status: true,
      startDate: true,
      endDate: true,
      winnerEntryId: true,
      claimDeadline: true,
      additionalPrizes: { select: { rank: true, title: true, winnerEntryId: true, claimDeadline: true } },
      orders: {
        select: {
          prizeRank: true,
          entryId: true,
          winnerEmail: true,
          kind: true,
          status: true,
          size: true,
          style: true,
          color: true,
          claimNote: true,
          ...SHIP_ADDRESS_FIELDS,
          trackingNumber: true,
          carrier: true,
          createdAt: true,
          shippedAt: true,
          deliveredAt: true,
        },
      },
    },
  },
} as const;

async function entriesOf(emailNormalized: string) {
  return prisma.entry.findMany({ where: { emailNormalized, erasedAt: null }, orderBy: { createdAt: "desc" }, select: ENTRY_SELECT });
}

type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

function statusOf(entry: EntryRow): EntryStatus {
  if (entry.disqualifiedAt) return "disqualified";
  return entry.confirmedAt ? "confirmed" : "pending";
}

/** The tier the entry currently holds, with its claim, or null. */
function prizeOf(entry: EntryRow, now: Date): (DataPagePrize & { order: EntryRow["campaign"]["orders"][number] | null }) | null {
  const campaign = entry.campaign;
  const tier =
    campaign.winnerEntryId === entry.id
      ? { rank: 1, title: "", claimDeadline: campaign.claimDeadline }
      : campaign.additionalPrizes.find((prize) => prize.winnerEntryId === entry.id);
  if (!tier) return null;
  const order =
    campaign.orders.find(
      (row) => row.prizeRank === tier.rank && (row.entryId ? row.entryId === entry.id : row.winnerEmail === entry.email),
    ) ?? null;
  const deadline = tier.claimDeadline?.toISOString() ?? "";
  const claim: DataPagePrize["claim"] = order
    ? { kind: "claimed", orderStatus: order.status, finished: isFinalOrderStatus(order.status) }
    : tier.claimDeadline && tier.claimDeadline > now
      ? { kind: "open", deadline }
      : { kind: "lapsed", deadline };
  return { rank: tier.rank, title: prizeLabel(tier.rank, tier.title), claim, order };
}

function consentOf(wordingId: string | null, entry: EntryRow, givenAt: Date | null, withdrawnAt: Date | null): DataPageConsent {
  const wording = consentWording(wordingId);
  return {
    wordingId,
    version: wording?.version ?? null,
    text: wording ? fillConsentWording(wording.text, { brand: entry.campaign.brandName, minimumAge: entry.campaign.minimumAge }) : null,
    givenAt: givenAt?.toISOString() ?? null,
    withdrawnAt: withdrawnAt?.toISOString() ?? null,
  };
}

function pageEntry(entry: EntryRow, now: Date): DataPageEntry {
  const prize = prizeOf(entry, now);
  return {
    id: entry.id,
    campaign: {
      id: entry.campaign.id,
      title: entry.campaign.title,
      brandName: entry.campaign.brandName,
      url: publicUrl(campaignPath(entry.campaign.id)),
      ended: publicPhase(entry.campaign, now) === "ended",
    },
    email: entry.email,
    phoneNumber: entry.phoneNumber,
    enteredAt: entry.createdAt.toISOString(),
    confirmedAt: entry.confirmedAt?.toISOString() ?? null,
    status: statusOf(entry),
    bonusEntries: entry.bonusEntries,
    actionBonus: entry.actionBonus,
    weight: entryWeight(entry),
    actions: entry.actionCompletions.map((completion) => ({
      label: completion.action.label,
      kind: completion.action.kind,
      bonus: completion.bonus,
      completedAt: completion.completedAt.toISOString(),
      answer: completion.answer,
      rejected: completion.disqualifiedAt !== null,
    })),
    terms: consentOf(entry.termsWordingId, entry, entry.agreedToTerms ? entry.createdAt : null, null),
    marketing: {
      ...consentOf(entry.marketingWordingId, entry, entry.marketingConsentAt, entry.marketingWithdrawnAt),
      current: entry.marketingConsent,
    },
    prize: prize && { rank: prize.rank, title: prize.title, claim: prize.claim },
  };
}

/** The addresses an outbox row may be written to for these entries (as typed, and lower-cased). */
function addressesOf(emailNormalized: string, entries: { email: string }[]): string[] {
  return [...new Set([emailNormalized, ...entries.flatMap((entry) => [entry.email, entry.email.toLowerCase()])])];
}

/** What the data page shows for the address, or null when we hold no entry for it. */
export async function dataPage(emailNormalized: string, linkExpiresAt: Date, now: Date = new Date()): Promise<DataPageData | null> {
  const entries = await entriesOf(emailNormalized);
  if (entries.length === 0) return null;
  const addresses = addressesOf(emailNormalized, entries);
  const [emailCount, account] = await Promise.all([
    prisma.outboundEmail.count({ where: { to: { in: addresses } } }),
    prisma.user.findFirst({ where: { email: { in: addresses.map((address) => address.toLowerCase()) } }, select: { id: true } }),
  ]);
  const openClaims: DataPageData["openClaims"] = [];
  for (const entry of entries) {
    const prize = prizeOf(entry, now);
    if (!prize) continue;
    const kind =
      prize.claim.kind === "open"
        ? "unclaimed"
        : prize.claim.kind === "claimed"
          ? prize.claim.finished
            ? "finished"
            : "in-progress"
          : null;
    if (kind) openClaims.push({ campaignTitle: entry.campaign.title, prizeTitle: prize.title, kind });
  }
  return {
    address: entries[0]!.email,
    entries: entries.map((entry) => pageEntry(entry, now)),
    emailCount,
    hasAccount: account !== null,
    openClaims,
    linkExpiresAt: linkExpiresAt.toISOString(),
  };
}

/**
 * Everything we hold for the address, for the JSON download: the data page's entries plus the
 * technical fields (IP address, network, browser id), the prize orders with their delivery
 * details, and the messages we sent (subject, time, status), text messages too (decision 094).
 */
export async function dataExport(emailNormalized: string, now: Date = new Date()) {
  const entries = await entriesOf(emailNormalized);
  const addresses = addressesOf(emailNormalized, entries);
  const emails = entries.length
    ? await prisma.outboundEmail.findMany({
        where: { to: { in: addresses } },
        orderBy: { createdAt: "asc" },
        select: { to: true, subject: true, template: true, status: true, createdAt: true, sentAt: true },
      })
    : [];
  const texts = entries.length
    ? await prisma.outboundSms.findMany({
        where: { entryId: { in: entries.map((entry) => entry.id) } },
        orderBy: { createdAt: "asc" },
        select: { to: true, body: true, kind: true, status: true, createdAt: true, sentAt: true },
      })
    : [];
  return {
    format: 1,
    exportedAt: now.toISOString(),
    address: emailNormalized,
    about:
      "Everything Giveawear holds about this email address as an entrant: entries, the entry actions done (with answers and handles), consents (the exact words shown, with their version), prizes and the emails and text messages we sent. Times are UTC.",
    entries: entries.map((entry) => {
      const prize = prizeOf(entry, now);
      return {
        ...pageEntry(entry, now),
        referredByEntryId: entry.referrerId,
        referralCredited: entry.referralCredited,
        disqualifyReason: entry.disqualifyReason,
        ipAddress: entry.ip,
        ipNetwork: entry.ipNetwork,
        browserId: entry.browserId,
        signedInAccount: entry.userId !== null,
        order: prize?.order
          ? {
              kind: prize.order.kind,
              status: prize.order.status,
              size: prize.order.size,
              style: prize.order.style,
              color: prize.order.color,
              note: prize.order.claimNote,
              email: prize.order.winnerEmail,
              shipping: {
                name: prize.order.shipName,
                line1: prize.order.shipLine1,
                line2: prize.order.shipLine2,
                city: prize.order.shipCity,
                region: prize.order.shipRegion,
                postalCode: prize.order.shipPostalCode,
                country: prize.order.shipCountry,
                phone: prize.order.shipPhone,
              },
              carrier: prize.order.carrier,
              trackingNumber: prize.order.trackingNumber,
              claimedAt: prize.order.createdAt.toISOString(),
              shippedAt: prize.order.shippedAt?.toISOString() ?? null,
              deliveredAt: prize.order.deliveredAt?.toISOString() ?? null,
            }
          : null,
      };
    }),
    emails: emails.map((email) => ({
      to: email.to,
      subject: email.subject,
      template: email.template,
      status: email.status,
      queuedAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
    })),
    textMessages: texts.map((text) => ({
      to: text.to,
      text: text.body,
      kind: text.kind,
      status: text.status,
      queuedAt: text.createdAt.toISOString(),
      sentAt: text.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Withdraws marketing consent from one of the address's entries, or from all of them (entryId null):
 * one conditional update claims the entries still consenting, then each is queued for unsubscribing
 * at the brand's email tools, in the same transaction. Answers how many were withdrawn.
 */
export async function withdrawMarketing(emailNormalized: string, entryId: string | null, now: Date = new Date()): Promise<number> {
  return prisma.$transaction(
    async (tx) => {
      const withdrawn = await tx.entry.updateManyAndReturn({
        where: { emailNormalized, erasedAt: null, marketingConsent: true, ...(entryId ? { id: entryId } : {}) },
        data: { marketingConsent: false, marketingWithdrawnAt: now },
        select: { id: true, campaignId: true, email: true },
      });
      for (const entry of withdrawn) await queueEmailToolUnsubscribe(tx, entry, "withdrawn");
      // Retention erases entrants without consent (decision 054): a campaign it had finished with is due again.
      const campaignIds = [...new Set(withdrawn.map((entry) => entry.campaignId))];
      if (campaignIds.length) {
        await tx.campaign.updateMany({
          where: { id: { in: campaignIds }, entrantDataRetainedAt: { not: null } },
          data: { entrantDataRetainedAt: null },
        });
      }
      return withdrawn.length;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
