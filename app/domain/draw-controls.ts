import { formatUtcDateTime } from "./campaign-status";

/** The beacon round a draw waits for (decision 039). */
export interface DrawBeaconRound {
  round: number;
  /** The round's time (ISO 8601). */
  at: string;
  /** A local demo chain rather than drand. */
  demo: boolean;
  /** The round's time has come. */
  out: boolean;
}

/** "The winners can be drawn after drand round N, at <time> UTC." */
export function beaconWaitText(beacon: Pick<DrawBeaconRound, "round" | "at" | "demo">): string {
  return `The winners can be drawn after ${beacon.demo ? "demo beacon" : "drand"} round ${beacon.round}, at ${formatUtcDateTime(new Date(beacon.at))}.`;
}

/** What the creator's draw controls show (the draw page and the analytics page); app/server/draw/controls.server.ts reads it. */
export interface DrawControlsData {
  campaignId: string;
  status: string;
  endDate: string | null;
  ended: boolean;
  /** autoPickWinnerEnabled: the job draws at the end, so there is no Draw button. */
  autoPick: boolean;
  canDraw: boolean;
  /** The round the draw waits for: the frozen list's, else the one published at launch; null when neither exists yet. */
  beacon: DrawBeaconRound | null;
  drawn: boolean;
  winner: {
    name: string;
    claimDeadline: string | null;
    claim: "claimed" | "waiting" | "unclaimed";
    claimedAt: string | null;
    orderStatus: string | null;
    notified: boolean;
    canRedraw: boolean;
  } | null;
  additionalPrizes: { rank: number; title: string; winner: string | null }[];
  winnerPublic: boolean;
  winnerPublicName: string;
}
