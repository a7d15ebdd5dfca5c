/**
 * Mockups (decisions 008 and 044): a design printed on a t-shirt, hoodie or mug, rendered as a
 * product photograph would show it. The silhouettes, seams and backdrop are SVG (librsvg through
 * sharp); everything a photograph owes to light and cloth is done on raw pixels here:
 *
 * - a height map of the folds (blurred SVG strokes) gives each pixel a surface normal: the fabric
 *   is lit from the upper left with a soft falloff, so folds show as light and shade in every
 *   colour, black included;
 * - the print is displaced by the same height map's slope before it is laid down, so its lines
 *   bend over the folds, and it is then lit with the fabric, so it sits IN the cloth;
 * - a fine knit texture (and the heather's fibre flecks) runs through cloth and print alike;
 * - ink on black and heather is paint in the knit (decision 108): a little duller than on paper,
 *   with the yarn's grain in it, so it does not glow; on white the design multiplies into the cloth;
 * - the hoodie's pouch is a sewn-on panel (seam, double-needle stitching, rolled openings that cast a
 *   shadow) and its drawcords are round braided cords from metal eyelets, with aglets and a shadow;
 * - the mug is a glazed cylinder: the design is wrapped by arc length around it (narrowing towards
 *   the sides, rows curving with the rim's perspective), shaded round and crossed by a glossy
 *   highlight; its handle is a round loop, lit and glazed as a tube.
 *
 * Print areas are the real ones, measured in inches on each product (see PRINT_AREAS). Each image is
 * rendered once, on its first request, and then served from a file cache in the file store
 * ("mockups/<template version>/...": DATA_DIR/mockups, or the bucket, decision 058); the
 * per-product maps, and each product's SVG layers per colour, are kept in memory after their first use.
 */
import path from "node:path";
import sharp, { type Blend } from "sharp";
import type { ProductType, ProductColorKey } from "../../domain/campaign-schemas";
import { CLOTH_RGB } from "../../domain/design-contrast";
import { type ResponsiveFormat, imageExtension, preferredImageFormat } from "../../domain/images";
import { type MockupRequest, type MockupWidth, parseMockupPath } from "../../domain/mockups";
import { getConfig } from "../core/config.server";
import { serveCachedImage } from "../storage/file-cache.server";
import { fileStore } from "../storage/file-store.server";
import { MAX_INPUT_PIXELS, uploadKey } from "./uploads.server";

export { MOCKUP_PATH_PATTERN, MOCKUP_WIDTHS, type MockupWidth, mockupUrl, parseMockupPath } from "../../domain/mockups";

/** Part of the cache path: bump it when the templates change so old renders are not served. */
export const TEMPLATE_VERSION = "v3";

/** AVIF or WebP by Accept; JPEG for emails (decision 081: Outlook shows no WebP). */
export type MockupFormat = ResponsiveFormat | "jpeg";

/** Light garments take the design by multiplication (white ink vanishes into white cloth), dark ones as ink laid over the fabric. */
export function mockupBlend(color: ProductColorKey): Blend {
  return color === "white" ? "multiply" : "over";
}

/** The cloth or glaze colour before lighting: black is a soft black, as dyed cotton is, so folds can show. */
const SURFACE_RGB = CLOTH_RGB;

// ---------------------------------------------------------------------------------------------
// Templates, drawn on a 1000×1000 grid and scaled to the output width.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Template {
  /** The silhouette: the fill, the shadow and the mask of the lighting. */
  outline: string;
  /** Drawn over the fill: seams, collar, ribbing, pocket. */
  details: (tone: Tone) => string;
  /** Drawn over the print after lighting: what hangs in front of it (drawcords). */
  front?: (tone: Tone) => string;
  /** Ridges (white) and valleys (black) on mid-grey, blurred: the folds. */
  heights: string;
  /** Where the design goes (template units): the box it is fitted into, hung from its top. */
  printArea: Box;
  fabric: boolean;
}

interface Tone {
  line: string;
  lineOpacity: number;
  inner: string;
  cord: string;
  /** Opacity of black for a shadow cast on this cloth, and of white for a lit edge. */
  shadow: number;
  highlight: number;
}

const TONES: Record<ProductColorKey, Tone> = {
  white: { line: "#000000", lineOpacity: 0.12, inner: "#D5D8DD", cord: "#E4E6EA", shadow: 0.22, highlight: 0.7 },
  black: { line: "#FFFFFF", lineOpacity: 0.07, inner: "#101012", cord: "#36363A", shadow: 0.6, highlight: 0.16 },
  heather_gray: { line: "#000000", lineOpacity: 0.14, inner: "#808084", cord: "#B4B4B8", shadow: 0.3, highlight: 0.35 },
};

const TSHIRT_OUTLINE =
  "M 405 120 Q 500 196 595 120 L 690 142 Q 730 152 760 180 L 888 300 Q 896 310 888 320 L 812 410 Q 804 418 794 412 L 728 362 " +
  "L 738 892 Q 739 910 720 912 Q 500 926 280 912 Q 261 910 262 892 L 272 362 L 206 412 Q 196 418 188 410 L 112 320 Q 104 310 112 300 " +
  "L 240 180 Q 270 152 310 142 Z";

