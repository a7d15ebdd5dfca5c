/**
 * Entrants hold copies (decision 093): the draw's anchors reach the people it is about, outside our
 * pages, so rewriting them later would contradict copies we no longer control.
 *
 * - The confirmation emails carry the commitment and the planned round (drawAnchorTokens, app/domain/draw-copies.ts).
 * - Once a list is frozen, the job step `list-notices` (after the freeze, never inside it: the
 *   freeze stays as fast as it was) first queues the brand's `list.frozen` webhooks, in the
 *   transaction of the conditional update that marks them queued (EntryList.frozenEventAt), so they
 *   are queued once per list; then it queues every counted entrant's "entries are closed" email, with
 *   the list's SHA-256, their own line read from the stored draw.csv and the beacon round.
 *
 * The emails go out like the 48-hour reminders (jobs/reminders.server.ts): one runner per list under a
 * lease (EntryList.noticesLeaseUntil) taken with one conditional update and renewed after every batch,
 * with the lines done so far (noticesDone) saved with it, so a pass cut short resumes where it stopped.
 * Each email has the dedupe key `list-frozen:<entryId>` in the outbox: a runner that crashed between a
 * batch and its save, or outlived its lease, cannot queue one twice. A pass spends at most
 * NOTICE_PASS_BUDGET_MS per list; the next pass goes on from noticesDone. The list is marked done
 * (noticesSentAt) only when its last line is handled.
 */
import { roundTimeMs } from "../../domain/beacon";
import { DISQUALIFIED_HEADER, ENTRY_LIST_HEADER } from "../../domain/draw";
import { listNoticeDedupeKey } from "../../domain/draw-copies";
import { type EntrantLanguage, entrantLanguage } from "../../domain/entrant-language";
import { entrantText } from "../../i18n/entrant";
import { frozenRoundLineIn } from "../../i18n/notice-emails";
import { dateTimeWithUtc } from "../../i18n/page-words";
import { LineSplitter } from "../../domain/entry-list";
import { campaignDrawCsvPath, entryCheckPath } from "../../paths";
import { prisma } from "../core/db.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { log } from "../core/log.server";
import { publicUrl } from "../core/public-url.server";
import { EMAIL_BRAND_CAMPAIGN_FIELDS, emailBrand } from "../email/brand.server";
import { queueTemplatedEmails } from "../email/outbox.server";
import { deliverWebhooksSoon, queueListFrozen } from "../integrations/webhooks.server";
import { knownChain } from "./beacon.server";
import { beaconChainLabel } from "./fairness.server";
import { frozenListChunks } from "./record.server";

/** The round's time in words, or null when the chain is not one this server knows. */
function roundTimeText(chainHash: string, round: number, zone: string, language: EntrantLanguage = "en"): string | null {
  const chain = knownChain(chainHash);
  // The campaign's zone for the reader, and the UTC instant the draw record states (decision 096),
  // in the notice's language (decision 097).
  return chain ? dateTimeWithUtc(entrantText(language), new Date(roundTimeMs(chain, round)), zone) : null;
}

/** Entrants per batch: one read of their addresses, one outbox write. */
export const NOTICE_BATCH_SIZE = 500;
/** How long a list's notices belong to the runner that took them; renewed after every batch. */
export const NOTICE_LEASE_MS = 5 * 60_000;
/** A pass stops taking batches of a list after this long; the next pass resumes from noticesDone. */
export const NOTICE_PASS_BUDGET_MS = 20_000;
/** Lists per pass, for each half of the step. */
const LISTS_PER_PASS = 20;

export interface ListCopiesSummary {
  /** Lists whose list.frozen event was queued (whether or not an endpoint subscribed). */
  events: number;
  /** Lists whose notices were all queued this pass. */
  lists: number;
  /** "Entries are closed" emails queued. */
  emails: number;
}

