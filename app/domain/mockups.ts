import { madeProductColors, PRODUCT_TYPES, type ProductType, PRODUCT_COLORS, type ProductColorKey } from "./campaign-schemas";

// The colours a product is made in live beside PRODUCT_COLORS (a mug: White only); re-exported for
// the modules that draw the prize.
export { madeProductColors, productColors } from "./campaign-schemas";
import { responsiveImage } from "./images";
import { mockupPath } from "../paths";

/**
 * Mockup URLs (decision 008): /mockups/<product>/<colour>/<width>/<design's uploads path>.webp,
 * rendered and cached by app/server/media/mockups.server.ts. Pure so components can build the URLs too.
 */

export const MOCKUP_WIDTHS = [400, 800] as const;
export type MockupWidth = (typeof MOCKUP_WIDTHS)[number];

/** Only our own stored designs get mockups: uploads and generated designs. */
const DESIGN_URL = /^\/uploads\/((?:custom_design|ai_design)\/[A-Za-z0-9_-]+\.(?:png|jpe?g|webp))$/;

/** Everything after /mockups/; each segment is a closed list or a plain file name, so nothing can traverse. */
export const MOCKUP_PATH_PATTERN =
  /^(t-shirt|hoodie|mug)\/(white|black|heather_gray)\/(400|800)\/((?:custom_design|ai_design)\/[A-Za-z0-9_-]+\.(?:png|jpe?g|webp))\.(webp|jpg)$/;

export interface MockupRequest {
  product: ProductType;
  color: ProductColorKey;
  width: MockupWidth;
  /** The design's path under the uploads directory, e.g. ai_design/abc.png. */
  design: string;
  /** ".webp" answers AVIF or WebP by Accept; ".jpg" always JPEG, for emails (decision 081). */
  fixedFormat: "jpeg" | null;
}

/**
 * The mockup of a design on a product in a colour, or null when the design is not one of our
 * uploads (or the product, colour or width is unknown); callers then show the raw design.
 */
export function mockupUrl(
  designUrl: string | null | undefined,
  productType: ProductType,
  color: ProductColorKey,
  width: MockupWidth = 800,
): string | null {
  const design = designUrl ? DESIGN_URL.exec(designUrl)?.[1] : undefined;
  // The arguments often come straight from stored rows, so they are checked, not trusted.
  if (!design || !isProductType(productType) || !isProductColor(color) || !MOCKUP_WIDTHS.includes(width)) return null;
  return mockupPath(`${productType}/${color}/${width}/${design}.webp`);
}

export function parseMockupPath(splat: string): MockupRequest | null {
  const match = MOCKUP_PATH_PATTERN.exec(splat);
  if (!match) return null;
  const [, product, color, width, design, extension] = match;
  if (!isProductType(product) || !isProductColor(color) || !design) return null;
  return { product, color, width: Number(width) === 400 ? 400 : 800, design, fixedFormat: extension === "jpg" ? "jpeg" : null };
}

function isProductType(value: unknown): value is ProductType {
  return PRODUCT_TYPES.some((product) => product.key === value);
}

function isProductColor(value: unknown): value is ProductColorKey {
  return PRODUCT_COLORS.some((color) => color.key === value);
}

export interface CampaignImage {
  src: string;
  /** 400w and 800w renders; the server answers each in AVIF or WebP by the browser's Accept header. */
  srcSet?: string;
}

/**
 * The picture that represents a campaign everywhere (cards, campaign page, social previews): the
 * partner's product photo in the first chosen colour when there is one, else its design's mockup
 * on the product in that colour, or the raw design when it has no
 * mockup (e.g. demo artwork), or null without any design.
 */
export function campaignImage(campaign: {
  finalDesignUrl: string | null;
  productType: string;
  selectedColors: string;
  /** When the caller has it: the print partner's own photo of the first colour wins (decision 044). */
  printifyMockups?: string;
}): CampaignImage | null {
  const color = madeProductColors(campaign.productType, campaign.selectedColors)[0] ?? "white";
  const partner = campaign.printifyMockups ? parsePartnerMockups(campaign.printifyMockups)[color] : undefined;
  if (partner) return responsiveImage(partner, [400, 800]);
  const small = mockupUrl(campaign.finalDesignUrl, campaign.productType as ProductType, color, 400);
  const large = mockupUrl(campaign.finalDesignUrl, campaign.productType as ProductType, color, 800);
  if (small && large) return { src: large, srcSet: `${small} 400w, ${large} 800w` };
  return campaign.finalDesignUrl ? { src: campaign.finalDesignUrl } : null;
}

export interface CampaignColorImage {
  color: ProductColorKey;
  /** "White", "Black", "Heather Gray". */
  name: string;
  image: CampaignImage;
}

/**
 * The prize in each of the campaign's colours, in the creator's order: the print partner's own
 * product photo when one was made for this design (`printifyMockups`, JSON {colour: url}, decision
 * 044: a copy under /uploads/product_image/), else our
 * rendered mockup, else the raw design. Empty without any design.
 */
export function campaignColorImages(campaign: {
  finalDesignUrl: string | null;
  productType: string;
  selectedColors: string;
  printifyMockups?: string;
}): CampaignColorImage[] {
  const partner = parsePartnerMockups(campaign.printifyMockups ?? "");
  const result: CampaignColorImage[] = [];
  for (const color of madeProductColors(campaign.productType, campaign.selectedColors)) {
    const name = PRODUCT_COLORS.find((c) => c.key === color)?.name ?? color;
    const own = partner[color];
    // A partner photo kept as our upload comes resized (AVIF/WebP) like the renders; an https one as it is.
    const image = own
      ? responsiveImage(own, [400, 800])
      : campaignImage({ finalDesignUrl: campaign.finalDesignUrl, productType: campaign.productType, selectedColors: color });
    if (image) result.push({ color, name, image });
  }
  return result;
}

/** The stored partner mockups; anything malformed counts as none (the local renderer is used). */
export function parsePartnerMockups(json: string): Partial<Record<ProductColorKey, string>> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return {};
    const out: Partial<Record<ProductColorKey, string>> = {};
    for (const [key, url] of Object.entries(value)) {
      if (isProductColor(key) && typeof url === "string" && /^(https:\/\/|\/)/.test(url)) out[key] = url;
    }
    return out;
  } catch {
    return {};
  }
}