const HOODIE_OUTLINE =
  "M 372 170 C 352 60 648 60 628 170 L 700 188 Q 752 200 780 250 L 880 560 Q 900 640 906 760 L 910 800 Q 910 812 898 814 " +
  "L 838 820 Q 826 820 824 808 L 790 600 L 752 420 L 756 870 Q 756 900 730 902 Q 500 916 270 902 Q 244 900 244 870 L 248 420 " +
  "L 210 600 L 176 808 Q 174 820 162 820 L 102 814 Q 90 812 90 800 L 94 760 Q 100 640 120 560 L 220 250 Q 248 200 300 188 Z";

/** The hoodie's pouch pocket (see pouchPocket) and its two curved openings. */
const POCKET = "M 336 650 L 664 650 C 690 720 706 790 714 858 Q 500 874 286 858 C 294 790 310 720 336 650 Z";
const POCKET_OPENINGS = "M 336 650 C 310 720 294 790 286 858 M 664 650 C 690 720 706 790 714 858";

/** Body with its rim, and the handle with its hole (drawn even-odd, so the backdrop shows through). */
const MUG_OUTLINE =
  "M 230 230 A 230 36 0 0 1 690 230 L 690 350 Q 840 340 846 500 Q 840 640 690 640 L 690 770 Q 690 820 630 826 " +
  "Q 460 842 290 826 Q 230 820 230 770 Z M 690 412 Q 780 404 782 500 Q 780 584 690 578 Z";

/** The mug's body as a cylinder (template units): its axis, radius, and the rows a wrap print covers. */
const MUG = { cx: 460, radius: 230, top: 266, bottom: 826, rim: 22 };
/** How far round the mug (radians, centred on the front) a design may run: ±49°, seen as ±0.75 of the width. */
const MUG_WRAP_ARC = 1.7;

/**
 * Print areas in inches, turned into template units by each product's scale:
 * - t-shirt: the tee is ~20 in across the chest (272…728 = 456 units, 22.8 units/in); a full
 *   front print is 12×16 in, its top ~3 in below the collar (the neckline's lowest point, y 158);
 * - hoodie: ~22 in across (248…752 = 504 units, 22.9 units/in); 10×10 in, below the drawcords
 *   (which end at y 392) and above the pouch pocket (top at y 650);
 * - mug, 11 oz: 3.2 in across (460 units, 144 units/in), the wrap print 3.5 in tall, centred on
 *   the face we see; its width is measured around the cylinder (see wrapMug).
 */
const PRINT_AREAS: Record<ProductType, Box> = {
  "t-shirt": { x: 363, y: 226, width: 274, height: 365 },
  hoodie: { x: 386, y: 408, width: 229, height: 229 },
  mug: { x: 230, y: 294, width: 460, height: 504 },
};

const TEMPLATES: Record<ProductType, Template> = {
  "t-shirt": {
    outline: TSHIRT_OUTLINE,
    fabric: true,
    printArea: PRINT_AREAS["t-shirt"],
    details: (tone) => `
      <path d="M 405 120 Q 500 150 595 120 Q 500 196 405 120 Z" fill="${tone.inner}"/>
      <path d="M 405 120 Q 500 196 595 120" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.6}" stroke-width="16"/>
      <path d="M 405 120 Q 500 196 595 120" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity}" stroke-width="2.5" stroke-dasharray="6 5" transform="translate(0 14)"/>
      <path d="M 206 412 L 112 320 M 794 412 L 888 320" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 0.8}" stroke-width="2.5" stroke-dasharray="6 5" transform="translate(0 -22)"/>
      <path d="M 272 362 L 240 180 M 728 362 L 760 180" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 0.7}" stroke-width="3"/>
      <path d="M 280 884 Q 500 898 720 884" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity}" stroke-width="2.5" stroke-dasharray="6 5"/>`,
    heights: `
      ${fold("M 372 236 Q 430 330 446 480", 26)}
      ${fold("M 628 236 Q 584 320 566 430", 22)}
      ${fold("M 300 390 Q 340 540 318 720", 30)}
      ${fold("M 700 390 Q 664 560 690 740", 30)}
      ${fold("M 400 650 Q 500 700 610 770", 24)}
      ${fold("M 350 800 Q 420 846 470 905", 22)}
      ${fold("M 640 420 Q 570 480 540 610", 18)}
      ${fold("M 150 330 Q 190 360 220 392", 14)}
      ${fold("M 850 330 Q 810 360 780 392", 14)}
      <ellipse cx="500" cy="420" rx="190" ry="150" fill="#FFFFFF" fill-opacity="0.35"/>`,
  },
  hoodie: {
    outline: HOODIE_OUTLINE,
    fabric: true,
    printArea: PRINT_AREAS.hoodie,
    details: (tone) => `
      <path d="M 400 178 C 396 92 604 92 600 178 Q 500 238 400 178 Z" fill="${tone.inner}"/>
      <path d="M 372 170 Q 500 262 628 170" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.4}" stroke-width="6"/>
      ${pouchPocket(tone)}
      <path d="M 247 856 Q 500 872 753 856" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.4}" stroke-width="4"/>
      ${ribs(250, 756, 860, 902, tone)}
      <path d="M 96 770 Q 132 780 172 776 M 904 770 Q 868 780 828 776" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.4}" stroke-width="4"/>`,
    front: drawcords,
    heights: `
      ${fold("M 392 300 Q 440 400 446 540", 24)}
      ${fold("M 608 300 Q 572 390 560 500", 22)}
      ${fold("M 300 440 Q 330 580 300 780", 30)}
      ${fold("M 700 440 Q 670 600 700 780", 30)}
      ${fold("M 160 500 Q 190 620 170 760", 26)}
      ${fold("M 840 500 Q 810 620 830 760", 26)}
      ${fold("M 420 600 Q 500 630 590 600", 16)}
      <ellipse cx="500" cy="470" rx="200" ry="170" fill="#FFFFFF" fill-opacity="0.35"/>
      <path d="${POCKET}" fill="#FFFFFF" fill-opacity="0.3" transform="translate(0 4)"/>
      <path d="${POCKET_OPENINGS}" fill="none" stroke="#000000" stroke-opacity="0.5" stroke-width="14" transform="translate(0 -4)"/>`,
  },
  mug: {
    outline: MUG_OUTLINE,
    fabric: false,
    printArea: PRINT_AREAS.mug,
    details: (tone) => `
      <ellipse cx="460" cy="230" rx="230" ry="36" fill="${tone.inner}"/>
      <ellipse cx="460" cy="238" rx="214" ry="27" fill="#000000" fill-opacity="0.22"/>
      <ellipse cx="460" cy="230" rx="230" ry="36" fill="none" stroke="#FFFFFF" stroke-opacity="0.7" stroke-width="5"/>
      <ellipse cx="460" cy="230" rx="230" ry="36" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="2"/>`,
    heights: "",
  },
};

