/** What the creator's draw controls show (the draw page and the analytics page); app/server/draw/controls.server.ts reads it. */
export interface DrawControlsData {
  campaignId: string;
  status: string;
  endDate: string | null;
  ended: boolean;
  /** autoPickWinnerEnabled: the job draws at the end, so there is no Draw button. */
  autoPick: boolean;
  canDraw: boolean;
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
