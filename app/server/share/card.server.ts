/**
 * The campaign's share card (Open Graph / Twitter image, 1200×630 PNG; decision 045):
 * the prize picture, title, brand, deadline and a small giveawear mark, in the campaign's accent
 * colour. Drawn with sharp from an SVG (no browser, no new dependency) and kept in the file store
 * ("cards/": DATA_DIR/cards, or the bucket, decision 058) under a name made from everything drawn
 * on it, so a card is rendered once per look, whatever the campaign's version in the URL.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { getConfig } from "../core/config.server";
import { produceFileOnce } from "../storage/file-cache.server";
import { fileStore } from "../storage/file-store.server";
import { fittedImage } from "./images.server";
import type { ShareCampaign } from "./share-data.server";
import { escapeXml, fitText, textWidthEm, wrapText } from "./svg-text.server";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bump when the drawing changes: every cached card is then drawn again. */
const CARD_TEMPLATE = "card-2";
export const SHARE_FONT = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif";

const PANEL_X = 660;
const PRIZE = { x: 690, y: 75, size: 480 };
const LOGO = { x: 64, y: 52, size: 72 };

/** The store's folder of share cards. */
const CARDS_PREFIX = "cards";

/** Where cards are on the local disk store (the default): DATA_DIR/cards. */
export function cardsDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, CARDS_PREFIX);
}

/** What the card shows, and so what names its file. */
function cardInputs(campaign: ShareCampaign) {
  return {
    template: CARD_TEMPLATE,
    title: campaign.title,
    brand: campaign.brandName,
    deadline: campaign.deadline,
    accent: campaign.accent,
    image: campaign.imagePath,
    logo: campaign.logoPath,
    mark: !campaign.hideBranding,
  };
}

/** The file store's key of the campaign's card as it looks now. */
export function cardKey(campaign: ShareCampaign): string {
  const digest = createHash("sha256")
    .update(JSON.stringify(cardInputs(campaign)))
    .digest("hex")
    .slice(0, 16);
  return `${CARDS_PREFIX}/${campaign.id}-${digest}.png`;
}

export function cardSvg(campaign: ShareCampaign, hasLogo: boolean): string {
  // Short titles large; long ones smaller before any is cut.
  const { size: titleSize, lines } = fitText(campaign.title, PANEL_X - 64 - 40, 3, [64, 56, 48, 42]);
  const lineHeight = Math.round(titleSize * 1.18);
  const brandX = hasLogo ? LOGO.x + LOGO.size + 20 : 64;
  const brand = wrapText(campaign.brandName, (PANEL_X - brandX - 48) / 32, 1)[0] ?? "";
  const titleTop = 150 + titleSize + Math.round(((3 - lines.length) * lineHeight) / 3);
  const pillWidth = Math.round(textWidthEm(campaign.deadline) * 28 + 56);
  const pillY = titleTop + (lines.length - 1) * lineHeight + 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <rect x="${PANEL_X}" width="${CARD_WIDTH - PANEL_X}" height="${CARD_HEIGHT}" fill="${campaign.accent}" fill-opacity="0.14"/>
  <circle cx="${PRIZE.x + PRIZE.size / 2}" cy="${PRIZE.y + PRIZE.size / 2}" r="${PRIZE.size / 2 - 10}" fill="${campaign.accent}" fill-opacity="0.12"/>
  <rect width="16" height="${CARD_HEIGHT}" fill="${campaign.accent}"/>
  <g font-family="${SHARE_FONT}">
    <text x="${brandX}" y="${LOGO.y + LOGO.size / 2 + 11}" font-size="32" font-weight="700" fill="#334155">${escapeXml(brand)}</text>
    ${lines.map((line, i) => `<text x="64" y="${titleTop + i * lineHeight}" font-size="${titleSize}" font-weight="700" fill="#0f172a">${escapeXml(line)}</text>`).join("\n    ")}
    <rect x="64" y="${pillY}" width="${pillWidth}" height="56" rx="28" fill="${campaign.accent}"/>
    <text x="${64 + pillWidth / 2}" y="${pillY + 38}" font-size="28" font-weight="700" fill="${campaign.onAccent}" text-anchor="middle">${escapeXml(campaign.deadline)}</text>
    ${
      campaign.hideBranding
        ? ""
        : `<rect x="64" y="${CARD_HEIGHT - 78}" width="30" height="30" rx="8" fill="#6d28d9"/>
    <path d="M72 ${CARD_HEIGHT - 63}h14M79 ${CARD_HEIGHT - 70}v14" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>
    <text x="104" y="${CARD_HEIGHT - 54}" font-size="26" font-weight="700" fill="#6d28d9">giveawear</text>`
    }
  </g>
</svg>`;
}

/** The card as PNG bytes. */
export async function renderCard(campaign: ShareCampaign): Promise<Buffer> {
  const [prize, logo] = await Promise.all([fittedImage(campaign.imagePath, PRIZE.size), fittedImage(campaign.logoPath, LOGO.size)]);
  const layers: OverlayOptions[] = [];
  if (prize) layers.push({ input: prize, left: PRIZE.x, top: PRIZE.y });
  if (logo) layers.push({ input: logo, left: LOGO.x, top: LOGO.y });
  return sharp(Buffer.from(cardSvg(campaign, logo !== null)))
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The cached card's bytes, drawn on first request. Older cards of the campaign are removed. */
export async function cardBytes(campaign: ShareCampaign): Promise<Buffer> {
  const key = cardKey(campaign);
  const stored = await fileStore().get(key);
  if (stored) return stored;
  const card = await produceFileOnce(key, "image/png", () => renderCard(campaign));
  void removeOlder(`${CARDS_PREFIX}/${campaign.id}-`, key);
  return card;
}

/** Deletes the stored files whose keys start with `prefix`, other than those starting with `keep` (best effort: a card is small). */
export async function removeOlder(prefix: string, keep: string): Promise<void> {
  try {
    const store = fileStore();
    for (const key of await store.list(prefix)) {
      if (!key.startsWith(keep)) await store.delete(key).catch(() => undefined);
    }
  } catch {
    // Nothing to tidy.
  }
}

/** How long a copy may be kept: a year for the current version, until the deadline label changes at most. */
export function shareCacheControl(campaign: ShareCampaign, requestedVersion: string | null, now = new Date()): string {
  if (!campaign.isPublic) return "private, no-store";
  if (requestedVersion !== String(campaign.version)) return "public, max-age=300";
  const next = [campaign.startDate, campaign.endDate]
    .map((date) => (date ? Math.floor((date.getTime() - now.getTime()) / 1000) : Number.POSITIVE_INFINITY))
    .filter((seconds) => seconds > 0);
  const year = 31536000;
  const seconds = Math.min(year, ...next);
  // "Ends …" becomes "Ended" at the deadline without the campaign changing: no copy outlives it.
  return seconds >= year ? `public, max-age=${year}, immutable` : `public, max-age=${seconds}`;
}
