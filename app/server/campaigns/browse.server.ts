import { PAGE_SIZE, pageCountFor, type BrowseQuery } from "~/domain/browse";
import { CampaignStatus, PUBLIC_STATUSES } from "~/domain/campaign-status";
import { clientProvider, getPrisma, type Prisma } from "../core/db.server";

/**
 * The public catalogue behind /giveaways. Only active and completed campaigns are ever listed.
 *
 * live = active, not yet ended and not full (upcoming ones included: their page exists and they
 * will open soon); full = active, not ended, at its entry limit (it takes no more entries, so it is
 * not "live", and its card says "Full"); past = completed, or active whose end date has passed (the
 * end-of-campaign job has not run yet). Together they are exactly the public campaigns, so "all"
 * is live, then full, then past.
 *
 * "Full" compares two columns (entryCount >= entryLimit) through a Prisma field reference; the
 * [status, endDate] index narrows to active, unended rows first, and the comparison is a filter on
 * those few.
 */

export const browseCampaignSelect = {
  id: true,
  status: true,
  title: true,
  brandName: true,
  productType: true,
  finalDesignUrl: true,
  selectedColors: true,
  printifyMockups: true,
  entryCount: true,
  entryLimit: true,
  startDate: true,
  endDate: true,
} satisfies Prisma.CampaignSelect;

export type BrowseCampaign = Prisma.CampaignGetPayload<{ select: typeof browseCampaignSelect }>;

export interface BrowseResult {
  campaigns: BrowseCampaign[];
  total: number;
  /** The page shown: the requested one, or the last one when it asked for more. */
  page: number;
  pageCount: number;
}

type Where = Prisma.CampaignWhereInput;
type OrderBy = Prisma.CampaignOrderByWithRelationInput[];

function openWhere(now: Date): Where {
  return { status: CampaignStatus.active, OR: [{ endDate: null }, { endDate: { gt: now } }] };
}

function liveWhere(now: Date): Where {
  const entryLimit = getPrisma().campaign.fields.entryLimit;
  return { AND: [openWhere(now), { OR: [{ entryLimit: null }, { entryCount: { lt: entryLimit } }] }] };
}

function fullWhere(now: Date): Where {
  const entryLimit = getPrisma().campaign.fields.entryLimit;
  return { AND: [openWhere(now), { entryLimit: { not: null } }, { entryCount: { gte: entryLimit } }] };
}

function pastWhere(now: Date): Where {
  return { OR: [{ status: CampaignStatus.completed }, { status: CampaignStatus.active, endDate: { lte: now } }] };
}

/**
 * Case-insensitive on both databases. SQLite's LIKE folds ASCII letters only and PostgreSQL's ILIKE
 * follows the database collation (a C collation folds ASCII only), so the search also tries the
 * query lower-cased, upper-cased and capitalised: "ZÜRICH" then finds "Zürich".
 *
 * Prisma passes `contains` to LIKE without escaping, so % and _ (and \, PostgreSQL's escape
 * character) would act as wildcards: the text is split on them and every piece must match.
 */
function searchWhere(q: string, postgres: boolean): Where {
  const pieces = q.split(/[%_\\]+/).filter((piece) => piece.trim() !== "");
  if (pieces.length === 0) return { id: { in: [] } };
  // `mode` exists only on the PostgreSQL client; the app is typed against the SQLite one.
  const filter = (contains: string) => (postgres ? { contains, mode: "insensitive" } : { contains }) as Prisma.StringFilter;
  return {
    AND: pieces.map((piece) => ({
      OR: caseVariants(piece).flatMap((variant) => [{ title: filter(variant) }, { brandName: filter(variant) }]),
    })),
  };
}

function caseVariants(text: string): string[] {
  const lower = text.toLocaleLowerCase("en-US");
  const capitalised = lower.replace(/(^|\s)(\S)/gu, (_, space: string, letter: string) => space + letter.toLocaleUpperCase("en-US"));
  return [...new Set([text, lower, text.toLocaleUpperCase("en-US"), capitalised])];
}

const endingSoon: OrderBy = [{ endDate: { sort: "asc", nulls: "last" } }, { id: "asc" }];
const recentlyEnded: OrderBy = [{ endDate: { sort: "desc", nulls: "last" } }, { id: "asc" }];
const newest: OrderBy = [{ startDate: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }];
const popularity: OrderBy = [{ entryCount: "desc" }, { endDate: { sort: "asc", nulls: "last" } }, { id: "asc" }];

/** One or two ordered slices that, read one after the other, make the whole list. */
function segments(query: BrowseQuery, now: Date, postgres: boolean): { where: Where; orderBy: OrderBy }[] {
  const filters: Where[] = [{ status: { in: [...PUBLIC_STATUSES] } }];
  if (query.product !== "all") filters.push({ productType: query.product });
  if (query.q) filters.push(searchWhere(query.q, postgres));
  const where = (status?: Where): Where => ({ AND: status ? [...filters, status] : filters });

  if (query.sort === "endingSoon") {
    // Ending soon means soonest end first while running; once ended, the most recently ended first.
    const live = { where: where(liveWhere(now)), orderBy: endingSoon };
    const full = { where: where(fullWhere(now)), orderBy: endingSoon };
    const past = { where: where(pastWhere(now)), orderBy: recentlyEnded };
    if (query.status === "live") return [live];
    if (query.status === "past") return [past];
    return [live, full, past];
  }
  const status = query.status === "live" ? liveWhere(now) : query.status === "past" ? pastWhere(now) : undefined;
  return [{ where: where(status), orderBy: query.sort === "newest" ? newest : popularity }];
}

export async function browseCampaigns(query: BrowseQuery, now: Date = new Date()): Promise<BrowseResult> {
  const prisma = getPrisma();
  const parts = segments(query, now, clientProvider(prisma) === "postgresql");
  const counts = await Promise.all(parts.map((part) => prisma.campaign.count({ where: part.where })));
  const total = counts.reduce((sum, count) => sum + count, 0);
  const pageCount = pageCountFor(total);
  const page = Math.min(query.page, pageCount);

  // Walk the slices, skipping what earlier pages showed and taking what this page still needs.
  let skip = (page - 1) * PAGE_SIZE;
  let take = PAGE_SIZE;
  const reads: Promise<BrowseCampaign[]>[] = [];
  for (const [index, part] of parts.entries()) {
    const count = counts[index] ?? 0;
    if (take > 0 && skip < count) {
      reads.push(prisma.campaign.findMany({ where: part.where, orderBy: part.orderBy, skip, take, select: browseCampaignSelect }));
      take -= Math.min(take, count - skip);
    }
    skip = Math.max(0, skip - count);
  }
  const campaigns = (await Promise.all(reads)).flat();
  return { campaigns, total, page, pageCount };
}
