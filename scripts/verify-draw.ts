/**
 * Re-runs a campaign's published draw and says whether it matches.
 *
 *   npm run verify-draw -- <campaignId> [--entries draw.csv] [--actions actions.csv] [--chain-info info.json]
 *
 * The beacon chain (decision 082): drand quicknet's key and the demo chain's are the ones pinned in
 * the code, whatever the server's DRAND_CHAIN_INFO says; any other chain (a test or private one) is
 * accepted only with its /info JSON given by the person verifying (--chain-info), never from the
 * server's configuration or the draw record.
 *
 * Redraw timing (decision 102, procedure v5 and any draw whose picks carry the claim window): every
 * redraw no earlier than the replaced winner's published deadline, that deadline at least the window
 * after the pick, the winner notified in between, no time after the clock (--now is not offered: the
 * script uses the machine's).
 * Beacon margin (decision 110): when the campaign recorded the margin its round was planned with
 * (published as beacon.marginMinutes), the planned round must be the first at or after the end plus
 * it, and a round moved by a late freeze the first at or after the freeze's end plus it.
 * Procedure v5 (decision 099): as v4, never a seed from the secret alone; a replacement round (the
 * campaign's beaconReplacementRound) must be decided 24 hours after the list's round, say why, and be the
 * first round at least 10 minutes after the decision; the beacon checked is then that round's.
 * Procedure v3 (decision 075): as v2, with the frozen actions.csv (its stored bytes, or a downloaded
 * file given with --actions): its hash against the one published at the freeze, its rules (kinds,
 * bonuses 1-10, order, completions at or before the freeze, entries listed) and every weight of
 * draw.csv equal to 1 + 3 x referrals + the entry's bonuses in it.
 * Procedure v2 (decision 039): recomputes from the frozen entry list's stored bytes (or a downloaded
 * draw.csv given with --entries): the list hash, the list's rules (draw order, weights = 1 + 3 per
 * listed referral, referrers listed), counts and total weight, the commitment to the secret, the
 * beacon's BLS signature under the chain's public key and its randomness, the final seed, and every
 * pick, including redraws.
 * Procedure v1 (older draws): the commitment, the live entry list's hash, the total weight and every
 * pick, from the database's entries or an exported "id,weight" file.
 * Prints each check with MATCH or MISMATCH; exits 0 when all match. Uses DATABASE_URL (default
 * file:./data/app.db) for the draw record.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { type ChainInfo, parseBeacon, parseChainInfo, QUICKNET, roundTimeMs } from "../app/domain/beacon";
import { finalSeed, verifyBeacon } from "../app/domain/beacon-verify";
import { REPLACEMENT_PROCEDURE_VERSION, replacementProblems } from "../app/domain/beacon-replacement";
import {
  type ActionBonuses,
  DrawEntryList,
  type DrawPick,
  type DrawPool,
  EntryListError,
  type FrozenListIndex,
  currentPicks,
  parseActionList,
  parseDrawPicks,
  parseEntryList,
  replayPicks,
  withListBlocks,
} from "../app/domain/draw";
import { type Draw, type PrismaClient, disconnectPrisma, prisma } from "../app/server/core/db.server";
import { DEMO_CHAIN } from "../app/server/draw/beacon.server";
import { readStoredActions, readStoredList, withStoredList } from "../app/server/draw/freeze.server";
import { loadDrawPool, nodeDrawHashing, sha256Hex } from "../app/server/draw/run.server";
import { checkAnchors, trustedTsaRoots } from "../app/verifier/timestamps";
import { marginProblems } from "../app/verifier/margin";
import { REDRAW_TIMING_PROCEDURE_VERSION, claimWindowDaysOf, redrawTimingProblems } from "../app/domain/redraw-timing";

export interface DrawCheck {
  name: string;
  expected: string;
  actual: string;
  ok: boolean;
}

export interface DrawVerification {
  campaignId: string;
  ok: boolean;
  /** Number of entries in the list that was checked. */
  entries: number | null;
  checks: DrawCheck[];
}

