/**
 * Draw v2 in tests: a fake drand on 127.0.0.1 as the configured beacon chain, confirmed entries
 * written straight to the database (as the confirm step leaves them), and "freeze, wait for the
 * round, draw" in one call.
 */
import { afterAll, beforeAll } from "vitest";
import { chainInfoJson, roundTimeMs } from "~/domain/beacon";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { knownChain } from "~/server/draw/beacon.server";
import { actionListBytes, entryListBytes, freezeEntryList, frozenActionList, plannedBeaconRound } from "~/server/draw/freeze.server";
import { drawRecord } from "~/server/draw/record.server";
import { type DrawOutcome, drawCampaign } from "~/server/draw/run.server";
import { type FakeDrand, startFakeDrand } from "../fakes/drand-server";
import { createCampaign } from "./campaigns";

/** Round 1 of the test chain: 2024-01-01T00:00:00Z, so every test time has its rounds. */
export const TEST_GENESIS_SEC = 1_704_067_200;

export interface FakeBeacon {
  fake: () => FakeDrand;
  /** The fake's clock (ms); rounds up to it are published. Default: far in the future (every round out). */
  setClock(ms: number | null): void;
  /**
   * The test chain's /info JSON, as the person verifying gives it to `npm run verify-draw` (its
   * chainInfo option): verifiers take no key but quicknet's and the demo chain's unless given one
   * (decision 082).
   */
  chainInfo(): string;
}

/**
 * Starts a fake drand for the file and makes it the configured chain (DRAND_CHAIN_INFO, DRAND_URLS).
 * Its clock runs a day ahead unless a test sets it, so the server's own `now` decides what is due.
 */
export function setUpFakeBeacon(): FakeBeacon {
  let fake: FakeDrand | undefined;
  let clock: number | null = null;
  beforeAll(async () => {
    fake = await startFakeDrand({ now: () => clock ?? Date.now() + 24 * 60 * 60 * 1000, genesisTimeSec: TEST_GENESIS_SEC });
    process.env.DRAND_URLS = fake.url;
    process.env.DRAND_CHAIN_INFO = JSON.stringify(chainInfoJson(fake.chain));
    resetConfigForTests();
  });
  afterAll(async () => {
    await fake?.close();
    delete process.env.DRAND_URLS;
    delete process.env.DRAND_CHAIN_INFO;
    resetConfigForTests();
  });
  return {
    fake: () => {
      if (!fake) throw new Error("the fake drand has not started");
      return fake;
    },
    setClock(ms) {
      clock = ms;
    },
    chainInfo() {
      if (!fake) throw new Error("the fake drand has not started");
      return JSON.stringify(chainInfoJson(fake.chain));
    },
  };
}

export interface ConfirmedEntrySpec {
  id?: string;
  email: string;
  createdAt: Date;
  bonusEntries?: number;
  referrerId?: string | null;
  referralCredited?: boolean;
  /** Default true; false leaves the entry pending (not counted). */
  confirmed?: boolean;
  disqualifyReason?: "duplicate" | "fake" | "automated" | "rules";
}

/** Entries straight in the database, counted (entryCount) like the confirm step and the fraud review count them. */
export async function addConfirmedEntries(campaignId: string, specs: ConfirmedEntrySpec[]): Promise<void> {
  await prisma.entry.createMany({
    data: specs.map((spec) => ({
      ...(spec.id ? { id: spec.id } : {}),
      campaignId,
      email: spec.email,
      emailNormalized: spec.email.toLowerCase(),
      agreedToTerms: true,
      bonusEntries: spec.bonusEntries ?? 0,
      referrerId: spec.referrerId ?? null,
      referralCredited: spec.referralCredited ?? false,
      createdAt: spec.createdAt,
      confirmedAt: spec.confirmed === false ? null : spec.createdAt,
      disqualifiedAt: spec.disqualifyReason ? spec.createdAt : null,
      disqualifyReason: spec.disqualifyReason ?? null,
    })),
  });
  const counted = specs.filter((spec) => spec.confirmed !== false && !spec.disqualifyReason).length;
  await prisma.campaign.update({ where: { id: campaignId }, data: { entryCount: { increment: counted } } });
}

