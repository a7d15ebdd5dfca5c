/**
 * The public draw record (decision 042) from the database: draw.json, the draw page's facts, the
 * frozen draw.csv bytes and "Check my entry".
 *
 * Everything about the list is read from the stored EntryList bytes (EntryListChunk rows, or the
 * object in the bucket, decision 058), never from the live Entry table: the published list is what the draw used, whatever happens to the table later. The
 * launch secret (Campaign.drawSeed) is never read here; the record reveals Draw.secret only once
 * the Draw row exists.
 */
import { createHash } from "node:crypto";
import { type ChainInfo, parseBeacon, roundTimeMs } from "../../domain/beacon";
import { finalSeed, verifyBeacon } from "../../domain/beacon-verify";
import { parseDrawPicks } from "../../domain/draw";
import { claimWindowDaysOf } from "../../domain/redraw-timing";
import {
  DRAW_RECORD_FORMAT,
  type DrawRecord,
  type DrawRecordBeacon,
  type DrawRecordPick,
  type EntryCheck,
  type RecordChecks,
} from "../../domain/draw-record";

export type { EntryCheck, RecordChecks };
import { EntryListScanner, parseDisqualified } from "../../domain/entry-list";
import { type ListHashCheck, compareListHash } from "../../domain/draw-copies";
import { campaignActionsCsvPath, campaignDrawCsvPath, campaignDrawJsonPath, campaignDrawPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { publicUrl } from "../core/public-url.server";
import { knownChain } from "./beacon.server";
import { listObjectPieces, listObjectTail } from "./list-store.server";
import { campaignTimestamps } from "./timestamps.server";
import { sha256Hex } from "./run.server";
import { publishedObjections } from "../claims/objection.server";

/** What the record needs of the campaign (findVisibleCampaign selects it). */
export interface RecordCampaign {
  id: string;
  launchedAt: Date | null;
  endDate: Date | null;
  drawCommitment: string | null;
  drawBeaconRound: number | null;
  drawBeaconChain: string | null;
  /** Launched with time-stamped anchors (procedure 4, decision 090). */
  drawTimestamped?: boolean;
}

/** The picks as stored, with the redraw accounting (reason, claim deadline, notified); older rows lack it. */
function recordedPicks(json: string): DrawRecordPick[] {
  return parseDrawPicks(json).map((pick) => ({
    rank: pick.rank,
    entryId: pick.entryId,
    ticket: pick.ticket,
    counter: pick.counter,
    replaced: pick.replaced === true,
    redrawnAt: pick.redrawnAt ?? null,
    reason: pick.reason ?? null,
    claimDeadline: pick.claimDeadline ?? null,
    notifiedAt: pick.notifiedAt ?? null,
  }));
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function roundTime(chain: ChainInfo | undefined, round: number | null): string | null {
  return chain && round !== null ? iso(roundTimeMs(chain, round)) : null;
}

/** The stored list's pieces from the end backwards: chunk rows, or ranges of the object in the file store. */
async function* piecesFromTheEnd(list: StoredListRef): AsyncGenerator<Uint8Array> {
  if (list.storageKey) {
    yield* listObjectTail(list.storageKey, list.byteLength);
    return;
  }
  const { campaignId } = list;
  const indexes = await prisma.entryListChunk.findMany({ where: { campaignId }, select: { index: true }, orderBy: { index: "desc" } });
  for (const { index } of indexes) {
    const chunk = await prisma.entryListChunk.findUnique({ where: { campaignId_index: { campaignId, index } }, select: { bytes: true } });
    yield chunk?.bytes ?? new Uint8Array();
  }
}

/** The disqualified section of the frozen list: read from the end backwards until its header line. */
async function frozenDisqualified(list: StoredListRef, count: number): Promise<{ id: string; reason: string }[]> {
  if (count === 0) return [];
  const decoder = new TextDecoder("latin1");
  let tail = "";
  for await (const piece of piecesFromTheEnd(list)) {
    tail = decoder.decode(piece) + tail;
    const found = parseDisqualified(tail);
    if (found) return found;
  }
  return parseDisqualified(`\n${tail}`) ?? [];
}

export async function drawRecord(campaign: RecordCampaign): Promise<DrawRecord> {
  const [list, draw, actions, row] = await Promise.all([
    prisma.entryList.findUnique({ where: { campaignId: campaign.id } }),
    prisma.draw.findUnique({ where: { campaignId: campaign.id } }),
    prisma.actionList.findUnique({ where: { campaignId: campaign.id } }),
    prisma.campaign.findUnique({
      where: { id: campaign.id },
      select: {
        beaconReplacementRound: true,
        beaconReplacementDecidedAt: true,
        beaconReplacementReason: true,
        referralCap: true,
        drawBeaconMarginMinutes: true,
      },
    }),
  ]);
  // Before the draw, the frozen list says which procedure the draw will follow: 3 with actions.csv.
  // Procedure 5 for campaigns launched with time-stamped anchors (decisions 090 and 099); draws
  // recorded with procedure 4 keep it.
  const drawnWith = draw?.procedureVersion ?? (actions ? (campaign.drawTimestamped ? 5 : 3) : 2);
  const procedureVersion = drawnWith === 1 ? 1 : drawnWith >= 5 ? 5 : drawnWith === 4 ? 4 : drawnWith === 3 ? 3 : 2;

  let beacon: DrawRecordBeacon | null = null;
  const chainHash = draw?.beaconChain ?? list?.beaconChain ?? campaign.drawBeaconChain;
  if (procedureVersion !== 1 && chainHash) {
    const chain = knownChain(chainHash);
    const plannedRound = campaign.drawBeaconChain === chainHash ? campaign.drawBeaconRound : null;
    const round = draw?.beaconRound ?? list?.beaconRound ?? null;
    const replaced = row?.beaconReplacementRound ?? null;
    // The mirrors' URLs name the round the draw waits for: the replacement once one is decided (decision 099).
    const fetchRound = replaced ?? round;
    beacon = {
      chainHash,
      publicKey: chain?.publicKey ?? "",
      period: chain?.period ?? 0,
      genesisTime: chain?.genesisTime ?? 0,
      scheme: chain?.scheme ?? "",
      demo: chain?.demo === true,
      plannedRound,
      plannedRoundTime: roundTime(chain, plannedRound),
      // Decision 110: the margin the planned round (and a late freeze's round) follows from; null for campaigns launched before.
      marginMinutes: row?.drawBeaconMarginMinutes ?? null,
      round,
      roundTime: roundTime(chain, round),
      urls: chain?.demo || fetchRound === null ? [] : getConfig().DRAND_URLS.map((base) => `${base}/${chainHash}/public/${fetchRound}`),
      response: draw?.beaconJson ? (JSON.parse(draw.beaconJson) as Record<string, unknown>) : null,
      missing: draw?.beaconMissing === true,
      replacement:
        replaced !== null && row?.beaconReplacementDecidedAt
          ? {
              round: replaced,
              roundTime: roundTime(chain, replaced) ?? "",
              decidedAt: row.beaconReplacementDecidedAt.toISOString(),
              reason: row.beaconReplacementReason ?? "",
            }
          : null,
      ...(procedureVersion >= 5 ? { replacementAfterHours: 24, replacementMarginMinutes: 10 } : {}),
    };
  }

  // Decision 105: a replaced winner's "I did claim", by rank and time only.
  const objections = draw ? await publishedObjections(campaign.id) : [];
  return {
    format: DRAW_RECORD_FORMAT,
    procedureVersion,
    campaignId: campaign.id,
    pageUrl: publicUrl(campaignDrawPath(campaign.id)),
    jsonUrl: publicUrl(campaignDrawJsonPath(campaign.id)),
    launchedAt: campaign.launchedAt?.toISOString() ?? null,
    endsAt: campaign.endDate?.toISOString() ?? null,
    commitment: campaign.drawCommitment,
    beacon,
    list:
      list && procedureVersion !== 1
        ? {
            frozenAt: list.frozenAt.toISOString(),
            sha256: list.sha256,
            bytes: list.byteLength,
            entries: list.entryCount,
            totalWeight: list.totalWeight.toString(),
            // Decision 104: the cap the list's referrers were credited under (null: no limit).
            referralCap: row?.referralCap ?? null,
            csvUrl: publicUrl(campaignDrawCsvPath(campaign.id)),
            disqualified: await frozenDisqualified(list, list.disqualifiedCount),
            // Only lists frozen with actions.csv have it (lists frozen before keep their record as it was).
            ...(actions
              ? {
                  actions: {
                    sha256: actions.sha256,
                    bytes: actions.byteLength,
                    completions: actions.completionCount,
                    disqualified: actions.disqualifiedCount,
                    csvUrl: publicUrl(campaignActionsCsvPath(campaign.id)),
                  },
                }
              : {}),
          }
        : null,
    draw: draw && {
      drawnAt: draw.createdAt.toISOString(),
      // Procedure 2 without a published commitment draws with the empty string as the secret.
      secret: procedureVersion !== 1 ? (draw.secret ?? "") : null,
      seed: draw.seed,
      entriesHash: draw.entriesHash,
      entries: draw.entryCount,
      totalWeight: draw.totalWeight.toString(),
      claimWindowDays: claimWindowDaysOf(draw.createdAt.getTime(), parseDrawPicks(draw.picks)),
      picks: recordedPicks(draw.picks),
      ...(objections.length ? { objections } : {}),
    },
    ...(procedureVersion >= 4 ? { timestamps: await campaignTimestamps(campaign.id) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// What the draw page checks for its readers
// ---------------------------------------------------------------------------------------------

export function recordChecks(record: DrawRecord): RecordChecks {
  const { draw, beacon, list, commitment } = record;
  const revealed = draw ? (record.procedureVersion !== 1 ? draw.secret : draw.seed) : null;
  let beaconValid: boolean | null = null;
  let randomness: string | null = null;
  if (beacon?.response) {
    try {
      const parsed = parseBeacon(beacon.response);
      randomness = parsed.randomness;
      const chain = knownChain(beacon.chainHash);
      beaconValid = chain !== undefined && parsed.round === (beacon.replacement?.round ?? beacon.round) && verifyBeacon(chain, parsed);
    } catch {
      beaconValid = false;
    }
  }
  let finalSeedMatches: boolean | null = null;
  if (draw && record.procedureVersion !== 1 && draw.secret !== null) {
    // A secret-only seed is the old fallback, allowed up to procedure 4 only (decision 099).
    if (beacon?.missing) finalSeedMatches = record.procedureVersion < 5 && draw.seed === draw.secret;
    else if (randomness !== null) finalSeedMatches = draw.seed === finalSeed(draw.secret, randomness);
    else finalSeedMatches = false;
  }
  return {
    secretMatchesCommitment: revealed !== null && commitment ? sha256Hex(revealed) === commitment : null,
    beaconValid,
    finalSeedMatches,
    frozenBeforeRound: list && beacon?.roundTime ? Date.parse(list.frozenAt) < Date.parse(beacon.roundTime) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The frozen bytes
// ---------------------------------------------------------------------------------------------

/** Where a frozen list's bytes are: its campaign's chunk rows, or the object storageKey names. */
export interface StoredListRef {
  campaignId: string;
  byteLength: number;
  storageKey: string | null;
}

export interface FrozenList extends StoredListRef {
  sha256: string;
  frozenAt: Date;
}

export async function frozenList(campaignId: string): Promise<FrozenList | null> {
  return prisma.entryList.findUnique({
    where: { campaignId },
    select: { campaignId: true, sha256: true, byteLength: true, frozenAt: true, storageKey: true },
  });
}

/**
 * The stored bytes in order, one database read each (about 1 MiB), or as the object streams in from
 * the file store, so a big list never sits in memory whole.
 */
export async function* frozenListChunks(list: StoredListRef): AsyncGenerator<Uint8Array> {
  if (list.storageKey) {
    yield* listObjectPieces(list.storageKey);
    return;
  }
  const { campaignId } = list;
  const indexes = await prisma.entryListChunk.findMany({ where: { campaignId }, select: { index: true }, orderBy: { index: "asc" } });
  for (const { index } of indexes) {
    const chunk = await prisma.entryListChunk.findUnique({ where: { campaignId_index: { campaignId, index } }, select: { bytes: true } });
    if (!chunk) throw new Error(`Entry list chunk ${index} of campaign ${campaignId} disappeared`);
    yield chunk.bytes;
  }
}

/** The stored bytes of actions.csv in order (procedure version 3), as frozenListChunks. */
export async function* frozenActionChunks(list: StoredListRef): AsyncGenerator<Uint8Array> {
  if (list.storageKey) {
    yield* listObjectPieces(list.storageKey);
    return;
  }
  const { campaignId } = list;
  const indexes = await prisma.actionListChunk.findMany({ where: { campaignId }, select: { index: true }, orderBy: { index: "asc" } });
  for (const { index } of indexes) {
    const chunk = await prisma.actionListChunk.findUnique({ where: { campaignId_index: { campaignId, index } }, select: { bytes: true } });
    if (!chunk) throw new Error(`Actions list chunk ${index} of campaign ${campaignId} disappeared`);
    yield chunk.bytes;
  }
}

/** draw.csv (or, with `chunks`, actions.csv) as a byte stream of the stored chunks. */
export function frozenListStream(list: StoredListRef, chunks = frozenListChunks(list)): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Check my entry
// ---------------------------------------------------------------------------------------------

/**
 * Looks the candidate ids up in the frozen bytes (one pass over the chunks); when none is there,
 * says why from the entries table (pending at the end) without revealing anything else about them.
 */
export async function checkEntry(campaignId: string, candidates: string[]): Promise<EntryCheck> {
  return (await checkMyEntry(campaignId, candidates, null)).entry ?? { kind: "no-id" };
}

/**
 * "Check my entry" (decisions 042 and 093): where the candidate ids stand in the frozen list (null
 * when none was asked), and whether the list still has the hash the entrant was sent (`givenHash`,
 * from the "entries are closed" email; null when none was given). One pass over the stored bytes
 * answers both: the hash compared is the one published and the one of the bytes served now.
 */
export async function checkMyEntry(
  campaignId: string,
  candidates: string[] | null,
  givenHash: string | null,
): Promise<{ entry: EntryCheck | null; hash: ListHashCheck | null }> {
  const list = await frozenList(campaignId);
  if (!list) {
    return { entry: candidates ? { kind: "not-frozen" } : null, hash: givenHash === null ? null : compareListHash(givenHash, null) };
  }
  const lookup = candidates !== null && candidates.length > 0;
  if (!lookup && givenHash === null) return { entry: candidates ? { kind: "no-id" } : null, hash: null };
  const scanner = new EntryListScanner(lookup ? candidates : []);
  const hash = createHash("sha256");
  for await (const chunk of frozenListChunks(list)) {
    hash.update(chunk);
    scanner.push(chunk);
  }
  const scan = scanner.finish();
  const hashCheck = givenHash === null ? null : compareListHash(givenHash, { published: list.sha256, served: hash.digest("hex") });
  if (candidates === null) return { entry: null, hash: hashCheck };
  if (!lookup) return { entry: { kind: "no-id" }, hash: hashCheck };
  if (scan.match) return { entry: { kind: "found", scan }, hash: hashCheck };
  const entry = await prisma.entry.findFirst({
    where: { campaignId, id: { in: candidates } },
    select: { id: true, confirmedAt: true },
  });
  if (entry)
    return { entry: entry.confirmedAt ? { kind: "not-listed", id: entry.id } : { kind: "pending", id: entry.id }, hash: hashCheck };
  return { entry: { kind: "unknown" }, hash: hashCheck };
}