/** An exported "id,weight" list (header optional, LF or CRLF) as a pool, in the file's order. */
export function poolFromCsv(text: string): DrawPool {
  let body = text.replaceAll("\r\n", "\n");
  if (/^id,weight(\n|$)/.test(body)) body = body.slice(body.indexOf("\n") + 1 || body.length);
  const list = new DrawEntryList(nodeDrawHashing);
  // "<id>,<weight>" becomes the canonical "<id>:<weight>"; a stray comma or colon makes the line invalid.
  if (body.trim()) list.addLines(body.replaceAll(",", ":"));
  return list.finish();
}

export interface VerifyOptions {
  /** The frozen list as downloaded (draw.csv), instead of the stored bytes. */
  entriesCsv?: string;
  actionsCsv?: string;
  /** A chain's /info JSON the person verifying trusts (decision 082): the only way a chain other than quicknet or the demo chain passes. */
  chainInfo?: string;
  /**
   * Procedure 4 (decision 090): root certificates (PEM) of time-stamp authorities trusted beside the
   * ones built into app/verifier/tsa-roots.ts (`--tsa-root file.pem`).
   */
  tsaRoots?: string[];
  /** The verifier's clock (decision 102: no time of the draw may be in the future); default: now. */
  now?: Date;
}

/**
 * The chain whose key checks the beacon: quicknet and the demo chain as pinned in the code, another
 * only when the person verifying gave it; otherwise why not.
 */
export function verifyingChain(hash: string, chainInfo: string | undefined): { chain: ChainInfo } | { problem: string } {
  if (hash === QUICKNET.hash) return { chain: QUICKNET };
  if (hash === DEMO_CHAIN.hash) return { chain: DEMO_CHAIN };
  if (chainInfo !== undefined) {
    let given: ChainInfo;
    try {
      given = parseChainInfo(chainInfo);
    } catch (error) {
      return { problem: `the chain information given: ${(error as Error).message}` };
    }
    if (given.hash === hash) return { chain: given };
    return { problem: `chain ${hash || "(none)"}, not the chain given (${given.hash})` };
  }
  return {
    problem: `chain ${hash || "(none)"}, not drand quicknet (another chain's key is accepted only with --chain-info, never from the server's configuration)`,
  };
}

export async function verifyDraw(campaignId: string, options: VerifyOptions & { client?: PrismaClient } = {}): Promise<DrawVerification> {
  const client = options.client ?? prisma;
  const checks: DrawCheck[] = [];
  const check = (name: string, expected: string, actual: string) => checks.push({ name, expected, actual, ok: expected === actual });

  const campaign = await client.campaign.findUnique({
    where: { id: campaignId },
    select: {
      drawCommitment: true,
      drawBeaconRound: true,
      drawBeaconMarginMinutes: true,
      endDate: true,
      beaconReplacementRound: true,
      beaconReplacementDecidedAt: true,
      beaconReplacementReason: true,
      referralCap: true,
      launchedAt: true,
      entryCount: true,
      winnerEntryId: true,
      additionalPrizes: { select: { rank: true, winnerEntryId: true } },
      draw: true,
    },
  });
  if (!campaign?.draw) {
    check("draw record", "a published draw", campaign ? "none yet" : "no such campaign");
    return { campaignId, ok: false, entries: null, checks };
  }
  const { draw } = campaign;
  if (draw.procedureVersion >= 2) return verifyDrawV2(campaignId, campaign, draw, options, client);

  check("commitment = SHA-256(seed)", draw.commitment ?? "(none)", sha256Hex(draw.seed));
  if (campaign.drawCommitment) check("commitment published at launch", campaign.drawCommitment, draw.commitment ?? "(none)");

  const pool =
    options.entriesCsv === undefined ? await loadDrawPool(campaignId, client, campaign.entryCount) : poolFromCsv(options.entriesCsv);
  check("entry list hash", draw.entriesHash, pool.entriesHash);
  check("total weight", draw.totalWeight.toString(), pool.totalWeight.toString());

  const recorded = parseDrawPicks(draw.picks);
  checkPicks(check, replayed(pool, draw.seed, recorded), recorded);
  checkWinnersOnRecord(check, campaign, recorded);
  return { campaignId, ok: checks.every((item) => item.ok), entries: pool.count, checks };
}

