import { PRODUCT_COLORS, type ProductColorKey } from "./campaign-schemas";

/**
 * Whether a design will be hard to see on a product colour (decision 044). A print is hard to see
 * when nearly all of its visible ink is close to the cloth in lightness AND in colour: black line
 * art on a black tee, a pale pastel logo on white (orange on grey has little lightness contrast
 * but reads well by its hue, so it is not flagged). A visible pixel is low-contrast when its WCAG
 * contrast ratio against the cloth (as the mockups show it) is under LOW_CONTRAST_RATIO and its
 * RGB distance under NEAR_COLOR_DISTANCE; a design whose visible pixels are at least
 * HARD_TO_SEE_SHARE low-contrast is flagged. A design with a light box around a dark
 * motif is not flagged on white: the motif is more than the remaining share.
 */

/** The cloth as the mockups render it (app/server/media/mockups.server.ts SURFACE_RGB). */
export const CLOTH_RGB: Record<ProductColorKey, readonly [number, number, number]> = {
  white: [246, 246, 244],
  black: [27, 27, 29],
  heather_gray: [168, 169, 172],
};

export const LOW_CONTRAST_RATIO = 1.6;
export const NEAR_COLOR_DISTANCE = 90;
export const HARD_TO_SEE_SHARE = 0.85;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(r: number, g: number, b: number): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The colours a design (RGBA pixels, any size) is hard to see on, in PRODUCT_COLORS order. */
export function hardToSeeColors(rgba: Uint8Array | Buffer): ProductColorKey[] {
  const cloth = PRODUCT_COLORS.map((color) => ({
    key: color.key,
    rgb: CLOTH_RGB[color.key],
    luminance: relativeLuminance(...CLOTH_RGB[color.key]),
  }));
  const low = cloth.map(() => 0);
  let visible = 0;
  for (let p = 0; p + 3 < rgba.length; p += 4) {
    const alpha = rgba[p + 3] ?? 0;
    if (alpha < 128) continue;
    visible += 1;
    const r = rgba[p] ?? 0;
    const g = rgba[p + 1] ?? 0;
    const b = rgba[p + 2] ?? 0;
    const luminance = relativeLuminance(r, g, b);
    cloth.forEach((c, index) => {
      const near = Math.hypot(r - c.rgb[0], g - c.rgb[1], b - c.rgb[2]) < NEAR_COLOR_DISTANCE;
      if (near && contrastRatio(luminance, c.luminance) < LOW_CONTRAST_RATIO) low[index] = (low[index] ?? 0) + 1;
    });
  }
  if (visible === 0) return [];
  return cloth.filter((_, index) => (low[index] ?? 0) / visible >= HARD_TO_SEE_SHARE).map((c) => c.key);
}

/** The wizard's words for one colour. */
export function hardToSeeMessage(colorName: string): string {
  return `Your design may be hard to see on ${colorName}: it has little contrast with that colour.`;
}