/**
 * The hoodie's pouch: a panel of the same cloth sewn on at its top and into the waistband, open at
 * its curved sides. Its rolled opening edges catch the light and cast a thin shadow onto the body,
 * the pouch gapes dark behind them near the top corners, and double-needle stitching runs along the
 * top and the openings, as on a real kangaroo pocket.
 */
function pouchPocket(tone: Tone): string {
  const stitch = (d: string, offset: string) =>
    `<path d="${d}" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.5}" stroke-width="2.2" stroke-dasharray="6 4" transform="translate(${offset})"/>`;
  return `
      ${softStroke(POCKET_OPENINGS, 9, tone.shadow * 0.9, "-5 3")}
      ${softStroke("M 338 654 C 318 700 308 730 302 766 M 662 654 C 682 700 692 730 698 766", 7, tone.shadow * 1.3, "5 0")}
      <path d="M 336 650 L 664 650" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.6}" stroke-width="3"/>
      <path d="${POCKET_OPENINGS}" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 2.2}" stroke-width="3"/>
      <path d="${POCKET_OPENINGS}" fill="none" stroke="#FFFFFF" stroke-opacity="${tone.highlight * 0.8}" stroke-width="2.5" transform="translate(3 0)"/>
      ${stitch("M 344 657 L 656 657", "0 0")}
      ${stitch("M 344 664 L 656 664", "0 0")}
      ${stitch("M 336 660 C 312 725 297 792 290 856", "11 0")}
      ${stitch("M 664 660 C 688 725 703 792 710 856", "-11 0")}`;
}

/**
 * The hood's drawcords, drawn over the print: braided round cords leaving metal eyelets, lit from
 * the upper left (a dark flank, a highlight), hanging a little unevenly, with metal aglets, and
 * casting a soft shadow onto the cloth.
 */
function drawcords(tone: Tone): string {
  const cords = ["M 462 226 C 458 280 451 322 455 370", "M 538 226 C 543 276 550 328 546 382"];
  const aglets = [
    { x: 455, y: 368 },
    { x: 546, y: 380 },
  ];
  const both = cords.join(" ");
  return `
    ${softStroke(both, 13, tone.shadow, "7 6")}
    ${aglets.map((a) => softStroke(`M ${a.x} ${a.y + 13} L ${a.x} ${a.y + 29}`, 14, tone.shadow, "7 6")).join("")}
    ${[462, 538].map((x) => `<ellipse cx="${x}" cy="226" rx="11" ry="9" fill="#B9B9BE"/><ellipse cx="${x}" cy="226" rx="11" ry="9" fill="none" stroke="#5A5A60" stroke-width="2"/><ellipse cx="${x - 2}" cy="223" rx="6" ry="3" fill="#FFFFFF" fill-opacity="0.7"/>`).join("")}
    <path d="${both}" fill="none" stroke="${tone.cord}" stroke-width="12" stroke-linecap="round"/>
    <path d="${both}" fill="none" stroke="#000000" stroke-opacity="0.3" stroke-width="5" stroke-linecap="round" transform="translate(3.5 0)"/>
    <path d="${both}" fill="none" stroke="#FFFFFF" stroke-opacity="${Math.min(0.8, tone.highlight + 0.15)}" stroke-width="2.5" stroke-linecap="round" transform="translate(-3 0)"/>
    <path d="${both}" fill="none" stroke="#000000" stroke-opacity="0.12" stroke-width="10" stroke-dasharray="2 3"/>
    ${[462, 538].map((x) => `<ellipse cx="${x}" cy="226" rx="6" ry="4.5" fill="#000000" fill-opacity="0.55"/>`).join("")}
    ${aglets
      .map(
        (a) =>
          `<rect x="${a.x - 7}" y="${a.y}" width="14" height="30" rx="5" fill="#A8A8AE"/>` +
          `<rect x="${a.x - 7}" y="${a.y}" width="14" height="30" rx="5" fill="none" stroke="#55555B" stroke-width="1.5"/>` +
          `<rect x="${a.x + 1}" y="${a.y + 2}" width="5" height="26" rx="2.5" fill="#000000" fill-opacity="0.22"/>` +
          `<rect x="${a.x - 4}" y="${a.y + 3}" width="3" height="24" rx="1.5" fill="#FFFFFF" fill-opacity="0.75"/>`,
      )
      .join("")}`;
}