type VerifiedCampaign = {
  drawCommitment: string | null;
  launchedAt: Date | null;
  drawBeaconRound: number | null;
  /** Decision 110: the margin the round was planned with, published as beacon.marginMinutes. */
  drawBeaconMarginMinutes: number | null;
  endDate: Date | null;
  beaconReplacementRound: number | null;
  beaconReplacementDecidedAt: Date | null;
  beaconReplacementReason: string | null;
  /** Decision 104: the referral cap the rules state, a rule of the list. */
  referralCap: number | null;
  winnerEntryId: string | null;
  additionalPrizes: { rank: number; winnerEntryId: string | null }[];
};

async function verifyDrawV2(
  campaignId: string,
  campaign: VerifiedCampaign,
  draw: Draw,
  options: VerifyOptions,
  client: PrismaClient,
): Promise<DrawVerification> {
  const checks: DrawCheck[] = [];
  const check = (name: string, expected: string, actual: string) => checks.push({ name, expected, actual, ok: expected === actual });
  const secret = draw.secret ?? "";

  // Step 1: the secret and its commitment.
  if (draw.commitment) check("commitment = SHA-256(secret)", draw.commitment, sha256Hex(secret));
  else check("no commitment published: the secret is empty", "", secret);
  check("commitment published at launch", campaign.drawCommitment ?? "(none)", draw.commitment ?? "(none)");

  // Step 3: the frozen list, from its stored bytes (or the file given), read once piece by piece;
  // the picks read again only the blocks their tickets fall in.
  const row = await client.entryList.findUnique({ where: { campaignId } });

  // Version 3 (decision 075): actions.csv, from its stored bytes or the file given: its hash, its
  // rules, and the weights of draw.csv against its bonuses, all part of the entry list's rules check.
  let actions: ActionBonuses | undefined;
  let actionsProblem: string | null = null;
  if (draw.procedureVersion >= 3) {
    const actionRow = await client.actionList.findUnique({ where: { campaignId } });
    const notAfterMs = row?.frozenAt.getTime();
    try {
      if (!actionRow) throw new Error("actions.csv is missing: the list was frozen without it");
      if (options.actionsCsv !== undefined) {
        const bytes = new Uint8Array(Buffer.from(options.actionsCsv, "latin1"));
        const hash = createHash("sha256").update(bytes).digest("hex");
        if (hash !== actionRow.sha256)
          throw new Error(`SHA-256 of actions.csv is ${hash}, but the published actions hash is ${actionRow.sha256}`);
        actions = parseActionList(bytes, { notAfterMs });
      } else actions = (await readStoredActions(campaignId, client, { notAfterMs })) ?? undefined;
    } catch (error) {
      actionsProblem = (error as Error).message;
    }
  }
  const withList = async (work: (list: FrozenListIndex | null, read: BlockRead) => Promise<void>): Promise<void> => {
    if (options.entriesCsv !== undefined) {
      const bytes = new Uint8Array(Buffer.from(options.entriesCsv, "latin1"));
      const hash = createHash("sha256").update(bytes).digest("hex");
      check("entry list hash", draw.entriesHash, hash);
      if (row) check("entry list hash published at the freeze", row.sha256, draw.entriesHash);
      return work(
        checkRules(() => parseEntryList(bytes, hash, actions, campaign.referralCap)),
        (start, end) => Promise.resolve(bytes.subarray(start, end)),
      );
    }
    if (!row) {
      check("frozen entry list", "stored", "missing");
      return work(null, noBlocks);
    }
    // Read with the stored rows' (or object's) connection open for the picks' blocks.
    await withStoredList(row, client, async (source) => {
      let list: FrozenListIndex | EntryListError;
      try {
        list = await readStoredList(row, source, { actions, referralCap: campaign.referralCap });
      } catch (error) {
        if (!(error instanceof EntryListError)) {
          check("stored entry list", "readable and matching its hash", (error as Error).message);
          return work(null, noBlocks);
        }
        list = error;
      }
      // Read to the end: the bytes are those recorded, their hash row.sha256.
      check("entry list hash", draw.entriesHash, row.sha256);
      check("entry list hash published at the freeze", row.sha256, draw.entriesHash);
      return work(
        checkRules(() => {
          if (list instanceof EntryListError) throw list;
          return list;
        }),
        source.range,
      );
    });
  };
  const checkRules = (read: () => FrozenListIndex): FrozenListIndex | null => {
    if (actionsProblem !== null) {
      check("entry list rules (order, weights, referrers)", "followed", actionsProblem);
      return null;
    }
    try {
      const list = read();
      check("entry list rules (order, weights, referrers)", "followed", "followed");
      return list;
    } catch (error) {
      check("entry list rules (order, weights, referrers)", "followed", (error as Error).message);
      return null;
    }
  };

  let entries = 0;
  await withList(async (list, read) => {
    const pool = list?.pool ?? null;
    if (pool) {
      entries = pool.count;
      check("entries in the list", String(draw.entryCount), String(pool.count));
      check("total weight", draw.totalWeight.toString(), pool.totalWeight.toString());
    }

    // Steps 4 and 5: the beacon and the final seed.
    check("beacon round used by the list", String(row?.beaconRound ?? "(no list)"), String(draw.beaconRound ?? "(none)"));
    const verifying = verifyingChain(draw.beaconChain ?? "", options.chainInfo);
    const chain = "chain" in verifying ? verifying.chain : undefined;
    if ("problem" in verifying) check("beacon chain", "drand quicknet (its key pinned in the code)", verifying.problem);
    // Decision 110: the round published at launch is the first at or after the end plus the published
    // margin, and a late freeze's round the first at or after the freeze's end plus it.
    if (chain && campaign.drawBeaconMarginMinutes !== null) {
      const problems = marginProblems(chain, {
        marginMinutes: campaign.drawBeaconMarginMinutes,
        endsAtMs: campaign.endDate?.getTime() ?? NaN,
        plannedRound: campaign.drawBeaconRound,
        round: row?.beaconRound ?? null,
        frozenAtMs: row?.frozenAt.getTime() ?? NaN,
      });
      const expected = `the end (or a late freeze's end) plus the published margin of ${campaign.drawBeaconMarginMinutes} min`;
      check("beacon rounds and the margin (steps 1 and 3)", expected, problems.join("; ") || expected);
    }
    let expectedSeed: string | null = null;
    // Procedure 5 (decision 099): a later round, decided 24 hours after the list's round, with why.
    let beaconRound = draw.beaconRound;
    if (campaign.beaconReplacementRound !== null) {
      beaconRound = campaign.beaconReplacementRound;
      const problems =
        chain && draw.beaconRound !== null
          ? replacementProblems(chain, draw.beaconRound, {
              round: campaign.beaconReplacementRound,
              decidedAt: campaign.beaconReplacementDecidedAt?.toISOString() ?? null,
              reason: campaign.beaconReplacementReason,
            })
          : ["no chain or round to check it against"];
      check(
        "replacement round (procedure 5, step 5)",
        "chosen as the procedure says",
        problems.join("; ") || "chosen as the procedure says",
      );
    }
    if (draw.beaconMissing && draw.procedureVersion >= REPLACEMENT_PROCEDURE_VERSION) {
      check(
        `procedure ${draw.procedureVersion}: a beacon (never the secret alone)`,
        "a beacon",
        "beacon missing: the seed is the secret alone",
      );
    } else if (draw.beaconMissing) {
      check("beacon missing: the final seed is the secret", secret, draw.seed);
      expectedSeed = secret;
    } else if (chain && draw.beaconJson && beaconRound !== null) {
      try {
        const beacon = parseBeacon(draw.beaconJson);
        check("beacon round", String(beaconRound), String(beacon.round));
        check(
          `beacon signature (${chain.demo ? "demo chain" : `chain ${chain.hash.slice(0, 12)}…`})`,
          "valid",
          verifyBeacon(chain, beacon) ? "valid" : "invalid",
        );
        expectedSeed = finalSeed(secret, beacon.randomness);
        check('final seed = SHA-256("<secret>:<randomness>")', draw.seed, expectedSeed);
      } catch (error) {
        check("beacon", "a drand beacon", (error as Error).message);
      }
    } else check("beacon", "recorded", "missing from the record");

    // Steps 6 to 9: the picks and redraws, replayed with the recorded seed.
    const recorded = parseDrawPicks(draw.picks);
    if (list && expectedSeed !== null) {
      const seed = expectedSeed;
      checkPicks(check, await withListBlocks(list, read, (frozen) => replayed(frozen, seed, recorded)), recorded);
    }
    checkWinnersOnRecord(check, campaign, recorded);
    checkRedrawTiming(check, draw, recorded, options.now ?? new Date());

    // Procedure 4 (decision 090): the time-stamps anchor the commitment published at launch and the
    // list hash stored at the freeze; a rewrite of either after the beacon no longer matches them.
    if (draw.procedureVersion >= 4) {
      const tokens = await client.timestampToken.findMany({ where: { campaignId }, select: { subject: true, tsaUrl: true, token: true } });
      const anchors = await checkAnchors(
        tokens,
        {
          commitment: campaign.drawCommitment,
          launchedAt: campaign.launchedAt?.toISOString() ?? null,
          listSha256: row?.sha256 ?? null,
          roundTimeMs: chain && draw.beaconRound !== null ? roundTimeMs(chain, draw.beaconRound) : null,
          drawn: true,
        },
        trustedTsaRoots(options.tsaRoots),
      );
      for (const anchor of anchors) check(anchor.name, "anchored", anchor.ok === true ? "anchored" : anchor.detail);
    }
  });
  return { campaignId, ok: checks.every((item) => item.ok), entries, checks };
}