/**
 * Freezes the list at `now` (default: the clock), then draws just after the list's beacon round,
 * as the job would once the round is out. Answers the draw's outcome and when it was made.
 */
export async function freezeAndDraw(campaignId: string, options: { now?: Date } = {}): Promise<{ outcome: DrawOutcome; drawnAt: Date }> {
  const now = options.now ?? new Date();
  const frozen = await freezeEntryList(campaignId, { now });
  if (frozen.kind === "not-found" || frozen.kind === "not-due") return { outcome: await drawCampaign(campaignId, { now }), drawnAt: now };
  const { beaconRound } = frozen.list;
  const chain = knownChain(frozen.list.beaconChain);
  if (!chain) throw new Error(`unknown beacon chain ${frozen.list.beaconChain}`);
  const dueAt = roundTimeMs(chain, beaconRound);
  const drawnAt = new Date(Math.max(now.getTime(), dueAt) + 1000);
  return { outcome: await drawCampaign(campaignId, { now: drawnAt }), drawnAt };
}

/** What a drawn campaign publishes: draw.json's record as served (JSON), draw.csv's bytes and actions.csv's. */
export async function publishedDrawFiles(campaignId: string) {
  const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } });
  const record = JSON.parse(JSON.stringify(await drawRecord(campaign))) as Record<string, unknown>;
  const list = await prisma.entryList.findUniqueOrThrow({ where: { campaignId } });
  const csvBytes = new Uint8Array(await entryListBytes(list));
  const actionsBytes = new Uint8Array(await actionListBytes((await frozenActionList(campaignId))!));
  return { record, csvBytes, actionsBytes };
}

/**
 * As if `ms` had passed since the draw (decision 102): every time the draw recorded (its time, each
 * pick's redraw, deadline and notification) and the prizes' deadlines move `ms` into the past,
 * together, so the published record stays what an honest draw made that long ago publishes. For
 * tests whose redraw goes through the creator's page, which uses the real clock.
 */
export async function passClaimWindow(campaignId: string, ms: number): Promise<void> {
  const draw = await prisma.draw.findUniqueOrThrow({ where: { campaignId } });
  const earlier = (iso: string | undefined) => (iso ? new Date(Date.parse(iso) - ms).toISOString() : undefined);
  const picks = (JSON.parse(draw.picks) as { redrawnAt?: string; claimDeadline?: string; notifiedAt?: string }[]).map((pick) => ({
    ...pick,
    ...(pick.redrawnAt ? { redrawnAt: earlier(pick.redrawnAt) } : {}),
    ...(pick.claimDeadline ? { claimDeadline: earlier(pick.claimDeadline) } : {}),
    ...(pick.notifiedAt ? { notifiedAt: earlier(pick.notifiedAt) } : {}),
  }));
  await prisma.draw.update({
    where: { campaignId },
    data: { createdAt: new Date(draw.createdAt.getTime() - ms), picks: JSON.stringify(picks) },
  });
  const campaign = await prisma.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: { additionalPrizes: true } });
  if (campaign.claimDeadline)
    await prisma.campaign.update({ where: { id: campaignId }, data: { claimDeadline: new Date(campaign.claimDeadline.getTime() - ms) } });
  for (const prize of campaign.additionalPrizes) {
    if (prize.claimDeadline)
      await prisma.additionalPrize.update({
        where: { id: prize.id },
        data: { claimDeadline: new Date(prize.claimDeadline.getTime() - ms) },
      });
  }
}

/**
 * A campaign that ran for the 8 days before `end`, its round planned on the fake chain with the
 * 10-minute margin, as a launch leaves it (then its entries, freeze and draw are the test's).
 */
export function endedCampaignOn(beacon: FakeBeacon, end: Date, overrides: Parameters<typeof createCampaign>[0] = {}) {
  const chain = beacon.fake().chain;
  return createCampaign({
    startDate: new Date(end.getTime() - 8 * 24 * 60 * 60 * 1000),
    endDate: end,
    drawBeaconChain: chain.hash,
    drawBeaconRound: plannedBeaconRound(chain, end, 10),
    ...overrides,
  });
}
