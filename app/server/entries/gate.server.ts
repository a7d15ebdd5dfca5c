/**
 * Whether a campaign takes entries and confirmations now: `closedReason`, which the entry store's
 * write says again in SQL (`takesEntries`, decision 063); a change to one changes both.
 */
import { isPublicStatus, publicPhase } from "../../domain/campaign-status";
import { GATE_FIELDS } from "./store.server";
import { type Prisma, prisma } from "../core/db.server";

export type Gate = Prisma.CampaignGetPayload<{ select: typeof GATE_FIELDS }>;

/** Why a campaign takes no entries or confirmations now, or null while it does. */
export function closedReason(campaign: Gate, now: Date): "not-found" | "upcoming" | "ended" | "full" | null {
  if (!isPublicStatus(campaign.status)) return "not-found";
  const phase = publicPhase(campaign, now);
  if (phase !== "live") return phase;
  // After the freeze nothing about counted entries may change (decision 039).
  if (campaign.listFrozenAt) return "ended";
  if (campaign.entryLimit !== null && campaign.entryCount >= campaign.entryLimit) return "full";
  return null;
}

/** After a refused conditional update: ended (or frozen) rather than full, when that is why. */
export async function closedNow(campaignId: string): Promise<"ended" | "full"> {
  const fresh = await prisma.campaign.findUnique({ where: { id: campaignId }, select: GATE_FIELDS });
  const reason = fresh ? closedReason(fresh, new Date()) : "ended";
  return reason === "full" || reason === null ? "full" : "ended";
}
