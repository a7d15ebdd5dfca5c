/**
 * The draw's part of a launch: a free launch (wizard/launch.server.ts) and a paid one (payments/)
 * both write these fields with the campaign's move to active.
 */
import { createHash, randomBytes } from "node:crypto";
import { getConfig } from "../core/config.server";
import { configuredChain } from "./beacon.server";
import { plannedBeaconRound } from "./freeze.server";

/** The draw's commitment (decision 012): SHA-256 of a secret seed, published from launch on. */
export function newDrawSeed(): { seed: string; commitment: string } {
  const seed = randomBytes(32).toString("hex");
  return { seed, commitment: createHash("sha256").update(seed).digest("hex") };
}

/**
 * What a launch publishes for the draw (decisions 012, 039): the commitment to a fresh secret and
 * the beacon round mixed into the draw, the first round of the configured chain at or after the
 * end plus the freeze margin. Without an end date there is no round yet: the freeze chooses it.
 */
export function launchDrawFields(endDate: Date | null) {
  const { seed, commitment } = newDrawSeed();
  return {
    drawSeed: seed,
    drawCommitment: commitment,
    ...(endDate ? launchBeaconPlan(endDate) : { drawBeaconRound: null, drawBeaconMarginMinutes: null }),
    drawBeaconChain: configuredChain().hash,
    // Procedure 4 (decision 090): the job time-stamps the commitment, then the frozen list's hash.
    drawTimestamped: true,
  };
}

/**
 * The configured chain's first round at or after `endDate` plus DRAW_BEACON_MARGIN_MINUTES, with
 * that margin: stored together, the margin is published in draw.json (beacon.marginMinutes) so that
 * a verifier recomputes the round whatever the deployment's margin (decision 110).
 */
export function launchBeaconPlan(endDate: Date): { drawBeaconRound: number; drawBeaconMarginMinutes: number } {
  const margin = getConfig().DRAW_BEACON_MARGIN_MINUTES;
  return { drawBeaconRound: plannedBeaconRound(configuredChain(), endDate, margin), drawBeaconMarginMinutes: margin };
}
