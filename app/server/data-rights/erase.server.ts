/**
 * Erasing entrants' personal data (decision 054). One function, eraseEntries, erases a set of entries
 * everywhere they left personal data, in one transaction; the entrant's own request (eraseAddress)
 * and the retention job both go through it.
 *
 * What stays: each entry's opaque id, campaign, times, weight, referral facts and consent versions,
 * so the frozen draw list (ids and weights only) and the published draw still verify. What goes:
 * - the entry's address (both columns become "erased:<entry id>"), phone, IP address and network,
 *   browser id, account link and the creator's private fraud note; marketing consent is withdrawn;
 * - a winner's address on the campaign or prize tier (the same placeholder) and chosen display name;
 *   an unclaimed prize whose deadline is still ahead is forfeited (its deadline becomes now, so the
 *   creator may draw another winner at once);
 * - the winner's order once it is finished (shipped, delivered or cancelled): address, name, phone,
 *   email, tracking and note. An order still being prepared keeps its delivery details until it
 *   finishes, then finishDeferredOrderErasures (run by the jobs) erases them and the shipping email;
 * - the outbox's messages to the address (redacted in place, so their dedupe keys still stop a job
 *   from mailing twice; unsent ones are never sent), and the SMS outbox's messages to the entries'
 *   phone numbers the same way (decision 094);
 * - whatever the brand's email tools and webhooks hold (the two integration hooks, called before the
 *   fields are blanked).
 * The entrant's own request also deletes sign-in codes for the address and redacts any message that
 * names it (a contact-form message). A Giveawear account with the address is not deleted here.
 *
 * After the erasure's transactions, purgeErasedData makes the old row versions leave the database's
 * files too (decision 065): on SQLite nothing of the address is left in the files; on PostgreSQL
 * the dead row versions and index entries go (README, "Erasure on disk").
 */
import { ERASED_PREFIX, FINAL_ORDER_STATUSES, erasedPlaceholder, isErasedAddress, isFinalOrderStatus } from "../../domain/data-rights";
import { entryEmailKey, reminderDedupeKey } from "../../domain/entries";
import { withinWorkerWindow } from "../../domain/email-retry";
import { getConfig } from "../core/config.server";
import { clientProvider, getPrisma, Prisma, prisma, purgeErasedRows } from "../core/db.server";
import { giftDeliveredDedupeKey, shippedDedupeKey } from "../../domain/winner-emails";
import { queueEmailToolUnsubscribe } from "../integrations/email-tools.server";
import { eraseEntrantsFromWebhooks } from "../integrations/webhooks.server";
import { log } from "../core/log.server";

type Tx = Prisma.TransactionClient;

export interface ErasureSummary {
  /** Entries erased by this call (entries erased before are not counted again). */
  entries: number;
  /** Unclaimed prizes given up. */
  forfeitedPrizes: number;
  /** Orders still under way, whose delivery details are kept until they finish. */
  deferredOrders: number;
  /** Outbox messages redacted. */
  emails: number;
}

const NONE: ErasureSummary = { entries: 0, forfeitedPrizes: 0, deferredOrders: 0, emails: 0 };

/** Why an unsent outbox message was stopped. */
const REDACTED_UNSENT = "Not sent: the recipient erased their data.";

/** A transaction big enough for a batch of erasures (SQLite runs one at a time; they queue). */
const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

const postgres = () => clientProvider(getPrisma()) === "postgresql";

/**
 * Erases these entries (those not erased yet) in one transaction; see the file's comment.
 * `wholeAddress`: the entrant's own request, which also clears what belongs to the address rather
 * than to an entry (sign-in codes, any message naming it).
 */
export async function eraseEntries(
  entryIds: string[],
  now: Date = new Date(),
  options: { wholeAddress?: boolean } = {},
): Promise<ErasureSummary> {
  if (entryIds.length === 0) return NONE;
  return prisma.$transaction(async (tx) => eraseInTransaction(tx, entryIds, now, options.wholeAddress ?? false), TX_OPTIONS);
}

/**
 * Erases every entry of the address (as typed or normalised: it is normalised here, decision 010) and
 * what else names it, then purges the database files (purgeErasedData). `vacuumInBackground`: on
 * PostgreSQL answer without waiting for the VACUUM (the entrant's request: on a big Entry table its
 * index cleanup takes seconds); SQLite's checkpoint is always waited for.
 */
