/**
 * Pruning visitors' drafts (decision 067). Every signed-out visitor who saves the wizard's first step
 * gets a draft campaign (decision 006) that only their cookie finds. One never attached to an account
 * and unchanged for VISITOR_DRAFT_RETENTION_DAYS (30 by default, the life of the `gw_draft` cookie,
 * so no visitor loses a draft their cookie could still open) is deleted by the job pass, with its
 * prizes and with the uploads and AI designs that were its alone.
 *
 * Each draft is taken with one conditional update (decision 024): it is still a visitor's draft,
 * still unchanged since the cutoff, and no other pass holds it; that update sets a lease
 * (pruneLeaseUntil) and replaces the draft's token, so from then on the visitor's cookie no longer
 * finds, saves or attaches it. Files go before rows: a pass that dies half-way leaves the draft,
 * whose lease runs out, and the next pass deletes again what is left (deleting a file twice is
 * harmless). Files are deleted only for uploads no account owns (UploadedAsset.userId empty) that no
 * other campaign, prize or AI design names: an account's uploads are its library, and a file two
 * campaigns show stays.
 */
import { randomBytes } from "node:crypto";
import { CampaignStatus } from "../../domain/campaign-status";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { currentTime, leaseUntil } from "../core/leases.server";
import { deleteUpload, storedUploadPath } from "../media/uploads.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Drafts taken per query. */
const BATCH = 100;
/** How long a taken draft belongs to the pass that took it. */
export const DRAFT_PRUNE_LEASE_MS = 10 * 60 * 1000;

export interface DraftPruneSummary {
  /** Visitors' drafts deleted. */
  drafts: number;
  /** Their files deleted (uploads and AI designs' files). */
  files: number;
}

export interface DraftPruneOptions {
  /** Days without a change after which a visitor's draft goes; VISITOR_DRAFT_RETENTION_DAYS by default. */
  days?: number;
  /** Drafts one pass deletes at most (the next pass goes on), so a flood of drafts never holds up the other jobs. */
  maxPerPass?: number;
}

/** A visitor's draft past the cutoff that no pass holds (the where clause of both the search and the claim). */
function prunable(cutoff: Date, now: Date) {
  return {
    creatorId: null,
    // Never attached: attaching clears the token; a campaign without one was an account's.
    draftToken: { not: null },
    status: CampaignStatus.draft,
    // updatedAt is never before createdAt: the condition on createdAt lets the index on (creatorId, createdAt) find them.
    createdAt: { lt: cutoff },
    updatedAt: { lt: cutoff },
    OR: [{ pruneLeaseUntil: null }, { pruneLeaseUntil: { lt: currentTime(now) } }],
  };
}

/** The campaign's columns that hold an image address (an upload or an AI design's file). */
const IMAGES = {
  logoUrl: true,
  coverImageUrl: true,
  productImageUrl: true,
  customDesignUrl: true,
  finalDesignUrl: true,
  winnerBonusGiftImageUrl: true,
} as const;
const IMAGE_COLUMNS = Object.keys(IMAGES) as (keyof typeof IMAGES)[];

const CANDIDATE_SELECT = {
  id: true,
  updatedAt: true,
  ...IMAGES,
  additionalPrizes: { select: { imageUrl: true } },
  aiDesigns: { where: { userId: null }, select: { imageUrl: true, printUrl: true } },
} as const;

/** One pass: visitors' drafts unchanged for the retention time, oldest first. */
export async function pruneVisitorDrafts(now: Date = new Date(), options: DraftPruneOptions = {}): Promise<DraftPruneSummary> {
  const days = options.days ?? getConfig().VISITOR_DRAFT_RETENTION_DAYS;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let budget = options.maxPerPass ?? 1000;
  const summary: DraftPruneSummary = { drafts: 0, files: 0 };
  while (budget > 0) {
    const candidates = await findCandidates(cutoff, now, Math.min(BATCH, budget));
    if (candidates.length === 0) break;
    budget -= candidates.length;
    const lease = leaseUntil(now, DRAFT_PRUNE_LEASE_MS);
    const taken: Candidate[] = [];
    for (const draft of candidates) {
      const claim = await prisma.campaign.updateMany({
        where: { id: draft.id, ...prunable(cutoff, now) },
        // Its own updatedAt, kept: the claim is no change of the visitor's, and a pass that dies leaves the draft as due as it was.
        data: { pruneLeaseUntil: lease, draftToken: `pruning-${randomBytes(24).toString("base64url")}`, updatedAt: draft.updatedAt },
      });
      if (claim.count === 1) taken.push(draft);
    }
    if (taken.length === 0) continue;
    summary.files += await deleteDraftFiles(taken);
    const ids = taken.map((draft) => draft.id);
    await prisma.aiDesign.deleteMany({ where: { campaignId: { in: ids }, userId: null } });
    const deleted = await prisma.campaign.deleteMany({ where: { id: { in: ids }, creatorId: null, status: CampaignStatus.draft } });
    summary.drafts += deleted.count;
    if (candidates.length < BATCH) break;
  }
  return summary;
}

