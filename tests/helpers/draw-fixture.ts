/**
 * A procedure 2 draw (or with `actions`, procedure 3: actions.csv beside draw.csv) built from the procedure text, for the verifiers' tests and benchmark: the
 * draw.csv bytes, a draw.json record in the published shape, and a beacon round signed with a test
 * BLS key. The picks come from app/domain/draw.ts (the production pick code), so a MATCH means the
 * independent verifier agrees with the code that really draws.
 */
import { createHash } from "node:crypto";
import type { BeaconResponse, ChainInfo } from "../../app/domain/beacon";
import { chainFor, publishedSecretKey, signRound } from "../../app/domain/beacon-sign";
import { DEMO_KEY_TEXT } from "../../app/server/draw/beacon.server";
import { type DrawHashing, type DrawPick, drawPicks, drawPoolOf, drawStateAfter, nextPick } from "../../app/domain/draw";

export const fixtureHashing: DrawHashing = {
  digest: (text) => createHash("sha256").update(text, "utf8").digest(),
  stream() {
    const hash = createHash("sha256");
    return { update: (text) => void hash.update(text, "utf8"), hex: () => hash.digest("hex") };
  },
};

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The test chain's key: public by construction, like the fake drand's. */
export const FIXTURE_SECRET_KEY = publishedSecretKey("giveawear verifier fixture chain");

/** Giveawear's demo chain (its key is public): the one chain besides quicknet verifiers know without being given it. */
const DEMO_SECRET_KEY = publishedSecretKey(DEMO_KEY_TEXT);

export interface FixtureOptions {
  entries?: number;
  prizes?: number;
  /** How many ranks are redrawn after the draw (rank 1, then 2, ...). */
  redraws?: number;
  disqualified?: number;
  /** The chain (default: a test chain signed with FIXTURE_SECRET_KEY, or with `demo` the demo chain); `sign` makes its rounds. */
  chain?: ChainInfo;
  sign?: (round: number) => BeaconResponse;
  /** Where draw.csv and the beacon say they live (the CLI test serves them). */
  baseUrl?: string;
  beaconUrls?: string[];
  beaconMissing?: boolean;
  /**
   * Decision 099: the round was not to be had, so a replacement was decided a minute after its
   * time + 24 hours; the beacon is the replacement round's (the first at least 10 minutes later).
   */
  replaced?: boolean;
  /** No commitment published: the secret is the empty string. */
  noCommitment?: boolean;
  demo?: boolean;
  /** Use this beacon round (times are then set back from it: end 10 minutes before it). */
  round?: number;
  /**
   * Procedure 3 (decision 075): entry action completions in actions.csv (every third entry did one
   * or two actions, one claim rejected), their bonuses in the weights, its hash in the record.
   */
  actions?: boolean;
}

export interface Fixture {
  record: FixtureRecord;
  csv: string;
  csvBytes: Uint8Array;
  /** Procedure 3: the exact bytes of actions.csv (null for procedure 2). */
  actionsBytes: Uint8Array | null;
  beacon: BeaconResponse | null;
  chain: ChainInfo;
  secret: string;
}

/** draw.json as app/domain/draw-record.ts describes it (kept literal here: the fixture follows the published shape). */
export type FixtureRecord = ReturnType<typeof recordOf>;

const reasons = ["duplicate", "fake", "automated", "rules"] as const;

/** Deterministic cuid-like ids (lowercase letters and digits). */
export function fixtureId(index: number): string {
  return `c${sha256Hex(`entry ${index}`).slice(0, 23).replace(/[0-9]/, "k")}`;
}

