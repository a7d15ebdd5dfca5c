/**
 * The public winners list (decision 057): who won each prize as the public may see it, and the
 * winner's own choices for it (a display name, or an objection), made from their claim page.
 *
 * The same rules name winners everywhere (this page, the draw page, the campaign page): an erased
 * entrant is "Winner"; nobody is named when the creator hid the winners (decision 022) or the
 * winner objected; else the winner's chosen name, or their masked email.
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { currentPicks, parseDrawPicks, type DrawPick } from "../../domain/draw";
import { RULES_VERSION_WITH_WINNERS_LIST } from "../../domain/official-rules";
import {
  type ListingIntent,
  type ShownWinner,
  type WinnerFacts,
  type WinnerListingView,
  type WinnersListView,
  WINNERS_LIST_TEXT,
  shownWinner,
  shownWinnerText,
} from "../../domain/winners-list";
import { maskEmail } from "../../domain/profile";
import type { EntrantLanguage } from "../../domain/entrant-language";
import { winnersListWords } from "../../i18n/page-words";
import { campaignWinnersPath } from "../../paths";
import { prisma } from "../core/db.server";
import { publishedFairness } from "./fairness.server";

/** The facts that decide how each of these entries is shown, by entry id (entries of other campaigns are ignored). */
export async function winnerFacts(campaignId: string, entryIds: readonly string[]): Promise<Map<string, WinnerFacts>> {
  const ids = [...new Set(entryIds)].filter(Boolean);
  if (!ids.length) return new Map();
  const entries = await prisma.entry.findMany({
    where: { campaignId, id: { in: ids } },
    select: { id: true, email: true, erasedAt: true, winnerListing: { select: { displayName: true, objectedAt: true } } },
  });
  return new Map(
    entries.map((entry) => [
      entry.id,
      {
        email: entry.erasedAt ? null : entry.email,
        erased: entry.erasedAt !== null,
        listing: entry.winnerListing
          ? { displayName: entry.winnerListing.displayName, objected: entry.winnerListing.objectedAt !== null }
          : null,
      },
    ]),
  );
}

interface NamedCampaign {
  id: string;
  winnerPublic: boolean;
  /** The grand prize winner's entry, whose creator-set name (winnerPublicName) applies. */
  winnerEntryId: string | null;
  winnerPublicName: string | null;
}

/** How each of these winners is shown in public, by entry id. */
export async function shownWinners(campaign: NamedCampaign, entryIds: readonly string[]): Promise<Map<string, ShownWinner>> {
  const facts = await winnerFacts(campaign.id, entryIds);
  const shown = new Map<string, ShownWinner>();
  for (const id of entryIds) {
    const known = facts.get(id) ?? { email: null, erased: false, listing: null };
    const creatorName = id === campaign.winnerEntryId ? campaign.winnerPublicName : null;
    shown.set(id, shownWinner({ ...known, creatorName }, { winnersPublic: campaign.winnerPublic }));
  }
  return shown;
}

/** Each winner's public text by entry id (the draw page's and the campaign page's "Winner"). */
export async function publicWinnerTexts(campaign: NamedCampaign, entryIds: readonly string[]): Promise<Map<string, string>> {
  const shown = await shownWinners(campaign, entryIds);
  return new Map([...shown].map(([id, winner]) => [id, shownWinnerText(winner)]));
}

/** What the winners page reads of a visible campaign (findVisibleCampaign selects it). */
export interface WinnersListCampaign extends NamedCampaign {
  title: string;
  brandName: string;
  status: string;
  endDate: Date | null;
  timeZone: string;
  launchedAt: Date | null;
  drawCommitment: string | null;
  drawBeaconRound: number | null;
  drawBeaconChain: string | null;
  rulesVersion: number;
  additionalPrizes: readonly { rank: number; title: string; winnerEntryId: string | null }[];
}

/**
 * The winners list page: each tier's current winner, or when the winners will be listed, in the
 * entrant's `language` (decision 097; a prize's own title stays the creator's words).
 */
