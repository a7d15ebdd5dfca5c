import { formatZonedDateTimeWithUtc } from "./campaign-time-zone";

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

/** "The winners can be drawn after drand round N, at <time> New York time (<UTC instant>)." (decision 096) */
export function beaconWaitText(beacon: Pick<DrawBeaconRound, "round" | "at" | "demo">, timeZone: string): string {
  return `The winners can be drawn after ${beacon.demo ? "demo beacon" : "drand"} round ${beacon.round}, at ${formatZonedDateTimeWithUtc(new Date(beacon.at), timeZone)}.`;
}

/** What the creator's draw controls show (the draw page and the analytics page); app/server/draw/controls.server.ts reads it. */
export interface DrawControlsData {
  campaignId: string;
  /** The campaign's zone: the panel's dates are written in it (decision 096). */
  timeZone: string;
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
  /** Every additional tier (decision 050): its winner (masked), claim, and for a claimed gift what the creator needs to deliver it. */
  additionalPrizes: DrawTier[];
  winnerPublic: boolean;
  winnerPublicName: string;
}

/** One additional prize tier on the creator's draw panel (decision 050). */
export interface DrawTier {
  rank: number;
  title: string;
  kind: "merch" | "gift";
  /** The winner's masked email, or null before the draw. */
  winner: string | null;
  /** The tier has a code, which its winner's email carries. */
  hasCode: boolean;
  claimDeadline: string | null;
  claim: "claimed" | "waiting" | "unclaimed" | null;
  claimedAt: string | null;
  orderStatus: string | null;
  canRedraw: boolean;
  /** A claimed gift: what the winner gave, for the owner to deliver it; null otherwise. */
  delivery: {
    /** Name, address lines, city/region/postal code, country; empty when the gift needs no address. */
    address: string[];
    phone: string | null;
    /** The winner's full email: the creator delivers the gift to them. */
    email: string;
    note: string;
    deliveredAt: string | null;
  } | null;
}
