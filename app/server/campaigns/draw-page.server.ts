import { CampaignStatus, publicPhase } from "../../domain/campaign-status";
import { formatZonedDateTimeWithUtc } from "../../domain/campaign-time-zone";
import { drawProcedureText } from "../../domain/draw";
import type { BrandFrameData } from "../../domain/campaign-page";
import type { DrawPageView } from "../../domain/draw-record";
import { entryIdCandidates } from "../../domain/entry-list";
import type { CurrentUser } from "../auth/session.server";
import { brandFrame } from "./brand-frame.server";
import { findVisibleCampaign } from "./campaign-page.server";
import { beaconChainLabel } from "../draw/fairness.server";
import { publicWinnerNames } from "../draw/published.server";
import { checkMyEntry, drawRecord, recordChecks } from "../draw/record.server";

export type DrawPageOutcome = { kind: "not-found" } | { kind: "page"; page: DrawPageView; frame: BrandFrameData };

function prizeLabel(rank: number, titles: Map<number, string>): string {
  if (rank === 1) return "Grand prize";
  const ordinal = rank === 2 ? "2nd" : rank === 3 ? "3rd" : `#${rank}`;
  return `${ordinal} prize: ${titles.get(rank) ?? ""}`;
}

/**
 * The public draw page of a campaign its visitor may see (decision 042): the record, its checks,
 * the picks with their prizes and public names, and "Check my entry" for `entryInput` (the ?entry=
 * a visitor pasted, null when none) and `hashInput` (the ?hash= of the list hash an entrant was sent,
 * decision 093), and the campaign's brand frame the page wears (decision 080).
 */
export async function drawPage(
  campaignId: string,
  user: CurrentUser | null,
  entryInput: string | null,
  hashInput: string | null = null,
): Promise<DrawPageOutcome> {
  const found = await findVisibleCampaign(campaignId, user);
  if (!found) return { kind: "not-found" };
  const { campaign } = found;
  // The campaign's zone for the reader, and beside it the UTC instant the record states, which a
  // verifier compares (decision 096).
  const when = (iso: string | null) => (iso ? formatZonedDateTimeWithUtc(new Date(iso), campaign.timeZone) : null);
  const record = await drawRecord(campaign);
  const picks = record.draw?.picks ?? [];
  // Decisions 022 and 057: the winner's chosen name or masked email, an objection, an erased entrant.
  const names = await publicWinnerNames(
    campaign,
    picks.map((pick) => pick.entryId),
  );
  const prizeTitles = new Map(campaign.additionalPrizes.map((prize) => [prize.rank, prize.title]));
  // An empty hash field is no hash: the form sends it even when left blank.
  const givenHash = hashInput?.trim() ? hashInput.slice(0, 500) : null;
  // Likewise an empty entry field beside a hash: only the hash was asked about.
  const entryGiven = entryInput !== null && (entryInput.trim() !== "" || givenHash === null) ? entryInput : null;
  const answer =
    entryGiven === null && givenHash === null
      ? null
      : await checkMyEntry(campaign.id, entryGiven === null ? null : entryIdCandidates(entryGiven, campaign.id), givenHash);
  const check = answer
    ? { input: (entryGiven ?? "").slice(0, 500), hashInput: (givenHash ?? "").trim(), result: answer.entry, hash: answer.hash }
    : null;
  const beacon = record.beacon;
  return {
    kind: "page",
    frame: brandFrame(campaign),
    page: {
      campaign: {
        id: campaign.id,
        title: campaign.title,
        end: when(record.endsAt),
        ended: publicPhase(campaign, new Date()) === "ended",
        completed: campaign.status === CampaignStatus.completed,
        freezing: campaign.listFrozenAt !== null && record.list === null,
      },
      record,
      checks: recordChecks(record),
      times: {
        launched: when(record.launchedAt),
        plannedRound: when(beacon?.plannedRoundTime ?? null),
        round: when(beacon?.roundTime ?? null),
        frozen: when(record.list?.frozenAt ?? null),
        drawn: when(record.draw?.drawnAt ?? null),
        replacementDecided: when(beacon?.replacement?.decidedAt ?? null),
        replacementRound: when(beacon?.replacement?.roundTime ?? null),
      },
      chainLabel: beacon ? beaconChainLabel(beacon.chainHash) : null,
      picks: picks.map((pick) => ({
        ...pick,
        prize: prizeLabel(pick.rank, prizeTitles),
        winner: names.get(pick.entryId) ?? null,
        redrawnAt: when(pick.redrawnAt),
        claimDeadline: when(pick.claimDeadline),
        notifiedAt: when(pick.notifiedAt),
      })),
      objections: (record.draw?.objections ?? []).map((objection) => ({ rank: objection.rank, at: when(objection.at) ?? objection.at })),
      check,
      procedure: drawProcedureText(record.procedureVersion).split("\n\n"),
    },
  };
}