export function buildDrawFixture(options: FixtureOptions = {}): Fixture {
  const count = options.entries ?? 40;
  const prizes = options.prizes ?? 3;
  const baseUrl = options.baseUrl ?? "https://giveawear.test";
  const secretKey = options.demo ? DEMO_SECRET_KEY : FIXTURE_SECRET_KEY;
  const chain =
    options.chain ??
    chainFor(secretKey, options.demo ? { genesisTime: 1_704_067_200, period: 3, demo: true } : { genesisTime: 1_700_000_000, period: 3 });
  const sign = options.sign ?? ((round: number) => signRound(secretKey, round));

  // Entries: times 250 ms apart with some ties (same millisecond, ordered by id); every fifth entry
  // came through an earlier entry's referral link.
  const roundTimeOf = (round: number) => (chain.genesisTime + (round - 1) * chain.period) * 1000;
  const start = options.round ? roundTimeOf(options.round) - 10 * 60_000 - count * 250 - 60_000 : 1_767_225_600_000; // 2026-01-01T00:00:00Z
  type Row = { id: string; created: number; referrer: string };
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const created = start + Math.floor(i / 2) * 250 + (i % 7 === 0 ? 0 : i % 2);
    const referrer = i > 3 && i % 5 === 0 ? fixtureId(Math.floor((i * 7919) % i)) : "";
    rows.push({ id: fixtureId(i), created, referrer });
  }
  const disqualifiedCount = options.disqualified ?? Math.min(3, Math.floor(count / 10));
  const disqualified = Array.from({ length: disqualifiedCount }, (_, k) => ({
    id: fixtureId(count + k),
    reason: reasons[k % reasons.length]!,
  }));
  // A referral by a disqualified entry: its line names a referrer that is not in the list.
  if (disqualified.length > 0 && rows.length > 2) rows[2]!.referrer = disqualified[0]!.id;
  rows.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const referred = new Map<string, number>();
  for (const row of rows) if (row.referrer) referred.set(row.referrer, (referred.get(row.referrer) ?? 0) + 1);
  // Procedure 3: every third entry completed one or two actions a second after entering; one
  // follow claim was rejected (its bonus not counted).
  const FIXTURE_ACTIONS = [
    { id: "afixturevisit", kind: "visit", bonus: 2 },
    { id: "afixturecode", kind: "code", bonus: 3 },
    { id: "afixturefollow", kind: "follow", bonus: 1 },
  ] as const;
  const completions: { entryId: string; actionId: string; kind: string; bonus: number; ms: number }[] = [];
  const rejected: { entryId: string; actionId: string; ms: number; reason: string }[] = [];
  if (options.actions) {
    for (const [i, row] of rows.entries()) {
      if (i % 3 !== 0) continue;
      for (let k = 0; k < 1 + (i % 2); k++) {
        const action = FIXTURE_ACTIONS[(i + k) % FIXTURE_ACTIONS.length]!;
        const line = { entryId: row.id, actionId: action.id, kind: action.kind, bonus: action.bonus, ms: row.created + 1000 + k };
        if (rejected.length === 0 && action.kind === "follow") rejected.push({ ...line, reason: "false_claim" });
        else completions.push(line);
      }
    }
  }
  const byEntry = (a: { entryId: string; ms: number; actionId: string }, b: typeof a) =>
    (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0) ||
    a.ms - b.ms ||
    (a.actionId < b.actionId ? -1 : a.actionId > b.actionId ? 1 : 0);
  completions.sort(byEntry);
  rejected.sort(byEntry);
  const bonusOf = new Map<string, number>();
  for (const line of completions) bonusOf.set(line.entryId, (bonusOf.get(line.entryId) ?? 0) + line.bonus);
  const actionsText = options.actions
    ? "entry_id,action_id,kind,bonus,completed_ms\n" +
      completions.map((line) => `${line.entryId},${line.actionId},${line.kind},${line.bonus},${line.ms}\n`).join("") +
      "disqualified_entry_id,action_id,completed_ms,reason\n" +
      rejected.map((line) => `${line.entryId},${line.actionId},${line.ms},${line.reason}\n`).join("")
    : null;
  const actionsBytes = actionsText === null ? null : new TextEncoder().encode(actionsText);

  const weighted = rows.map((row) => ({ ...row, weight: 1 + 3 * (referred.get(row.id) ?? 0) + (bonusOf.get(row.id) ?? 0) }));
  disqualified.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const csv =
    "entry_id,created_ms,referrer_id,weight\n" +
    weighted.map((row) => `${row.id},${row.created},${row.referrer},${row.weight}\n`).join("") +
    "disqualified_entry_id,reason\n" +
    disqualified.map((item) => `${item.id},${item.reason}\n`).join("");
  const csvBytes = new TextEncoder().encode(csv);
  const totalWeight = weighted.reduce((sum, row) => sum + row.weight, 0);

  // Launch, end, freeze and the beacon round (first round at or after end + 10 minutes).
  const endsAt = start + count * 250 + 60_000;
  const frozenAt = endsAt + 5_000;
  const firstAfter = (ms: number) => Math.ceil((ms - chain.genesisTime * 1000) / (chain.period * 1000)) + 1;
  const round = options.round ?? firstAfter(endsAt + 10 * 60_000);
  const roundTime = roundTimeOf(round);

  const secret = options.noCommitment ? "" : sha256Hex(`fixture secret ${count}`);
  const decidedAt = roundTime + 24 * 3_600_000 + 60_000;
  const replacement = options.replaced
    ? {
        round: firstAfter(decidedAt + 10 * 60_000),
        decidedAt: new Date(decidedAt).toISOString(),
        reason: `round ${round} could not be fetched and verified from any of the configured mirrors within 24 hours of its time`,
      }
    : null;
  const beacon = options.beaconMissing ? null : sign(replacement?.round ?? round);
  const seed = beacon ? sha256Hex(`${secret}:${beacon.randomness}`) : secret;

  const pool = drawPoolOf(fixtureHashing, weighted);
  const ranks = Array.from({ length: prizes }, (_, k) => k + 1);
  const { picks } = drawPicks(fixtureHashing, pool, seed, ranks);
  const all: DrawPick[] = [...picks];
  for (let r = 1; r <= (options.redraws ?? 0); r++) {
    const next = nextPick(fixtureHashing, pool, seed, r, drawStateAfter(all));
    if (!next) break;
    for (const pick of all) if (pick.rank === r) pick.replaced = true;
    all.push({ ...next.pick, redrawnAt: new Date(roundTime + 8 * 86_400_000).toISOString() });
  }

  const record = recordOf({
    baseUrl,
    chain,
    beaconUrls: options.beaconUrls ?? [],
    endsAt,
    frozenAt,
    round,
    roundTime,
    replacement: replacement && { ...replacement, roundTime: new Date(roundTimeOf(replacement.round)).toISOString() },
    beacon,
    commitment: options.noCommitment ? null : sha256Hex(secret),
    secret: options.noCommitment ? null : secret,
    seed,
    csvBytes,
    entries: weighted.length,
    totalWeight,
    disqualified,
    picks: all,
    actions: actionsBytes ? { bytes: actionsBytes, completions: completions.length, disqualified: rejected.length } : null,
  });
  return { record, csv, csvBytes, actionsBytes, beacon, chain, secret };
}

