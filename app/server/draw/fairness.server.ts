/**
 * The fairness facts every public page states the same way (campaign page, rules, draw page):
 * the commitment, the launch time and the beacon chain and round published at launch.
 */
import { QUICKNET, roundTimeMs } from "../../domain/beacon";
import { formatZonedDateTimeWithUtc } from "../../domain/campaign-time-zone";
import { knownChain } from "./beacon.server";

/** How pages name a beacon chain: drand's quicknet by name, the demo chain plainly as not drand. */
export function beaconChainLabel(hash: string): string {
  if (hash === QUICKNET.hash) return "drand quicknet (League of Entropy)";
  if (knownChain(hash)?.demo) return "Demo beacon, not drand";
  return `drand chain ${hash}`;
}

export interface PublishedFairness {
  commitment: string | null;
  /** ISO; null before launch. */
  launchedAt: string | null;
  /**
   * The launch in the campaign's zone with the UTC instant a verifier compares (decision 096):
   * "Friday 5 December 2025, 09:12 New York time (2025-12-05 14:12 UTC)". Written on the server.
   */
  launchedText: string | null;
  /** The round published at launch; null for campaigns launched before beacons (chosen at the freeze). */
  beacon: { round: number; roundTime: string | null; roundTimeText: string | null; chain: string; demo: boolean } | null;
}

export function publishedFairness(campaign: {
  launchedAt: Date | null;
  drawCommitment: string | null;
  drawBeaconRound: number | null;
  drawBeaconChain: string | null;
  timeZone: string;
}): PublishedFairness {
  const { drawBeaconRound: round, drawBeaconChain: hash } = campaign;
  const chain = hash ? knownChain(hash) : undefined;
  return {
    commitment: campaign.drawCommitment,
    launchedAt: campaign.launchedAt?.toISOString() ?? null,
    launchedText: campaign.launchedAt ? formatZonedDateTimeWithUtc(campaign.launchedAt, campaign.timeZone) : null,
    beacon:
      round !== null && hash
        ? {
            round,
            roundTime: chain ? new Date(roundTimeMs(chain, round)).toISOString() : null,
            roundTimeText: chain ? formatZonedDateTimeWithUtc(new Date(roundTimeMs(chain, round)), campaign.timeZone) : null,
            chain: beaconChainLabel(hash),
            demo: chain?.demo === true,
          }
        : null,
  };
}