/**
 * Decision 102: every redraw no earlier than the replaced winner's claim deadline, which is at least
 * the draw's claim window after that pick, the winner notified in between, nothing dated in the
 * future. As the shared verifier: for procedures before 5 the deadlines count only when the picks
 * carry the window (the record publishes it then); reported only with a redraw or a problem.
 */
function checkRedrawTiming(check: Check, draw: Draw, recorded: DrawPick[], now: Date): void {
  const claimWindowDays = claimWindowDaysOf(draw.createdAt.getTime(), recorded);
  const accountable = draw.procedureVersion >= REDRAW_TIMING_PROCEDURE_VERSION || claimWindowDays !== null;
  const picks = recorded.map((pick) => ({
    rank: pick.rank,
    redrawnAt: accountable ? (pick.redrawnAt ?? null) : null,
    claimDeadline: accountable ? (pick.claimDeadline ?? null) : null,
    notifiedAt: pick.notifiedAt ?? null,
  }));
  const problems = redrawTimingProblems({ drawnAt: draw.createdAt.toISOString(), claimWindowDays, picks }, now.getTime());
  const redraws = recorded.filter((pick) => pick.redrawnAt).length;
  if (accountable && redraws > 0 && claimWindowDays === null)
    problems.unshift(
      "the grand prize's first pick has no claim deadline a whole number of days after the draw, so the claim window is unknown",
    );
  if (problems.length === 0 && (redraws === 0 || !accountable)) return;
  const expected = "each after the replaced winner's deadline (pick + claim window), notified in between, nothing in the future";
  check(`redraw timing (${redraws} ${redraws === 1 ? "redraw" : "redraws"})`, expected, problems.join("; ") || expected);
}

