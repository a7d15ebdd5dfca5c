/**
 * Re-runs a campaign's published draw and says whether it matches.
 *
 *   npm run verify-draw -- <campaignId> [--entries entries.csv]
 *
 * Recomputes from the revealed seed and the entry list (the database's, or an exported
 * /campaign/<id>/draw?format=csv file): the commitment, the entry list hash, the total weight and
 * every pick, including redraws. Prints each check with MATCH or MISMATCH; exits 0 when all match.
 * Uses DATABASE_URL (default file:./data/app.db) for the draw record.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { DrawEntryList, type DrawPool, currentPicks, parseDrawPicks, replayPicks } from "../app/domain/draw";
import { type PrismaClient, disconnectPrisma, prisma } from "../app/server/db.server";
import { loadDrawPool, nodeDrawHashing, sha256Hex } from "../app/server/draw/run.server";

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

export async function verifyDraw(
  campaignId: string,
  options: { entriesCsv?: string; client?: PrismaClient } = {},
): Promise<DrawVerification> {
  const client = options.client ?? prisma;
  const checks: DrawCheck[] = [];
  const check = (name: string, expected: string, actual: string) => checks.push({ name, expected, actual, ok: expected === actual });

  const campaign = await client.campaign.findUnique({
    where: { id: campaignId },
    select: {
      drawCommitment: true,
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

  check("commitment = SHA-256(seed)", draw.commitment ?? "(none)", sha256Hex(draw.seed));
  if (campaign.drawCommitment) check("commitment published at launch", campaign.drawCommitment, draw.commitment ?? "(none)");

  const pool =
    options.entriesCsv === undefined ? await loadDrawPool(campaignId, client, campaign.entryCount) : poolFromCsv(options.entriesCsv);
  check("entry list hash", draw.entriesHash, pool.entriesHash);
  check("total weight", draw.totalWeight.toString(), pool.totalWeight.toString());

  const recorded = parseDrawPicks(draw.picks);
  const replayed =
    pool.count > 0
      ? replayPicks(
          nodeDrawHashing,
          pool,
          draw.seed,
          recorded.map((pick) => pick.rank),
        )
      : [];
  const describe = (pick: { entryId: string; ticket: string; counter: number } | null | undefined) =>
    pick ? `entry ${pick.entryId}, ticket ${pick.ticket}, counter ${pick.counter}` : "no pick";
  recorded.forEach((pick, index) => {
    const label = `pick ${index + 1} (${pick.rank === 1 ? "grand prize" : `prize ${pick.rank}`}${pick.replaced ? ", later replaced" : ""}${pick.redrawnAt ? ", redraw" : ""})`;
    check(label, describe(pick), describe(replayed[index]));
  });
  // With no picks on record the draw must have found nobody to pick.
  if (recorded.length === 0) check("no picks", "no entries", pool.count === 0 ? "no entries" : `${pool.count} entries`);

  const current = currentPicks(recorded);
  check("grand prize winner on record", current.get(1)?.entryId ?? "none", campaign.winnerEntryId ?? "none");
  for (const prize of [...campaign.additionalPrizes].sort((a, b) => a.rank - b.rank)) {
    check(`prize ${prize.rank} winner on record`, current.get(prize.rank)?.entryId ?? "none", prize.winnerEntryId ?? "none");
  }

  return { campaignId, ok: checks.every((item) => item.ok), entries: pool.count, checks };
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
  let entriesFile: string | undefined;
  const at = args.indexOf("--entries");
  if (at !== -1) {
    entriesFile = args[at + 1];
    args.splice(at, 2);
  }
  const campaignId = args.find((arg) => !arg.startsWith("-"));
  if (!campaignId || (at !== -1 && !entriesFile)) {
    console.error("Usage: npm run verify-draw -- <campaignId> [--entries entries.csv]");
    return 2;
  }
  try {
    const entriesCsv = entriesFile ? await readFile(entriesFile, "utf8") : undefined;
    const result = await verifyDraw(campaignId, { entriesCsv });
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
