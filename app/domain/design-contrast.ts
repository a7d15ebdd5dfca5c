import { PRODUCT_COLORS, type ProductColorKey } from "./campaign-schemas";

/**
 * Whether a design will be hard to see on a product colour (decisions 044 and 101). A print is hard
 * to see when nearly all of its visible ink is close to the cloth in lightness AND in colour: black
 * line art on a black tee, a dark-teal wordmark on a black tee, a pale pastel logo on white (orange
 * on grey has little lightness contrast but reads well by its hue, so it is not flagged).
 *
 * Lightness contrast is APCA's Lc rather than WCAG 2's ratio: the ratio overstates contrast between
 * two dark colours (dark teal on black is 2.5:1, as much as white on heather grey, yet much harder
 * to see), which APCA was made to correct. A visible pixel is low-contrast when |Lc| against the
 * cloth (as the mockups show it) is under LOW_CONTRAST_LC (APCA's floor for any text or non-text
 * mark) and its colour, lightness aside, is near the cloth's: CIELAB a*b* distance under
 * NEAR_HUE_DISTANCE (orange on grey is 74 apart, dark teal on black 25). A design whose visible
 * pixels are at least HARD_TO_SEE_SHARE low-contrast is flagged. A design with a light box around a dark motif is
 * not flagged on white: the motif is more than the remaining share.
 */

/** The cloth as the mockups render it (app/server/media/mockups.server.ts SURFACE_RGB). */
export const CLOTH_RGB: Record<ProductColorKey, readonly [number, number, number]> = {
  white: [246, 246, 244],
  black: [27, 27, 29],
  heather_gray: [168, 169, 172],
};

export const LOW_CONTRAST_LC = 30;
export const NEAR_HUE_DISTANCE = 40;
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

/**
 * APCA's lightness contrast Lc (APCA-W3 0.0.98G constants) of a colour on a background, about −108
 * to 106: positive for dark on light, negative for light on dark, 0 when too close to tell.
 */
export function apcaContrast(text: readonly [number, number, number], background: readonly [number, number, number]): number {
  const luminance = ([r, g, b]: readonly [number, number, number]) => {
    const y = 0.2126729 * (r / 255) ** 2.4 + 0.7151522 * (g / 255) ** 2.4 + 0.072175 * (b / 255) ** 2.4;
    // The soft clamp near black, where screens (and cloth) show no more detail.
    return y < 0.022 ? y + (0.022 - y) ** 1.414 : y;
  };
  const yText = luminance(text);
  const yBackground = luminance(background);
  if (Math.abs(yBackground - yText) < 0.0005) return 0;
  if (yBackground > yText) {
    const sapc = (yBackground ** 0.56 - yText ** 0.57) * 1.14;
    return sapc < 0.1 ? 0 : (sapc - 0.027) * 100;
  }
  const sapc = (yBackground ** 0.65 - yText ** 0.62) * 1.14;
  return sapc > -0.1 ? 0 : (sapc + 0.027) * 100;
}

/** CIELAB (D65) of an sRGB colour. */
function lab(r: number, g: number, b: number): [number, number, number] {
  const [lr, lg, lb] = [channel(r), channel(g), channel(b)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
  const x = f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const y = f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const z = f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The colours a design (RGBA pixels, any size) is hard to see on, in PRODUCT_COLORS order. */
export function hardToSeeColors(rgba: Uint8Array | Buffer): ProductColorKey[] {
  const cloth = PRODUCT_COLORS.map((color) => ({ key: color.key, rgb: CLOTH_RGB[color.key], lab: lab(...CLOTH_RGB[color.key]) }));
  const low = cloth.map(() => 0);
  let visible = 0;
  for (let p = 0; p + 3 < rgba.length; p += 4) {
    const alpha = rgba[p + 3] ?? 0;
    if (alpha < 128) continue;
    visible += 1;
    const rgb = [rgba[p] ?? 0, rgba[p + 1] ?? 0, rgba[p + 2] ?? 0] as const;
    const [, a, b] = lab(...rgb);
    cloth.forEach((c, index) => {
      const near = Math.hypot(a - c.lab[1], b - c.lab[2]) < NEAR_HUE_DISTANCE;
      if (near && Math.abs(apcaContrast(rgb, c.rgb)) < LOW_CONTRAST_LC) low[index] = (low[index] ?? 0) + 1;
    });
  }
  if (visible === 0) return [];
  return cloth.filter((_, index) => (low[index] ?? 0) / visible >= HARD_TO_SEE_SHARE).map((c) => c.key);
}

/** The wizard's words for one colour. */
export function hardToSeeMessage(colorName: string): string {
  return `Your design may be hard to see on ${colorName}: it has little contrast with that colour.`;
}