/** The step `list-notices`: list.frozen events, then the "entries are closed" emails. */
export async function sendListCopies(now: Date = new Date()): Promise<ListCopiesSummary> {
  const summary: ListCopiesSummary = { events: 0, lists: 0, emails: 0 };
  summary.events = await queueListFrozenEvents(now);
  const due = await prisma.entryList.findMany({
    where: { noticesSentAt: null, OR: noticesLeaseFree(now) },
    orderBy: { frozenAt: "asc" },
    take: LISTS_PER_PASS,
    select: { campaignId: true },
  });
  for (const { campaignId } of due) {
    const result = await queueListNotices(campaignId, now);
    summary.emails += result.emails;
    if (result.finished) summary.lists += 1;
  }
  return summary;
}

/** list.frozen for every list not yet announced, each in the transaction that marks it announced. */
async function queueListFrozenEvents(now: Date): Promise<number> {
  const lists = await prisma.entryList.findMany({
    where: { frozenEventAt: null },
    orderBy: { frozenAt: "asc" },
    take: LISTS_PER_PASS,
    select: {
      campaignId: true,
      sha256: true,
      byteLength: true,
      frozenAt: true,
      entryCount: true,
      totalWeight: true,
      disqualifiedCount: true,
      beaconRound: true,
      beaconChain: true,
    },
  });
  let announced = 0;
  for (const list of lists) {
    const chain = knownChain(list.beaconChain);
    const roundTime = chain ? new Date(roundTimeMs(chain, list.beaconRound)) : null;
    const queued = await prisma.$transaction(async (tx) => {
      const marked = await tx.entryList.updateMany({
        where: { campaignId: list.campaignId, frozenEventAt: null },
        data: { frozenEventAt: now },
      });
      if (marked.count !== 1) return null;
      return queueListFrozen(tx, { ...list, roundTime }, now);
    });
    if (!queued) continue;
    announced += 1;
    deliverWebhooksSoon(queued);
  }
  return announced;
}

/** A list's notices no runner holds at `now`: never leased, or the lease ran out. */
function noticesLeaseFree(now: Date) {
  return [{ noticesLeaseUntil: null }, { noticesLeaseUntil: { lt: currentTime(now) } }];
}

/**
 * Takes (held null) or renews (held: the lease this runner holds) a list's notice lease, saving the
 * lines done with it; answers the new lease, or null when another runner has the list.
 */
async function takeNoticeLease(campaignId: string, now: Date, held: Date | null, done?: number): Promise<Date | null> {
  const until = leaseUntil(now, NOTICE_LEASE_MS);
  const taken = await prisma.entryList.updateMany({
    where: {
      campaignId,
      noticesSentAt: null,
      ...(held ? { noticesLeaseUntil: held } : { OR: noticesLeaseFree(now) }),
    },
    data: { noticesLeaseUntil: until, ...(done === undefined ? {} : { noticesDone: done }) },
  });
  return taken.count === 1 ? until : null;
}

/** The entry lines of draw.csv in order (without their "\n"), read from the stored bytes piece by piece. */
async function* entryLines(list: { campaignId: string; storageKey: string | null; byteLength: number }): AsyncGenerator<string> {
  const splitter = new LineSplitter();
  let section: "header" | "entries" = "header";
  for await (const piece of frozenListChunks(list)) {
    const lines: string[] = [];
    splitter.push(piece, (line) => lines.push(line));
    for (const line of lines) {
      if (section === "header") {
        if (line !== ENTRY_LIST_HEADER) throw new Error(`The entry list of campaign ${list.campaignId} does not start with its header`);
        section = "entries";
      } else if (line === DISQUALIFIED_HEADER) {
        return;
      } else {
        yield line;
      }
    }
  }
  throw new Error(`The entry list of campaign ${list.campaignId} has no "${DISQUALIFIED_HEADER}" line`);
}

/**
 * Queues the list's missing notices under its lease: answers how many it queued and whether the list is
 * done. On an error the lease is given back at once, so the next pass retries rather than waiting it out.
 */