/**
 * A soft shadow along a path: strokes of falling width and opacity, stacked. It looks like a small
 * Gaussian blur and costs librsvg almost nothing (a blur filter added ~100 ms to each layer).
 */
function softStroke(d: string, width: number, opacity: number, offset: string): string {
  return [1.6, 1.2, 0.8, 0.45]
    .map(
      (factor) =>
        `<path d="${d}" fill="none" stroke="#000000" stroke-opacity="${(opacity * 0.32).toFixed(3)}" stroke-width="${(width * factor).toFixed(1)}" stroke-linecap="round" transform="translate(${offset})"/>`,
    )
    .join("");
}

/** A fold in the cloth: a valley with a ridge beside it (light falls on one flank, not the other). */
function fold(d: string, width: number): string {
  return (
    `<path d="${d}" fill="none" stroke="#000000" stroke-opacity="0.85" stroke-width="${width}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#FFFFFF" stroke-opacity="0.7" stroke-width="${width * 0.8}" stroke-linecap="round" transform="translate(${width * 0.9} ${width * 0.25})"/>`
  );
}

/** Vertical ribbing of a waistband. */
function ribs(x1: number, x2: number, y1: number, y2: number, tone: Tone): string {
  const lines: string[] = [];
  for (let x = x1 + 8; x < x2; x += 10) lines.push(`M ${x} ${y1} L ${x} ${y2}`);
  return `<path d="${lines.join(" ")}" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 0.9}" stroke-width="2"/>`;
}

function svg(width: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 1000 1000">${body}</svg>`;
}