export async function winnersList(
  campaign: WinnersListCampaign,
  now: Date = new Date(),
  language: EntrantLanguage = "en",
): Promise<WinnersListView> {
  const words = winnersListWords(language);
  const draw = await prisma.draw.findUnique({ where: { campaignId: campaign.id }, select: { picks: true, createdAt: true } });
  const base = {
    campaignId: campaign.id,
    title: campaign.title,
    brandName: campaign.brandName,
    timeZone: campaign.timeZone,
    hidden: !campaign.winnerPublic,
  };
  // A completed campaign has been drawn (its Draw row holds the record; one drawn before records existed may lack it).
  if (!draw && campaign.status !== CampaignStatus.completed) {
    const fairness = publishedFairness(campaign);
    const roundTime = fairness.beacon?.roundTime ? new Date(fairness.beacon.roundTime) : null;
    const ended = campaign.endDate !== null && campaign.endDate.getTime() <= now.getTime();
    return {
      ...base,
      pending: words.pending({ endDate: campaign.endDate, beaconRoundTime: roundTime, ended, timeZone: campaign.timeZone }),
      tiers: [],
      drawnAt: null,
    };
  }

  const tiers = [
    { rank: 1, title: "", entryId: campaign.winnerEntryId },
    ...[...campaign.additionalPrizes]
      .sort((a, b) => a.rank - b.rank)
      .map((p) => ({ rank: p.rank, title: p.title, entryId: p.winnerEntryId })),
  ];
  const winnerIds = tiers.flatMap((tier) => (tier.entryId ? [tier.entryId] : []));
  const [shown, orders] = await Promise.all([
    shownWinners(campaign, winnerIds),
    prisma.order.findMany({
      where: { campaignId: campaign.id, entryId: { in: winnerIds } },
      select: { prizeRank: true, entryId: true, shipRegion: true, shipCountry: true },
    }),
  ]);
  let picks: DrawPick[] = [];
  try {
    picks = draw ? parseDrawPicks(draw.picks) : [];
  } catch {
    picks = [];
  }
  const current = currentPicks(picks);
  // Campaigns whose rules did not announce the region (launched with version 1) show none.
  const regions = campaign.rulesVersion >= RULES_VERSION_WITH_WINNERS_LIST;

  return {
    ...base,
    pending: null,
    drawnAt: draw?.createdAt.toISOString() ?? null,
    tiers: tiers.map((tier) => {
      const prize = words.prize(tier.rank, tier.title);
      if (!tier.entryId) return { rank: tier.rank, prize, winner: null, named: false, region: null, notes: [words.noWinner] };
      const winner = shown.get(tier.entryId) ?? { kind: "hidden" as const };
      const order = orders.find((o) => o.prizeRank === tier.rank && o.entryId === tier.entryId) ?? null;
      const pick = current.get(tier.rank);
      const notes = pick?.redrawnAt && pick.entryId === tier.entryId ? [words.redrawn(new Date(pick.redrawnAt), campaign.timeZone)] : [];
      return {
        rank: tier.rank,
        prize,
        winner: words.winner(winner),
        named: winner.kind === "named",
        region: regions && winner.kind === "named" ? words.region(order) : null,
        notes,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The winner's choices, from the claim page

/** The claim page's "The winners list" section for the link's winner (holder checked by the caller). */
export async function winnerListingView(holder: { campaignId: string; entryId: string }): Promise<WinnerListingView | null> {
  const entry = await prisma.entry.findFirst({
    where: { id: holder.entryId, campaignId: holder.campaignId },
    select: {
      email: true,
      erasedAt: true,
      winnerListing: { select: { displayName: true, objectedAt: true } },
      campaign: { select: { winnerPublic: true, rulesVersion: true } },
    },
  });
  if (!entry) return null;
  const erased = entry.erasedAt !== null;
  return {
    displayName: erased ? "" : (entry.winnerListing?.displayName ?? ""),
    objected: !erased && Boolean(entry.winnerListing?.objectedAt),
    maskedEmail: erased ? WINNERS_LIST_TEXT.erased : maskEmail(entry.email),
    winnersPath: campaignWinnersPath(holder.campaignId),
    regions: entry.campaign.rulesVersion >= RULES_VERSION_WITH_WINNERS_LIST,
    hidden: !entry.campaign.winnerPublic,
    erased,
  };
}

export type ListingChange =
  { intent: Extract<ListingIntent, "listing-name">; displayName: string | null } | { intent: Exclude<ListingIntent, "listing-name"> };

/**
 * Stores a winner's choice for the list. The caller has checked, from the signed claim link, that
 * `entryId` is the tier's current winner. An erased entry keeps no listing (its name would be
 * personal data), so nothing is stored for it.
 */
export async function saveWinnerListing(entryId: string, change: ListingChange, now: Date = new Date()): Promise<"saved" | "erased"> {
  const entry = await prisma.entry.findUnique({ where: { id: entryId }, select: { erasedAt: true } });
  if (!entry || entry.erasedAt) return "erased";
  const data =
    change.intent === "listing-name"
      ? { displayName: change.displayName }
      : { objectedAt: change.intent === "listing-object" ? now : null };
  await prisma.winnerListing.upsert({ where: { entryId }, create: { entryId, ...data }, update: data });
  // An erasure that committed meanwhile must not be left with a name: it deletes the row, and so do we.
  const after = await prisma.entry.findUnique({ where: { id: entryId }, select: { erasedAt: true } });
  if (!after || after.erasedAt) {
    await prisma.winnerListing.deleteMany({ where: { entryId } });
    return "erased";
  }
  return "saved";
}