type Candidate = Awaited<ReturnType<typeof findCandidates>>[number];

function findCandidates(cutoff: Date, now: Date, take: number) {
  return prisma.campaign.findMany({ where: prunable(cutoff, now), orderBy: { createdAt: "asc" }, take, select: CANDIDATE_SELECT });
}

/**
 * Deletes the files of these drafts that were theirs alone: the uploads they name that no account
 * owns, and the files of their AI designs that no account owns; in either case only when nothing
 * else (another campaign, another campaign's prize, another AI design) names the same address.
 * Answers how many files (originals) went.
 */
async function deleteDraftFiles(drafts: Candidate[]): Promise<number> {
  const ids = drafts.map((draft) => draft.id);
  const designUrls = drafts.flatMap((draft) => draft.aiDesigns.flatMap((design) => [design.imageUrl, design.printUrl]));
  const namedUrls = drafts.flatMap((draft) => [
    ...IMAGE_COLUMNS.map((column) => draft[column]),
    ...draft.additionalPrizes.map((prize) => prize.imageUrl),
  ]);
  const urls = [...new Set([...namedUrls, ...designUrls])].filter(
    (url): url is string => typeof url === "string" && storedUploadPath(url) !== null,
  );
  if (urls.length === 0) return 0;

  const paths = urls.map((url) => storedUploadPath(url)!);
  const [assets, campaigns, prizes, designs] = await Promise.all([
    prisma.uploadedAsset.findMany({ where: { path: { in: paths } }, select: { path: true, userId: true } }),
    prisma.campaign.findMany({
      where: { id: { notIn: ids }, OR: IMAGE_COLUMNS.map((column) => ({ [column]: { in: urls } })) },
      select: IMAGES,
    }),
    prisma.additionalPrize.findMany({ where: { campaignId: { notIn: ids }, imageUrl: { in: urls } }, select: { imageUrl: true } }),
    prisma.aiDesign.findMany({
      where: { OR: [{ imageUrl: { in: urls } }, { printUrl: { in: urls } }] },
      select: { campaignId: true, userId: true, imageUrl: true, printUrl: true },
    }),
  ]);
  const owned = new Set(assets.filter((asset) => asset.userId !== null).map((asset) => asset.path));
  const ownerless = new Set(assets.filter((asset) => asset.userId === null).map((asset) => asset.path));
  const theirs = new Set(ids);
  const elsewhere = new Set<string | null>([
    ...campaigns.flatMap((campaign) => IMAGE_COLUMNS.map((column) => campaign[column])),
    ...prizes.map((prize) => prize.imageUrl),
    // Another design naming the same file: an account's, or another campaign's.
    ...designs
      .filter((design) => design.userId !== null || design.campaignId === null || !theirs.has(design.campaignId))
      .flatMap((design) => [design.imageUrl, design.printUrl]),
  ]);
  const designFiles = new Set(designUrls);

  let deleted = 0;
  for (const url of urls) {
    const path = storedUploadPath(url)!;
    if (elsewhere.has(url) || owned.has(path)) continue;
    // An upload no account owns, or a file of the drafts' own AI designs (a design's web preview has
    // no UploadedAsset row: the design's own row was its record). deleteUpload takes its resized copies too.
    if (!ownerless.has(path) && !designFiles.has(url)) continue;
    await deleteUpload(url);
    deleted += 1;
  }
  return deleted;
}