const hex = ([r, g, b]: readonly [number, number, number]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/** Backdrop, contact shadow, product in its colour, details. */
function baseSvg(product: ProductType, color: ProductColorKey, width: number): string {
  const template = TEMPLATES[product];
  return svg(
    width,
    `<defs>
       <radialGradient id="backdrop" cx="0.5" cy="0.4" r="0.8">
         <stop offset="0" stop-color="#F4F4F2"/><stop offset="1" stop-color="#DCDDDA"/>
       </radialGradient>
       <filter id="blur" x="-0.2" y="-0.2" width="1.4" height="1.4"><feGaussianBlur stdDeviation="16"/></filter>
       <clipPath id="product"><path d="${template.outline}" clip-rule="evenodd"/></clipPath>
     </defs>
     <rect width="1000" height="1000" fill="url(#backdrop)"/>
     <path d="${template.outline}" fill-rule="evenodd" fill="#2A2620" fill-opacity="0.2" filter="url(#blur)" transform="translate(10 18)"/>
     <path d="${template.outline}" fill-rule="evenodd" fill="${hex(SURFACE_RGB[color])}"/>
     <g clip-path="url(#product)">${template.details(TONES[color])}</g>`,
  );
}

/** White where the product is (even-odd, so the mug handle's hole stays out). */
function maskSvg(product: ProductType, width: number): string {
  return svg(width, `<path d="${TEMPLATES[product].outline}" fill-rule="evenodd" fill="#FFFFFF"/>`);
}

function heightSvg(product: ProductType, width: number): string {
  return svg(
    width,
    `<defs><filter id="h" x="-0.1" y="-0.1" width="1.2" height="1.2"><feGaussianBlur stdDeviation="18"/></filter></defs>
     <rect width="1000" height="1000" fill="#808080"/><g filter="url(#h)">${TEMPLATES[product].heights}</g>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Per-product maps: mask, light and the displacement field, computed once per product and width.

interface Maps {
  width: number;
  /** 0…255 coverage of the product (anti-aliased edge). */
  mask: Uint8Array;
  /** Multiplier of the surface colour: diffuse light × falloff × texture. */
  light: Float32Array;
  /** Added light (0…1): the sheen on lit flanks of folds, the mug's glaze highlight. */
  sheen: Float32Array;
  /** Where each pixel of the print area reads the design from, in print-area pixels (NaN: no print). */
  sampleX: Float32Array;
  sampleY: Float32Array;
  /** Print area in output pixels. */
  area: { left: number; top: number; width: number; height: number };
}

const mapsCache = new Map<string, Promise<Maps>>();

function productMaps(product: ProductType, width: number): Promise<Maps> {
  const key = `${product}:${width}`;
  let maps = mapsCache.get(key);
  if (!maps) {
    maps = computeMaps(product, width);
    maps.catch(() => mapsCache.delete(key));
    mapsCache.set(key, maps);
  }
  return maps;
}

/** The product's rasterised SVG layers in one colour: what lies under the print, and what hangs in front of it. */
interface Layers {
  /** Backdrop, shadow, product and details, RGB. */
  base: Buffer;
  /** RGBA, or null when nothing hangs in front of the print. */
  front: Buffer | null;
}

const layersCache = new Map<string, Promise<Layers>>();

/** Rasterised once per product, colour and width (librsvg takes 50-150 ms for each), then kept like the maps. */
function productLayers(product: ProductType, color: ProductColorKey, width: number): Promise<Layers> {
  const key = `${product}:${color}:${width}`;
  let layers = layersCache.get(key);
  if (!layers) {
    const front = TEMPLATES[product].front;
    layers = Promise.all([
      sharp(Buffer.from(baseSvg(product, color, width)))
        .removeAlpha()
        .raw()
        .toBuffer(),
      front
        ? sharp(Buffer.from(svg(width, front(TONES[color]))))
            .raw()
            .toBuffer()
        : Promise.resolve(null),
    ]).then(([base, layer]) => ({ base, front: layer }));
    layers.catch(() => layersCache.delete(key));
    layersCache.set(key, layers);
  }
  return layers;
}

/** The print area in output pixels. */
function printAreaPixels(product: ProductType, width: number): Maps["area"] {
  const box = TEMPLATES[product].printArea;
  const scale = width / 1000;
  return {
    left: Math.round(box.x * scale),
    top: Math.round(box.y * scale),
    width: Math.round(box.width * scale),
    height: Math.round(box.height * scale),
  };
}

/** A repeatable hash noise in [-1, 1] (no Math.random: every render of a mockup is identical). */
function hashNoise(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 2246822519) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return ((h & 0xffff) / 0xffff) * 2 - 1;
}

async function computeMaps(product: ProductType, width: number): Promise<Maps> {
  const scale = width / 1000;
  const n = width * width;
  const template = TEMPLATES[product];
  const [maskRaw, heightRaw] = await Promise.all([
    sharp(Buffer.from(maskSvg(product, width)))
      .extractChannel(3)
      .raw()
      .toBuffer(),
    template.heights
      ? // The folds are blurred wide (σ 18 units): drawn at a quarter of the width and scaled up they
        // are the same field, and librsvg's blur costs a sixteenth.
        sharp(Buffer.from(heightSvg(product, Math.round(width / 4))))
          .extractChannel(0)
          .resize(width, width, { kernel: "cubic" })
          .raw()
          .toBuffer()
      : Promise.resolve(null),
  ]);
  const mask = new Uint8Array(maskRaw.buffer, maskRaw.byteOffset, n);
  const light = new Float32Array(n);
  const sheen = new Float32Array(n);
  const sampleX = new Float32Array(n).fill(Number.NaN);
  const sampleY = new Float32Array(n).fill(Number.NaN);
  const area = printAreaPixels(product, width);

  if (product === "mug") {
    computeMugMaps(width, scale, mask, light, sheen, sampleX, sampleY, area);
    return { width, mask, light, sheen, sampleX, sampleY, area };
  }

  // Cloth: normals from the height map's slope, lit from the upper left; the same slope pushes the print.
  // The SVG height map has 8-bit steps; smoothed as floats its slopes are even, so the print's
  // edges bend instead of fraying.
  const heights = new Float32Array(n);
  for (let i = 0; i < n; i += 1) heights[i] = (heightRaw?.[i] ?? 128) / 255;
  const radius = Math.max(2, Math.round(5 * scale));
  boxBlur(heights, width, radius);
  boxBlur(heights, width, radius);
  const h = (x: number, y: number) => heights[Math.min(width - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0.5;
  // A fold's slope per pixel doubles when the image is half as wide: these keep 400 and 800 px alike.
  const relief = 0.044 * width;
  const push = 400 * scale * scale * 1.5625; // 400 px of displacement per unit of slope at 800 px
  const lx = -0.45;
  const ly = -0.55;
  const lz = 0.7;
  const lightLength = Math.hypot(lx, ly, lz);
  const flat = lz / lightLength;
  const step = Math.max(1, Math.round(3 * scale));
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (mask[i] === 0) continue;
      const gx = (h(x + step, y) - h(x - step, y)) / (2 * step);
      const gy = (h(x, y + step) - h(x, y - step)) / (2 * step);
      const nx = -gx * relief;
      const ny = -gy * relief;
      // (Math.sqrt, not Math.hypot: V8's hypot is several times slower, and this runs for every pixel.)
      const len = Math.sqrt(nx * nx + ny * ny + 1);
      const diffuse = (nx * lx + ny * ly + lz) / len / lightLength;
      // Soft studio light: brighter towards the upper left of the product, falling off to the hem.
      const fx = x / width - 0.42;
      const fy = y / width - 0.3;
      const falloff = 1.05 - 0.32 * (fx * fx + fy * fy);
      // Knit: fine vertical wales (fast across, slow down), a percent or two either way.
      const knit = 1 + 0.022 * hashNoise(x, y >> 1, 3) + 0.012 * hashNoise(x >> 1, y, 5);
      const shade = diffuse / flat;
      light[i] = Math.max(0.35, (0.25 + 0.75 * shade) * falloff * knit);
      sheen[i] = Math.max(0, shade - 1.02) * 0.9 + Math.max(0, falloff - 1) * 0.3;
      // The print follows the cloth: each pixel reads the design from where the fold moved it.
      const px = x - area.left + gx * push;
      const py = y - area.top + gy * push;
      if (px >= -2 && py >= -2 && px < area.width + 2 && py < area.height + 2) {
        sampleX[i] = px;
        sampleY[i] = py;
      }
    }
  }
  return { width, mask, light, sheen, sampleX, sampleY, area };
}

/** In-place separable box blur (running sums, so its cost does not grow with the radius). */
function boxBlur(values: Float32Array, width: number, radius: number): void {
  const line = new Float32Array(width);
  const pass = (index: (a: number, b: number) => number) => {
    for (let a = 0; a < width; a += 1) {
      let sum = 0;
      for (let b = -radius; b <= radius; b += 1) sum += values[index(a, Math.min(width - 1, Math.max(0, b)))] ?? 0;
      for (let b = 0; b < width; b += 1) {
        line[b] = sum / (2 * radius + 1);
        const out = Math.max(0, b - radius);
        const into = Math.min(width - 1, b + radius + 1);
        sum += (values[index(a, into)] ?? 0) - (values[index(a, out)] ?? 0);
      }
      for (let b = 0; b < width; b += 1) values[index(a, b)] = line[b] ?? 0;
    }
  };
  pass((row, column) => row * width + column);
  pass((column, row) => row * width + column);
}

/**
 * The mug: a cylinder seen slightly from above. A pixel at horizontal offset d from the axis sees
 * the surface at angle θ = asin(d / R), i.e. arc length R·θ around the mug: the design is laid out
 * by arc length, so it narrows and wraps away at the sides. Rows curve like the rim's ellipse.
 */
function computeMugMaps(
  width: number,
  scale: number,
  mask: Uint8Array,
  light: Float32Array,
  sheen: Float32Array,
  sampleX: Float32Array,
  sampleY: Float32Array,
  area: { left: number; top: number; width: number; height: number },
): void {
  const cx = MUG.cx * scale;
  const radius = MUG.radius * scale;
  const top = MUG.top * scale;
  const bottom = MUG.bottom * scale;
  const rim = MUG.rim * scale;
  const highlight = -0.92; // the window's reflection, near the left edge (where photos put it: off the print)
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (mask[i] === 0) continue;
      const d = (x + 0.5 - cx) / radius;
      if (x > cx + radius) {
        handleShade(i, (x + 0.5) / scale, (y + 0.5) / scale, light, sheen);
        continue;
      }
      if (Math.abs(d) >= 1) {
        light[i] = 0.6;
        continue;
      }
      const theta = Math.asin(d);
      const cos = Math.cos(theta);
      const diffuse = Math.max(0, Math.cos(theta + 0.45));
      light[i] = 0.5 + 0.52 * diffuse + 0.06 * cos;
      // Glaze: a sharp window reflection, a soft wide one, a rim of reflected light on the right edge.
      sheen[i] =
        0.85 * Math.exp(-(((theta - highlight) / 0.07) ** 2)) +
        0.12 * Math.exp(-(((theta - highlight) / 0.3) ** 2)) +
        0.1 * Math.exp(-(((theta - 1.25) / 0.12) ** 2));
      if (y < top || y > bottom) continue;
      // Arc length from the front, in print-area pixels: the print area's width is the visible diameter.
      const arc = radius * theta;
      sampleX[i] = arc + area.width / 2;
      sampleY[i] = y - area.top + rim * (1 - cos);
    }
  }
}

/**
 * The mug's handle as a round ceramic loop (template units): between the hole's ellipse and the
 * outline's, a pixel's place across the loop gives the tube's surface normal, lit from the upper
 * left like the cloth, with a glaze highlight along it and a little shade where it meets the body.
 */
const HANDLE = { cx: 690, cy: 495, inner: { rx: 92, ry: 83 }, outer: { rx: 156, ry: 145 } };
const HANDLE_LIGHT = (() => {
  const length = Math.hypot(-0.45, -0.55, 0.7);
  return { x: -0.45 / length, y: -0.55 / length, z: 0.7 / length };
})();
const HANDLE_HALF = (() => {
  const z = HANDLE_LIGHT.z + 1;
  const length = Math.hypot(HANDLE_LIGHT.x, HANDLE_LIGHT.y, z);
  return { x: HANDLE_LIGHT.x / length, y: HANDLE_LIGHT.y / length, z: z / length };
})();

function handleShade(i: number, tx: number, ty: number, light: Float32Array, sheen: Float32Array): void {
  const dx = tx - HANDLE.cx;
  const dy = ty - HANDLE.cy;
  const r = Math.sqrt(dx * dx + dy * dy) || 1;
  const cos = dx / r;
  const sin = dy / r;
  const inner = 1 / Math.sqrt((cos / HANDLE.inner.rx) ** 2 + (sin / HANDLE.inner.ry) ** 2);
  const outer = 1 / Math.sqrt((cos / HANDLE.outer.rx) ** 2 + (sin / HANDLE.outer.ry) ** 2);
  const across = Math.min(1, Math.max(-1, (2 * (r - inner)) / (outer - inner) - 1));
  const nx = across * cos;
  const ny = across * sin;
  const nz = Math.sqrt(1 - across * across);
  const diffuse = Math.max(0, nx * HANDLE_LIGHT.x + ny * HANDLE_LIGHT.y + nz * HANDLE_LIGHT.z);
  const joint = 0.82 + 0.18 * Math.min(1, Math.max(0, dx / 24));
  light[i] = (0.52 + 0.5 * diffuse) * joint;
  sheen[i] = 0.75 * Math.max(0, nx * HANDLE_HALF.x + ny * HANDLE_HALF.y + nz * HANDLE_HALF.z) ** 60;
}

// ---------------------------------------------------------------------------------------------
// Rendering

export interface RenderMockupOptions {
  /** The design image (file path or bytes). */
  design: string | Buffer;
  product: ProductType;
  color: ProductColorKey;
  width: MockupWidth;
  format: MockupFormat;
}

export interface RawMockup {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** The mockup as raw RGB pixels (the encoders, the tests and the bench start here). */
export async function renderMockupPixels({
  design,
  product,
  color,
  width,
  flat = false,
}: Omit<RenderMockupOptions, "format"> & { flat?: boolean }): Promise<RawMockup> {
  const area = printAreaPixels(product, width);
  // On the mug the design is sized by its height (3.5 in) and its width around the cylinder: at
  // most MUG_WRAP_ARC radians, so it wraps a little at the sides and stays readable from the front.
  const fit =
    product === "mug"
      ? { width: Math.round(MUG.radius * (width / 1000) * MUG_WRAP_ARC), height: area.height }
      : { width: area.width, height: area.height };
  // The maps (JavaScript), the layers and the design (librsvg and libvips, on their own threads) at once.
  const [maps, { base, front }, art] = await Promise.all([
    productMaps(product, width),
    productLayers(product, color, width),
    sharp(design, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
      .autoOrient()
      .ensureAlpha()
      .resize(fit.width, fit.height, { fit: "inside" })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const artWidth = art.info.width;
  const artHeight = art.info.height;
  const pixels = art.data;
  // Centred across the print area, hung from its top as printers place it (the mug: centred both ways).
  const offsetX = product === "mug" ? (area.width - artWidth) / 2 : (area.width - artWidth) / 2;
  const offsetY = product === "mug" ? (area.height - artHeight) / 2 : 0;

  const out = Buffer.alloc(width * width * 3);
  const multiply = mockupBlend(color) === "multiply";
  const heather = color === "heather_gray" && TEMPLATES[product].fabric;
  const dark = color === "black";
  const grainScale = Math.min(1, width / 800);
  const ink = [0, 0, 0, 0];
  for (let i = 0, p = 0; i < width * width; i += 1, p += 3) {
    const r0 = base[p] ?? 0;
    const g0 = base[p + 1] ?? 0;
    const b0 = base[p + 2] ?? 0;
    const m = maps.mask[i] ?? 0;
    if (m === 0) {
      out[p] = r0;
      out[p + 1] = g0;
      out[p + 2] = b0;
      continue;
    }
    let r = r0;
    let g = g0;
    let b = b0;
    if (heather) {
      // Heather: fibres of lighter and darker yarn, short streaks across the knit.
      const x = i % width;
      const y = (i - x) / width;
      // Flecks two pixels wide: at 800 px as fine as the yarn looks, and half the bytes of per-pixel noise.
      // Streaks start at a random place in each row, so they never line up into a grid.
      const row = y >> 1;
      const offset = Math.floor((hashNoise(0, row, 13) + 1) * 4);
      const fleck = 0.08 * hashNoise((x + offset) >> 3, row, 7) + 0.035 * hashNoise(x >> 1, row, 9);
      r *= 1 + fleck;
      g *= 1 + fleck;
      b *= 1 + fleck;
    }
    const sx = maps.sampleX[i] ?? Number.NaN;
    if (!flat || !Number.isNaN(sx)) {
      const x = i % width;
      const y = (i - x) / width;
      const u = (flat ? x - area.left : sx) - offsetX;
      const v = (flat ? y - area.top : (maps.sampleY[i] ?? 0)) - offsetY;
      if (!Number.isNaN(u) && sampleBilinear(pixels, artWidth, artHeight, u, v, ink)) {
        const a = (ink[3] ?? 0) / 255;
        if (a > 0) {
          if (multiply) {
            r *= 1 - a + (a * (ink[0] ?? 0)) / 255;
            g *= 1 - a + (a * (ink[1] ?? 0)) / 255;
            b *= 1 - a + (a * (ink[2] ?? 0)) / 255;
          } else {
            // Ink on coloured cloth is paint in the knit, not light: a little less bright and
            // saturated than on paper, grainy with the yarn under it, and letting the cloth show a
            // little where the knit's high points push through (a per-pixel, repeatable grain; a
            // 400 px pixel covers four of 800 px, so its grain averages out to half as much).
            const x = i % width;
            const grain = hashNoise(x, ((i - x) / width) >> 1, 11) * grainScale;
            const cover = a * (0.92 + 0.05 * grain);
            const tone = 0.9 + 0.04 * grain;
            const ir = ink[0] ?? 0;
            const ig = ink[1] ?? 0;
            const ib = ink[2] ?? 0;
            const grey = 0.3 * ir + 0.59 * ig + 0.11 * ib;
            r = r * (1 - cover) + (grey + (ir - grey) * 0.9) * tone * cover;
            g = g * (1 - cover) + (grey + (ig - grey) * 0.9) * tone * cover;
            b = b * (1 - cover) + (grey + (ib - grey) * 0.9) * tone * cover;
          }
        }
      }
    }
    const l = maps.light[i] ?? 1;
    const s = (maps.sheen[i] ?? 0) * (dark ? 70 : TEMPLATES[product].fabric ? 26 : 255);
    r = r * l + s;
    g = g * l + s;
    b = b * l + s;
    const k = m / 255;
    out[p] = clamp(r0 + (r - r0) * k);
    out[p + 1] = clamp(g0 + (g - g0) * k);
    out[p + 2] = clamp(b0 + (b - b0) * k);
  }
  if (front) overlay(out, front, width);
  return { data: out, width, height: width, channels: 3 };
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

/** Bilinear read of an RGBA image; false outside it. */
function sampleBilinear(pixels: Buffer, w: number, h: number, u: number, v: number, into: number[]): boolean {
  if (u < -0.5 || v < -0.5 || u > w - 0.5 || v > h - 0.5) return false;
  const x = Math.min(w - 1, Math.max(0, u - 0.5));
  const y = Math.min(h - 1, Math.max(0, v - 0.5));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const a = (y0 * w + x0) * 4;
  const b = (y0 * w + x1) * 4;
  const c = (y1 * w + x0) * 4;
  const d = (y1 * w + x1) * 4;
  for (let k = 0; k < 4; k += 1) {
    const top = (pixels[a + k] ?? 0) * (1 - fx) + (pixels[b + k] ?? 0) * fx;
    const bottom = (pixels[c + k] ?? 0) * (1 - fx) + (pixels[d + k] ?? 0) * fx;
    into[k] = top * (1 - fy) + bottom * fy;
  }
  return true;
}

/** Source-over of an RGBA layer onto RGB pixels. */
function overlay(out: Buffer, layer: Buffer, width: number): void {
  for (let i = 0, p = 0, q = 0; i < width * width; i += 1, p += 3, q += 4) {
    const a = (layer[q + 3] ?? 0) / 255;
    if (a === 0) continue;
    out[p] = clamp((out[p] ?? 0) * (1 - a) + (layer[q] ?? 0) * a);
    out[p + 1] = clamp((out[p + 1] ?? 0) * (1 - a) + (layer[q + 1] ?? 0) * a);
    out[p + 2] = clamp((out[p + 2] ?? 0) * (1 - a) + (layer[q + 2] ?? 0) * a);
  }
}

/** One mockup image, encoded. Throws when the design does not decode. */
export async function renderMockup({ format, ...options }: RenderMockupOptions): Promise<Buffer> {
  const raw = await renderMockupPixels(options);
  const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  if (format === "jpeg") return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return format === "avif" ? image.avif({ quality: 55, effort: 3 }).toBuffer() : image.webp({ quality: 82, effort: 4 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Serving

/** Where mockups are on the local disk store (the default): DATA_DIR/mockups/<template version>. */
export function mockupsDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, "mockups", TEMPLATE_VERSION);
}

/** The file store's key of one rendered mockup. */
export function mockupKey(parsed: MockupRequest, format: MockupFormat): string {
  return `mockups/${TEMPLATE_VERSION}/${parsed.product}/${parsed.color}/${parsed.width}/${parsed.design}.${imageExtension(format)}`;
}

/** The response for GET /mockups/<splat>: the cached or freshly rendered image, or 404. */
export async function serveMockup(splat: string, request: Request): Promise<Response> {
  const parsed = parseMockupPath(splat);
  if (!parsed) return notFound();
  // A mockup of a design that is not (or no longer) stored is not served, even from the cache.
  if (!(await fileStore().exists(uploadKey(parsed.design)))) return notFound();

  const format = parsed.fixedFormat ?? preferredImageFormat(request.headers.get("Accept"));
  const response = await serveCachedImage(mockupKey(parsed, format), format, request, async () =>
    renderMockup({ design: await designSource(parsed.design), product: parsed.product, color: parsed.color, width: parsed.width, format }),
  );
  return response ?? notFound();
}

/**
 * The bytes to render from. A generated design's 800 px preview holds all the detail a mockup
 * can show and decodes far faster than its 3000 px print file, so it is used when present.
 */
async function designSource(relative: string): Promise<Buffer> {
  const print = /^ai_design\/([A-Za-z0-9_-]+)\.png$/.exec(relative);
  const preview = print ? await fileStore().get(uploadKey(`ai_design/${print[1]}-preview.webp`)) : null;
  if (preview) return preview;
  const design = await fileStore().get(uploadKey(relative));
  if (!design) throw new Error(`The design ${relative} disappeared`);
  return design;
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