export async function eraseAddress(
  email: string,
  now: Date = new Date(),
  { vacuumInBackground = false }: { vacuumInBackground?: boolean } = {},
): Promise<ErasureSummary> {
  const emailNormalized = entryEmailKey(email);
  const entries = await prisma.entry.findMany({ where: { emailNormalized, erasedAt: null }, select: { id: true } });
  const summary = await eraseEntries(
    entries.map((entry) => entry.id),
    now,
    { wholeAddress: true },
  );
  // An address with no entries left can still have sign-in codes or messages (an earlier erasure).
  if (summary.entries === 0) await prisma.$transaction(async (tx) => eraseAddressTraces(tx, [emailNormalized]), TX_OPTIONS);
  const purged = purgeErasedData();
  if (!(vacuumInBackground && postgres())) await purged;
  return summary;
}

/** Every table an erasure changes (eraseInTransaction, its integration hooks, finishDeferredOrderErasures, retention). */
const ERASURE_TABLES = [
  "Entry",
  "ActionCompletion",
  "ActionCodeAttempt",
  "WinnerListing",
  "Campaign",
  "AdditionalPrize",
  "Order",
  "OutboundEmail",
  "LoginCode",
  "WebhookDelivery",
  "EmailToolSync",
] as const;

let purging: Promise<void> | null = null;
let purgeAgain: Promise<void> | null = null;

/**
 * Makes what erasures removed from the tables leave the database's files (decision 065): on SQLite
 * the WAL, which still holds the pages as they were, is checkpointed and cut; on PostgreSQL the
 * tables are vacuumed. Called after the entrant's erasure and after a jobs pass that erased or
 * cleared something. One purge at a time per process: asked for while one runs, one more follows
 * it, for every erasure meanwhile. The erasure stands either way: a failure here is logged, not thrown.
 */
export function purgeErasedData(): Promise<void> {
  if (!purging) {
    purging = purgeOnce().finally(() => {
      purging = null;
    });
    return purging;
  }
  purgeAgain ??= purging.then(() => {
    purgeAgain = null;
    return purgeErasedData();
  });
  return purgeAgain;
}