function recordOf(input: {
  baseUrl: string;
  chain: ChainInfo;
  beaconUrls: string[];
  endsAt: number;
  frozenAt: number;
  round: number;
  roundTime: number;
  replacement: { round: number; roundTime: string; decidedAt: string; reason: string } | null;
  beacon: BeaconResponse | null;
  commitment: string | null;
  secret: string | null;
  seed: string;
  csvBytes: Uint8Array;
  entries: number;
  totalWeight: number;
  disqualified: { id: string; reason: string }[];
  picks: DrawPick[];
  actions: { bytes: Uint8Array; completions: number; disqualified: number } | null;
}) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    format: 1,
    procedureVersion: (input.actions ? 3 : 2) as 2 | 3,
    campaignId: "cfixturecampaign",
    pageUrl: `${input.baseUrl}/campaign/cfixturecampaign/draw`,
    launchedAt: iso(input.endsAt - 7 * 86_400_000),
    endsAt: iso(input.endsAt),
    commitment: input.commitment,
    beacon: {
      chainHash: input.chain.hash,
      publicKey: input.chain.publicKey,
      period: input.chain.period,
      genesisTime: input.chain.genesisTime,
      scheme: input.chain.scheme as string,
      demo: Boolean(input.chain.demo),
      plannedRound: input.round as number | null,
      round: input.round as number | null,
      roundTime: iso(input.roundTime),
      urls: input.beaconUrls,
      response: input.beacon as Record<string, unknown> | null,
      missing: input.beacon === null,
      replacement: input.replacement as { round: unknown; roundTime: string; decidedAt: unknown; reason: unknown } | null,
    },
    list: {
      frozenAt: iso(input.frozenAt),
      sha256: sha256Hex(input.csvBytes),
      bytes: input.csvBytes.length,
      entries: input.entries,
      totalWeight: String(input.totalWeight),
      csvUrl: `${input.baseUrl}/campaign/cfixturecampaign/draw.csv`,
      disqualified: input.disqualified,
      ...(input.actions
        ? {
            actions: {
              sha256: sha256Hex(input.actions.bytes),
              bytes: input.actions.bytes.length,
              completions: input.actions.completions,
              disqualified: input.actions.disqualified,
              csvUrl: `${input.baseUrl}/campaign/cfixturecampaign/actions.csv`,
            },
          }
        : {}),
    },
    draw: {
      drawnAt: iso((input.replacement ? Date.parse(input.replacement.roundTime) : input.roundTime) + 2_000),
      secret: input.secret,
      seed: input.seed,
      entriesHash: "",
      entries: input.entries,
      totalWeight: String(input.totalWeight),
      picks: input.picks.map((pick) => ({
        rank: pick.rank,
        entryId: pick.entryId,
        ticket: pick.ticket,
        counter: pick.counter,
        replaced: pick.replaced === true,
        redrawnAt: pick.redrawnAt ?? null,
        reason: pick.redrawnAt ? "Not claimed before the deadline" : null,
        claimDeadline: null as string | null,
        notifiedAt: null as string | null,
      })),
    },
  };
}