export async function queueListNotices(campaignId: string, now: Date = new Date()): Promise<{ emails: number; finished: boolean }> {
  let held = await takeNoticeLease(campaignId, now, null);
  if (!held) return { emails: 0, finished: false };
  const list = await prisma.entryList.findUnique({
    where: { campaignId },
    select: {
      campaignId: true,
      storageKey: true,
      byteLength: true,
      sha256: true,
      frozenAt: true,
      beaconRound: true,
      beaconChain: true,
      noticesDone: true,
      campaign: { select: { id: true, timeZone: true, language: true, ...EMAIL_BRAND_CAMPAIGN_FIELDS } },
    },
  });
  if (!list) return { emails: 0, finished: false };
  // Demo campaigns (their draws run on the demo chain) have sample entrants: nobody to tell.
  if (knownChain(list.beaconChain)?.demo) {
    const marked = await prisma.entryList.updateMany({
      where: { campaignId, noticesLeaseUntil: held },
      data: { noticesSentAt: now, noticesLeaseUntil: null },
    });
    return { emails: 0, finished: marked.count === 1 };
  }

  const { campaign } = list;
  const brand = emailBrand(campaign);
  // The notice speaks the campaign's language, its dates and round line too (decision 097).
  const language = entrantLanguage(campaign.language);
  const roundTime = roundTimeText(list.beaconChain, list.beaconRound, campaign.timeZone, language);
  const chainLabel = beaconChainLabel(list.beaconChain);
  const common = {
    brand_name: campaign.brandName,
    campaign_title: campaign.title,
    frozen_at: dateTimeWithUtc(entrantText(language), list.frozenAt, campaign.timeZone),
    list_sha256: list.sha256,
    beacon_round: String(list.beaconRound),
    round_line: frozenRoundLineIn(language, list.beaconRound, chainLabel, roundTime),
    draw_csv_link: publicUrl(campaignDrawCsvPath(campaignId)),
  };
  const started = performance.now();
  let emails = 0;
  let position = 0;
  let done = list.noticesDone;
  let batch: string[] = [];

  const flush = async (): Promise<boolean> => {
    const lines = new Map(batch.map((line) => [line.slice(0, line.indexOf(",")), line]));
    batch = [];
    // An entrant who erased their data (decision 054) is not mailed; their line stays in the list.
    const entries = await prisma.entry.findMany({
      where: { campaignId, id: { in: [...lines.keys()] }, erasedAt: null },
      select: { id: true, email: true },
    });
    emails += await queueTemplatedEmails(
      entries.map((entry) => ({
        to: entry.email,
        template: "list_frozen",
        dedupeKey: listNoticeDedupeKey(entry.id),
        brand,
        language,
        tokens: {
          ...common,
          email: entry.email,
          entry_line: lines.get(entry.id) ?? "",
          check_link: publicUrl(entryCheckPath(campaignId, { entry: entry.id, hash: list.sha256 })),
        },
      })),
    );
    done = position;
    held = await takeNoticeLease(campaignId, now, held, done);
    return held !== null;
  };

  try {
    for await (const line of entryLines(list)) {
      position += 1;
      if (position <= done) continue;
      batch.push(line);
      if (batch.length < NOTICE_BATCH_SIZE) continue;
      // Another runner took over (this one outlived its lease), or the pass has spent its share: stop here.
      if (!(await flush())) return { emails, finished: false };
      if (performance.now() - started > NOTICE_PASS_BUDGET_MS) {
        await prisma.entryList.updateMany({ where: { campaignId, noticesLeaseUntil: held }, data: { noticesLeaseUntil: null } });
        return { emails, finished: false };
      }
    }
    if (batch.length > 0 && !(await flush())) return { emails, finished: false };
  } catch (error) {
    const release = held;
    if (release) {
      await prisma.entryList
        .updateMany({ where: { campaignId, noticesLeaseUntil: release }, data: { noticesLeaseUntil: null } })
        .catch((failure: unknown) => log.error({ err: failure }, `[list-notices] could not release the lease of campaign ${campaignId}`));
    }
    throw error;
  }
  const marked = await prisma.entryList.updateMany({
    where: { campaignId, noticesLeaseUntil: held },
    data: { noticesSentAt: now, noticesLeaseUntil: null, noticesDone: position },
  });
  return { emails, finished: marked.count === 1 };
}