async function purgeOnce(): Promise<void> {
  try {
    if (!(await purgeErasedRows(getPrisma(), ERASURE_TABLES))) {
      log.warn("[data-rights] the SQLite WAL could not be checkpointed (the database stayed busy): the next erasure tries again");
    }
  } catch (error) {
    log.error(
      `[data-rights] erased rows could not be purged from the database files: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function eraseInTransaction(tx: Tx, entryIds: string[], now: Date, wholeAddress: boolean): Promise<ErasureSummary> {
  // The claim: of two erasures (or retention passes) at once, each entry is erased by one of them.
  const claimed = await tx.entry.updateManyAndReturn({
    where: { id: { in: entryIds }, erasedAt: null },
    data: { erasedAt: now },
    select: { id: true, campaignId: true, email: true, emailNormalized: true },
  });
  if (claimed.length === 0) return NONE;
  const ids = claimed.map((entry) => entry.id);

  // The brand's tools first, while the address is still there to unsubscribe.
  for (const entry of claimed)
    await queueEmailToolUnsubscribe(tx, { id: entry.id, campaignId: entry.campaignId, email: entry.email }, "erased");
  await eraseEntrantsFromWebhooks(tx, ids);
  // The winners list's display name is personal data too (decision 057).
  await tx.winnerListing.deleteMany({ where: { entryId: { in: ids } } });
  // A redraw objection's message goes too; its rank and time stay, as the draw record publishes them (decision 105).
  await tx.redrawObjection.updateMany({ where: { entryId: { in: ids } }, data: { message: "" } });

  await tx.entry.updateMany({
    where: { id: { in: ids }, marketingConsent: true },
    data: { marketingConsent: false, marketingWithdrawnAt: now },
  });
  await tx.entry.updateMany({
    where: { id: { in: ids } },
    data: { phoneNumber: null, ip: null, ipNetwork: null, browserId: null, userId: null, disqualifyNote: null },
  });
  // Entry actions (decisions 074, 077): the answers and handles given, the network and the wrong codes typed
  // go; each completion's action, bonus and time stay, as the frozen actions.csv holds them (ids only).
  await tx.actionCompletion.updateMany({ where: { entryId: { in: ids } }, data: { answer: null, ipNetwork: null } });
  await tx.actionCodeAttempt.deleteMany({ where: { entryId: { in: ids } } });
  // Each address becomes its own placeholder: one statement for the batch, on both databases.
  const prefix = Prisma.raw(`'${ERASED_PREFIX}'`);
  await tx.$executeRaw`UPDATE "Entry" SET "email" = ${prefix} || "id", "emailNormalized" = ${prefix} || "id" WHERE "id" IN (${Prisma.join(ids)})`;

  // The entries' SMS (decision 094): number and text go, the dedupe key stays; unsent ones never go out.
  await tx.outboundSms.updateMany({
    where: { entryId: { in: ids }, status: { in: ["pending", "failed", "sending", "outbox"] } },
    data: { status: "failed", nextAttemptAt: null, lastError: REDACTED_UNSENT },
  });
  await tx.$executeRaw`UPDATE "OutboundSms" SET "to" = ${prefix} || "entryId", "body" = '(erased)' WHERE "entryId" IN (${Prisma.join(ids)})`;

  const prizes = await eraseWinners(tx, claimed, now);
  const emails = await redactEntrantEmails(tx, claimed, wholeAddress);
  if (wholeAddress) await eraseAddressTraces(tx, [...new Set(claimed.map((entry) => entry.emailNormalized))], claimed);
  return { entries: claimed.length, ...prizes, emails };
}

type ClaimedEntry = { id: string; campaignId: string; email: string; emailNormalized: string };

/** The winners among the entries: their addresses on the campaign, prize tiers and orders. */
async function eraseWinners(
  tx: Tx,
  claimed: ClaimedEntry[],
  now: Date,
): Promise<Pick<ErasureSummary, "forfeitedPrizes" | "deferredOrders">> {
  const ids = claimed.map((entry) => entry.id);
  const campaignIds = [...new Set(claimed.map((entry) => entry.campaignId))];
  const [grand, tiers, orders] = await Promise.all([
    tx.campaign.findMany({ where: { winnerEntryId: { in: ids } }, select: { id: true, winnerEntryId: true, claimDeadline: true } }),
    tx.additionalPrize.findMany({
      where: { winnerEntryId: { in: ids } },
      select: { campaignId: true, rank: true, winnerEntryId: true, claimDeadline: true },
    }),
    tx.order.findMany({
      where: { campaignId: { in: campaignIds } },
      select: { id: true, campaignId: true, prizeRank: true, entryId: true, winnerEmail: true, status: true },
    }),
  ]);
  const byId = new Map(claimed.map((entry) => [entry.id, entry]));
  // An order is the entry's when it names it, or (older orders, without entryId) holds its address.
  const ordersOf = orders.filter((order) =>
    order.entryId
      ? byId.has(order.entryId)
      : claimed.some((entry) => entry.campaignId === order.campaignId && entry.email === order.winnerEmail),
  );
  const claimedTier = (campaignId: string, rank: number) =>
    orders.some((order) => order.campaignId === campaignId && order.prizeRank === rank);
  let forfeitedPrizes = 0;

  for (const campaign of grand) {
    const entryId = campaign.winnerEntryId!;
    const open = !claimedTier(campaign.id, 1) && campaign.claimDeadline !== null && campaign.claimDeadline > now;
    if (open) forfeitedPrizes += 1;
    await tx.campaign.updateMany({
      where: { id: campaign.id, winnerEntryId: entryId },
      data: { winnerEmail: erasedPlaceholder(entryId), winnerPublicName: null, ...(open ? { claimDeadline: now } : {}) },
    });
  }
  for (const tier of tiers) {
    const entryId = tier.winnerEntryId!;
    const open = !claimedTier(tier.campaignId, tier.rank) && tier.claimDeadline !== null && tier.claimDeadline > now;
    if (open) forfeitedPrizes += 1;
    await tx.additionalPrize.updateMany({
      where: { campaignId: tier.campaignId, rank: tier.rank, winnerEntryId: entryId },
      data: { winnerEmail: erasedPlaceholder(entryId), ...(open ? { claimDeadline: now } : {}) },
    });
  }

  const finished = ordersOf.filter((order) => isFinalOrderStatus(order.status));
  for (const order of finished) await redactOrder(tx, order);
  return { forfeitedPrizes, deferredOrders: ordersOf.length - finished.length };
}

/** A finished order without its winner's personal data (what was made and when stays). */
function redactOrder(tx: Tx, order: { id: string; entryId: string | null }) {
  return tx.order.update({
    where: { id: order.id },
    data: {
      winnerEmail: erasedPlaceholder(order.entryId ?? order.id),
      shipName: null,
      shipLine1: null,
      shipLine2: null,
      shipCity: null,
      shipRegion: null,
      shipPostalCode: null,
      shipCountry: null,
      shipPhone: null,
      trackingNumber: null,
      trackingUrl: null,
      claimNote: "",
      // A provider's error may quote the address.
      lastError: null,
    },
  });
}

/**
 * The outbox's messages to the entrants. When an address has no entry left, every message to it
 * (as typed in any of its entries) is redacted; when it still has entries elsewhere (the retention
 * job erases one campaign's entries), only the messages about the erased entries, by their keys.
 */
async function redactEntrantEmails(tx: Tx, claimed: ClaimedEntry[], wholeAddress: boolean): Promise<number> {
  const keys = [...new Set(claimed.map((entry) => entry.emailNormalized))];
  const live = wholeAddress
    ? new Set<string>()
    : new Set(
        (await tx.entry.findMany({ where: { emailNormalized: { in: keys }, erasedAt: null }, select: { emailNormalized: true } })).map(
          (entry) => entry.emailNormalized,
        ),
      );
  const gone = claimed.filter((entry) => !live.has(entry.emailNormalized));
  const kept = claimed.filter((entry) => live.has(entry.emailNormalized));
  const addresses = [...new Set(gone.flatMap((entry) => [entry.email, entry.email.toLowerCase(), entry.emailNormalized]))];
  let ids: string[] = [];
  if (addresses.length) {
    ids = (await tx.outboundEmail.findMany({ where: { to: { in: addresses } }, select: { id: true } })).map((row) => row.id);
  }
  if (kept.length) {
    const orders = await tx.order.findMany({ where: { entryId: { in: kept.map((entry) => entry.id) } }, select: { id: true } });
    const exact = kept.flatMap((entry) => [`entry:${entry.id}`, `entry-confirm:${entry.id}`, reminderDedupeKey(entry.id)]);
    exact.push(...orders.flatMap((order) => [shippedDedupeKey(order.id), giftDeliveredDedupeKey(order.id)]));
    const about = await tx.outboundEmail.findMany({
      where: {
        to: { in: kept.map((entry) => entry.email) },
        OR: [
          { dedupeKey: { in: exact } },
          ...kept.map((entry) => ({ dedupeKey: { startsWith: `entry-resend:${entry.id}:` } })),
          // Winner emails, claim reminders: "<kind>:<campaign>:<rank>:<entry>".
          ...kept.map((entry) => ({ dedupeKey: { endsWith: `:${entry.id}` } })),
        ],
      },
      select: { id: true },
    });
    ids.push(...about.map((row) => row.id));
  }
  return redactEmails(tx, ids);
}

/**
 * Redacts outbox rows in place: no recipient, subject or body left; an unsent one is stopped. The
 * dedupe keys stay (a job must not mail again), except a data-link request's, which names the address
 * by a keyed hash.
 */
export async function redactEmails(tx: Tx, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  let redacted = 0;
  for (let at = 0; at < unique.length; at += 1000) {
    const batch = unique.slice(at, at + 1000);
    const { count } = await tx.outboundEmail.updateMany({
      where: { id: { in: batch } },
      data: { to: ERASED_PREFIX, subject: "(erased)", html: "", text: null, lastError: null },
    });
    redacted += count;
    await tx.outboundEmail.updateMany({
      where: { id: { in: batch }, status: { not: "sent" } },
      data: { status: "failed", nextAttemptAt: null, lastError: REDACTED_UNSENT },
    });
    await tx.outboundEmail.updateMany({ where: { id: { in: batch }, dedupeKey: { startsWith: "data-link:" } }, data: { dedupeKey: null } });
  }
  return redacted;
}

/**
 * What belongs to the address itself: its sign-in codes, and any outbox message that names it in its
 * subject or body (a contact-form message it sent us), whatever the message's recipient.
 */
async function eraseAddressTraces(tx: Tx, keys: string[], claimed: ClaimedEntry[] = []): Promise<void> {
  const addresses = [
    ...new Set([...keys, ...claimed.flatMap((entry) => [entry.email, entry.email.toLowerCase()])].filter((a) => !isErasedAddress(a))),
  ];
  if (addresses.length === 0) return;
  await tx.loginCode.deleteMany({ where: { email: { in: addresses.map((address) => address.toLowerCase()) } } });
  const ids: string[] = [];
  for (const address of addresses) {
    const needle = address.toLowerCase();
    const rows = postgres()
      ? await tx.$queryRaw<
          { id: string }[]
        >`SELECT "id" FROM "OutboundEmail" WHERE "to" <> ${ERASED_PREFIX} AND (strpos(lower("to"), ${needle}) > 0 OR strpos(lower("subject"), ${needle}) > 0 OR strpos(lower("html"), ${needle}) > 0 OR strpos(lower(coalesce("text", '')), ${needle}) > 0)`
      : await tx.$queryRaw<
          { id: string }[]
        >`SELECT "id" FROM "OutboundEmail" WHERE "to" <> ${ERASED_PREFIX} AND (instr(lower("to"), ${needle}) > 0 OR instr(lower("subject"), ${needle}) > 0 OR instr(lower("html"), ${needle}) > 0 OR instr(lower(coalesce("text", '')), ${needle}) > 0)`;
    ids.push(...rows.map((row) => row.id));
  }
  await redactEmails(tx, ids);
}

/**
 * Orders of erased winners that were still under way when they erased: once finished (shipped,
 * delivered, cancelled) and the shipping email is out of the outbox (sent, or given up), their
 * delivery details and that email are erased. Run by every jobs pass; answers how many it erased.
 */
export async function finishDeferredOrderErasures(now: Date = new Date()): Promise<number> {
  // Finished orders whose (erased) winner's details are still on them: a join, so a pass reads only those.
  const candidates = await prisma.$queryRaw<{ id: string; entryId: string; winnerEmail: string }[]>`
    SELECT o."id" AS "id", o."entryId" AS "entryId", o."winnerEmail" AS "winnerEmail"
    FROM "Order" o JOIN "Entry" e ON e."id" = o."entryId"
    WHERE e."erasedAt" IS NOT NULL AND o."status" IN (${Prisma.join([...FINAL_ORDER_STATUSES])})
      AND o."winnerEmail" NOT LIKE ${`${ERASED_PREFIX}%`}`;
  let done = 0;
  for (const order of candidates) {
    const finished = await prisma.$transaction(async (tx) => {
      const keys = [shippedDedupeKey(order.id), giftDeliveredDedupeKey(order.id)];
      const messages = await tx.outboundEmail.findMany({
        where: { dedupeKey: { in: keys } },
        select: { id: true, status: true, nextAttemptAt: true, createdAt: true },
      });
      // The shipping email goes out first: the winner was told they would still get it. Without SMTP
      // the outbox is the delivery; the worker leaves messages outside its window (withinWorkerWindow) alone.
      const delivering = (message: (typeof messages)[number]) =>
        Boolean(getConfig().SMTP_URL) &&
        withinWorkerWindow(message, now) &&
        (message.status === "pending" || message.status === "sending" || (message.status === "failed" && message.nextAttemptAt !== null));
      if (messages.some(delivering)) return false;
      const stillOurs = await tx.order.updateMany({
        where: { id: order.id, winnerEmail: order.winnerEmail },
        data: { winnerEmail: erasedPlaceholder(order.entryId) },
      });
      if (stillOurs.count === 0) return false;
      await redactOrder(tx, order);
      await redactEmails(
        tx,
        messages.map((message) => message.id),
      );
      return true;
    }, TX_OPTIONS);
    if (finished) done += 1;
  }
  return done;
}
