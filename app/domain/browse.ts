import { z } from "zod";
import { PRODUCT_TYPES } from "./campaign-schemas";
import { entriesSoFar, publicPhase, timeLeftLabel, type PublicPhase } from "./campaign-status";
import { campaignImage, type CampaignImage } from "./mockups";

/**
 * The browse page's state, read from the URL so a filtered list can be shared and works without
 * JavaScript. Every field falls back to its default on a bad value: a mangled link still shows
 * giveaways rather than an error.
 */

export const BROWSE_STATUSES = [
  { key: "live", label: "Live" },
  { key: "past", label: "Past" },
  { key: "all", label: "All" },
] as const;
export const BROWSE_PRODUCTS = [{ key: "all", label: "All products" }, ...PRODUCT_TYPES] as const;
export const BROWSE_SORTS = [
  { key: "endingSoon", label: "Ending soon" },
  { key: "newest", label: "Newest" },
  { key: "popularity", label: "Most entries" },
] as const;

export type BrowseStatus = (typeof BROWSE_STATUSES)[number]["key"];
export type BrowseProduct = (typeof BROWSE_PRODUCTS)[number]["key"];
export type BrowseSort = (typeof BROWSE_SORTS)[number]["key"];

export const PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;
/** Far beyond any real catalogue; keeps skip/offset arithmetic in safe integers. */
const MAX_PAGE = 100_000;

const keys = <T extends { key: string }>(items: readonly T[]) => items.map((item) => item.key) as [T["key"], ...T["key"][]];

export const BrowseQuerySchema = z.object({
  // Whitespace runs collapse and long input is cut rather than refused: the search still runs.
  q: z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH).trim())
    .catch(""),
  status: z.enum(keys(BROWSE_STATUSES)).catch("live"),
  product: z.enum(keys(BROWSE_PRODUCTS)).catch("all"),
  sort: z.enum(keys(BROWSE_SORTS)).catch("endingSoon"),
  // Digits only: "1e3", "1.5" and "+2" are not page numbers.
  page: z
    .string()
    .regex(/^\d+$/)
    .transform((digits) => Math.min(Number(digits), MAX_PAGE))
    .pipe(z.number().min(1))
    .catch(1),
});

export type BrowseQuery = z.output<typeof BrowseQuerySchema>;

export const DEFAULT_BROWSE_QUERY: BrowseQuery = { q: "", status: "live", product: "all", sort: "endingSoon", page: 1 };

/** Reads the query string; a repeated parameter counts by its first value. */
export function parseBrowseQuery(params: URLSearchParams): BrowseQuery {
  const first = (name: string) => params.get(name) ?? undefined;
  return BrowseQuerySchema.parse({
    q: first("q"),
    status: first("status"),
    product: first("product"),
    sort: first("sort"),
    page: first("page"),
  });
}

/** The canonical query string for a state (defaults left out), with a leading "?" or empty. */
export function browseSearch(query: BrowseQuery, changes: Partial<BrowseQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const name of ["status", "product", "sort"] as const) {
    if (next[name] !== DEFAULT_BROWSE_QUERY[name]) params.set(name, next[name]);
  }
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function isFiltered(query: BrowseQuery): boolean {
  return browseSearch(query, { page: 1 }) !== "";
}

export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** "Showing 1–12 of 37 giveaways". */
export function resultSummary(page: number, shown: number, total: number): string {
  const noun = total === 1 ? "giveaway" : "giveaways";
  if (shown === 0) return `Showing 0 of ${total} ${noun}`;
  const first = (page - 1) * PAGE_SIZE + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}

/**
 * The page numbers to link: always the first and last, the current one and its neighbours;
 * `null` marks a gap ("…"). 1 … 4 5 6 … 10.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/** A card's time line: "3 days left", "Starts in 2 days" or "Ended". */
export function cardTimeLabel(phase: PublicPhase, startDate: Date | null, endDate: Date | null, now: Date): string {
  if (phase === "ended") return "Ended";
  if (phase === "upcoming" && startDate) return `Starts in ${timeLeftLabel(startDate, now).replace(/ left$/, "")}`;
  // An active campaign always has an end date once launched; "Open" only guards odd rows.
  return endDate ? timeLeftLabel(endDate, now) : "Open";
}

/** Still taking entries in time but at its entry limit: "Full" on its card, and not in the live filter. */
export function isFullCampaign(phase: PublicPhase, entryLimit: number | null, entryCount: number): boolean {
  return phase !== "ended" && entryLimit !== null && entryCount >= entryLimit;
}

/** "42 entries so far" while a giveaway runs, "42 entries" once it has ended. */
export function cardEntriesLabel(phase: PublicPhase, entryCount: number): string {
  const label = entriesSoFar(entryCount);
  return phase === "ended" ? label.replace(/ so far$/, "") : label;
}

export function productLabel(productType: string): string {
  return PRODUCT_TYPES.find((product) => product.key === productType)?.label ?? "T-Shirt";
}

/** What a campaign card shows, with every label already worked out on the server (no clock on the client). */
export interface CampaignCardData {
  id: string;
  title: string;
  brandName: string;
  productLabel: string;
  image: CampaignImage | null;
  phase: PublicPhase;
  timeLabel: string;
  entriesLabel: string;
  /** Still running but at its entry limit: the card says "Full" instead of the time left. */
  full?: boolean;
  /** A paid Featured Listing Boost is running (decision 068): the card says "Featured". */
  featured?: boolean;
}

/** A listed campaign's card, as the browse page and the featured band show it. */
export function campaignCard(
  campaign: {
    id: string;
    status: string;
    title: string;
    brandName: string;
    productType: string;
    finalDesignUrl: string | null;
    selectedColors: string;
    printifyMockups?: string;
    entryCount: number;
    entryLimit: number | null;
    startDate: Date | null;
    endDate: Date | null;
  },
  now: Date,
  options: { featured?: boolean } = {},
): CampaignCardData {
  const phase = publicPhase(campaign, now);
  return {
    id: campaign.id,
    title: campaign.title,
    brandName: campaign.brandName,
    productLabel: productLabel(campaign.productType),
    image: campaignImage(campaign),
    phase,
    timeLabel: cardTimeLabel(phase, campaign.startDate, campaign.endDate, now),
    entriesLabel: cardEntriesLabel(phase, campaign.entryCount),
    full: isFullCampaign(phase, campaign.entryLimit, campaign.entryCount),
    ...(options.featured ? { featured: true } : {}),
  };
}