type BlockRead = (start: number, end: number) => Promise<Uint8Array>;
const noBlocks: BlockRead = () => Promise.reject(new Error("no list to read"));

function describePick(pick: { entryId: string; ticket: string; counter: number } | null | undefined): string {
  return pick ? `entry ${pick.entryId}, ticket ${pick.ticket}, counter ${pick.counter}` : "no pick";
}

function pickLabel(pick: DrawPick, index: number): string {
  return `pick ${index + 1} (${pick.rank === 1 ? "grand prize" : `prize ${pick.rank}`}${pick.replaced ? ", later replaced" : ""}${pick.redrawnAt ? ", redraw" : ""})`;
}

export function formatVerification(result: DrawVerification): string {
  if (result.entries === null) {
    return `MISMATCH: campaign ${result.campaignId} has no published draw (${result.checks[0]?.actual ?? "unknown"}).`;
  }
  const lines = [`Draw of campaign ${result.campaignId} (${result.entries} entries)`];
  for (const item of result.checks) {
    lines.push(
      item.ok
        ? `  MATCH     ${item.name}: ${item.actual}`
        : `  MISMATCH  ${item.name}: published ${item.expected}, recomputed ${item.actual}`,
    );
  }
  lines.push(result.ok ? "MATCH: the published draw is reproduced exactly." : "MISMATCH: the published draw is not reproduced.");
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  const option = (name: string): { given: boolean; file: string | undefined } => {
    const at = args.indexOf(name);
    if (at === -1) return { given: false, file: undefined };
    const file = args[at + 1];
    args.splice(at, 2);
    return { given: true, file };
  };
  const entries = option("--entries");
  const actionsFile = option("--actions");
  const chainFile = option("--chain-info");
  const tsaRootFile = option("--tsa-root");
  const campaignId = args.find((arg) => !arg.startsWith("-"));
  if (
    !campaignId ||
    (entries.given && !entries.file) ||
    (actionsFile.given && !actionsFile.file) ||
    (chainFile.given && !chainFile.file) ||
    (tsaRootFile.given && !tsaRootFile.file)
  ) {
    console.error(
      "Usage: npm run verify-draw -- <campaignId> [--entries draw.csv] [--actions actions.csv] [--chain-info info.json] [--tsa-root root.pem]",
    );
    return 2;
  }
  try {
    const entriesCsv = entries.file ? await readFile(entries.file, "latin1") : undefined;
    const actionsCsv = actionsFile.file ? await readFile(actionsFile.file, "latin1") : undefined;
    const chainInfo = chainFile.file ? await readFile(chainFile.file, "utf8") : undefined;
    const tsaRoots = tsaRootFile.file ? [await readFile(tsaRootFile.file, "utf8")] : undefined;
    const result = await verifyDraw(campaignId, { entriesCsv, actionsCsv, chainInfo, tsaRoots });
    console.log(formatVerification(result));
    return result.ok ? 0 : 1;
  } catch (error) {
    console.error(`MISMATCH: could not verify the draw: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

type Check = (name: string, expected: string, actual: string) => void;

/** The procedure's replay of the recorded ranks over the list (original draw, then redraws, in order). */
function replayed(pool: DrawPool, seed: string, recorded: DrawPick[]): Replay {
  const picks =
    pool.count > 0
      ? replayPicks(
          nodeDrawHashing,
          pool,
          seed,
          recorded.map((pick) => pick.rank),
        )
      : [];
  return { picks, count: pool.count };
}

interface Replay {
  picks: (DrawPick | null)[];
  count: number;
}

/** Every recorded pick against the procedure's replay over the list. */
function checkPicks(check: Check, replay: Replay, recorded: DrawPick[]): void {
  recorded.forEach((pick, index) => check(pickLabel(pick, index), describePick(pick), describePick(replay.picks[index])));
  // With no picks on record the draw must have found nobody to pick.
  if (recorded.length === 0) check("no picks", "no entries", replay.count === 0 ? "no entries" : `${replay.count} entries`);
}

/** The winners the campaign and its prizes hold are the draw's current (not replaced) picks. */
function checkWinnersOnRecord(
  check: Check,
  campaign: { winnerEntryId: string | null; additionalPrizes: { rank: number; winnerEntryId: string | null }[] },
  recorded: DrawPick[],
): void {
  const current = currentPicks(recorded);
  check("grand prize winner on record", current.get(1)?.entryId ?? "none", campaign.winnerEntryId ?? "none");
  for (const prize of [...campaign.additionalPrizes].sort((a, b) => a.rank - b.rank)) {
    check(`prize ${prize.rank} winner on record`, current.get(prize.rank)?.entryId ?? "none", prize.winnerEntryId ?? "none");
  }
}
