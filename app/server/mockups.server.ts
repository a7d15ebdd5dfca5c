/**
 * Mockups (decision 008): a design composited onto a t-shirt, hoodie or mug drawn here as SVG, in
 * the garment colour. On white the design is multiplied into the fabric, so white ink disappears
 * and the folds show through light areas, as in a real print on white; on black and heather it
 * lies on top. Each image is rendered once, on its first request, and then served from a file
 * cache under DATA_DIR/mockups.
 */
import path from "node:path";
import sharp, { type Blend } from "sharp";
import type { ProductType, ProductColorKey } from "../domain/campaign-schemas";
import { type ResponsiveFormat, preferredImageFormat } from "../domain/images";
import { type MockupWidth, parseMockupPath } from "../domain/mockups";
import { getConfig } from "./config.server";
import { fileInfo, serveCachedImage } from "./file-cache.server";
import { MAX_INPUT_PIXELS, uploadsDirectory } from "./uploads.server";

export { MOCKUP_PATH_PATTERN, MOCKUP_WIDTHS, type MockupWidth, mockupUrl, parseMockupPath } from "../domain/mockups";

/** Part of the cache path: bump it when the templates change so old renders are not served. */
const TEMPLATE_VERSION = "v1";

export type MockupFormat = ResponsiveFormat;

const GARMENT_HEX: Record<ProductColorKey, string> = { white: "#FFFFFF", black: "#000000", heather_gray: "#A0A0A0" };

/** Light garments take the design by multiplication, dark ones as ink laid over the fabric. */
export function mockupBlend(color: ProductColorKey): Blend {
  return color === "white" ? "multiply" : "over";
}

// ---------------------------------------------------------------------------------------------
// Templates, drawn on a 1000×1000 grid and scaled to the output width.

interface Template {
  /** The silhouette, used for the fill, the shadow and the clip of the lighting. */
  outline: string;
  /** Drawn over the fill, under the design: seams, folds, inner parts. */
  details: (tone: Tone) => string;
  /** Drawn over the design: lighting that wraps the print into the product, and what hangs in front of it. */
  lighting: (tone: Tone) => string;
  /** Where the design goes: the largest square-ish box it is fitted into. */
  printArea: { x: number; y: number; width: number; height: number };
  /** Fabric (the heather texture applies) or ceramic. */
  fabric: boolean;
}

interface Tone {
  /** Seam and fold lines: darker on light colours, lighter on dark ones. */
  line: string;
  lineOpacity: number;
  /** Inside the neck or the mug. */
  inner: string;
  /** Hoodie drawstrings, which hang over the print. */
  cord: string;
  shadowOpacity: number;
  highlightOpacity: number;
}

const TONES: Record<ProductColorKey, Tone> = {
  white: { line: "#000000", lineOpacity: 0.16, inner: "#D9DCE1", cord: "#C9CDD3", shadowOpacity: 0.16, highlightOpacity: 0.1 },
  black: { line: "#FFFFFF", lineOpacity: 0.14, inner: "#1A1A1A", cord: "#3A3A3C", shadowOpacity: 0.5, highlightOpacity: 0.12 },
  heather_gray: { line: "#000000", lineOpacity: 0.2, inner: "#7C7C7C", cord: "#6E6E6E", shadowOpacity: 0.24, highlightOpacity: 0.16 },
};

const TSHIRT_OUTLINE =
  "M 405 120 Q 500 196 595 120 L 690 142 Q 730 152 760 180 L 888 300 Q 896 310 888 320 L 812 410 Q 804 418 794 412 L 728 362 " +
  "L 738 892 Q 739 910 720 912 Q 500 926 280 912 Q 261 910 262 892 L 272 362 L 206 412 Q 196 418 188 410 L 112 320 Q 104 310 112 300 " +
  "L 240 180 Q 270 152 310 142 Z";

const HOODIE_OUTLINE =
  "M 372 170 C 352 60 648 60 628 170 L 700 188 Q 752 200 780 250 L 880 560 Q 900 640 906 760 L 910 800 Q 910 812 898 814 " +
  "L 838 820 Q 826 820 824 808 L 790 600 L 752 420 L 756 870 Q 756 900 730 902 Q 500 916 270 902 Q 244 900 244 870 L 248 420 " +
  "L 210 600 L 176 808 Q 174 820 162 820 L 102 814 Q 90 812 90 800 L 94 760 Q 100 640 120 560 L 220 250 Q 248 200 300 188 Z";

/** Body with its rim, and the handle with its hole (drawn even-odd, so the backdrop shows through). */
const MUG_OUTLINE =
  "M 230 230 A 230 36 0 0 1 690 230 L 690 350 Q 840 340 846 500 Q 840 640 690 640 L 690 770 Q 690 820 630 826 " +
  "Q 460 842 290 826 Q 230 820 230 770 Z M 690 412 Q 780 404 782 500 Q 780 584 690 578 Z";

const TEMPLATES: Record<ProductType, Template> = {
  "t-shirt": {
    outline: TSHIRT_OUTLINE,
    fabric: true,
    printArea: { x: 365, y: 232, width: 270, height: 330 },
    details: (tone) => `
      <path d="M 405 120 Q 500 150 595 120 Q 500 196 405 120 Z" fill="${tone.inner}"/>
      <path d="M 405 120 Q 500 196 595 120" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.6}" stroke-width="16"/>
      <path d="M 405 120 Q 500 196 595 120" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity}" stroke-width="3" stroke-dasharray="7 6" transform="translate(0 14)"/>
      <path d="M 206 412 L 112 320 M 794 412 L 888 320" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 0.8}" stroke-width="3" stroke-dasharray="7 6" transform="translate(0 -22)"/>
      <path d="M 272 362 L 262 892 M 728 362 L 738 892" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 0.6}" stroke-width="4"/>
      <path d="M 280 880 Q 500 894 720 880" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity}" stroke-width="3" stroke-dasharray="7 6"/>
      ${folds(tone, [
        "M 372 236 Q 430 320 446 470",
        "M 628 236 Q 584 310 566 420",
        "M 300 380 Q 340 520 320 700",
        "M 700 380 Q 660 540 690 720",
        "M 420 640 Q 500 700 600 760",
        "M 360 800 Q 420 840 470 900",
        "M 640 400 Q 560 470 530 600",
      ])}`,
    lighting: (tone) => `
      <radialGradient id="light" cx="0.38" cy="0.3" r="0.75">
        <stop offset="0" stop-color="#FFFFFF" stop-opacity="${tone.highlightOpacity}"/>
        <stop offset="0.55" stop-color="#FFFFFF" stop-opacity="0"/>
        <stop offset="1" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 0.7}"/>
      </radialGradient>
      <path d="${TSHIRT_OUTLINE}" fill="url(#light)"/>`,
  },
  hoodie: {
    outline: HOODIE_OUTLINE,
    fabric: true,
    printArea: { x: 380, y: 300, width: 240, height: 280 },
    details: (tone) => `
      <path d="M 400 178 C 396 92 604 92 600 178 Q 500 238 400 178 Z" fill="${tone.inner}"/>
      <path d="M 372 170 Q 500 262 628 170" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.4}" stroke-width="6"/>
      <path d="M 330 640 L 670 640 L 720 830 L 280 830 Z" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.3}" stroke-width="4"/>
      <path d="M 330 640 Q 300 720 282 826 M 670 640 Q 700 720 718 826" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.8}" stroke-width="6"/>
      <path d="M 247 852 Q 500 868 753 852" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.4}" stroke-width="4"/>
      ${ribs(250, 756, 856, 900, tone)}
      <path d="M 92 772 L 906 772" stroke="none"/>
      <path d="M 96 770 Q 132 780 172 776 M 904 770 Q 868 780 828 776" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.4}" stroke-width="4"/>
      ${folds(tone, [
        "M 392 300 Q 440 380 446 520",
        "M 608 300 Q 572 370 560 480",
        "M 300 440 Q 330 560 300 760",
        "M 700 440 Q 670 580 700 760",
        "M 160 500 Q 190 620 170 760",
        "M 840 500 Q 810 620 830 760",
      ])}`,
    lighting: (tone) => `
      <radialGradient id="light" cx="0.4" cy="0.32" r="0.78">
        <stop offset="0" stop-color="#FFFFFF" stop-opacity="${tone.highlightOpacity}"/>
        <stop offset="0.55" stop-color="#FFFFFF" stop-opacity="0"/>
        <stop offset="1" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 0.7}"/>
      </radialGradient>
      <path d="${HOODIE_OUTLINE}" fill="url(#light)"/>
      <path d="M 462 222 L 452 400 M 538 222 L 548 400" stroke="${tone.cord}" stroke-width="9" stroke-linecap="round"/>
      <rect x="444" y="398" width="16" height="30" rx="5" fill="${tone.cord}"/>
      <rect x="540" y="398" width="16" height="30" rx="5" fill="${tone.cord}"/>`,
  },
  mug: {
    outline: MUG_OUTLINE,
    fabric: false,
    printArea: { x: 310, y: 330, width: 300, height: 380 },
    details: (tone) => `
      <ellipse cx="460" cy="230" rx="230" ry="36" fill="${tone.inner}"/>
      <ellipse cx="460" cy="236" rx="212" ry="27" fill="#000000" fill-opacity="0.18"/>
      <ellipse cx="460" cy="230" rx="230" ry="36" fill="none" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 1.2}" stroke-width="4"/>`,
    lighting: (tone) => `
      <linearGradient id="light" x1="230" y1="0" x2="846" y2="0" gradientUnits="userSpaceOnUse">
        <stop offset="0" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 1.2}"/>
        <stop offset="0.1" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 0.3}"/>
        <stop offset="0.2" stop-color="#FFFFFF" stop-opacity="${tone.highlightOpacity * 2.5}"/>
        <stop offset="0.28" stop-color="#FFFFFF" stop-opacity="0"/>
        <stop offset="0.58" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 0.25}"/>
        <stop offset="0.75" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 1.1}"/>
        <stop offset="1" stop-color="#000000" stop-opacity="${tone.shadowOpacity * 0.6}"/>
      </linearGradient>
      <path d="M 230 266 L 230 770 Q 230 820 290 826 Q 460 842 630 826 Q 690 820 690 770 L 690 266 Q 460 300 230 266 Z" fill="url(#light)"/>
      <path d="M 690 350 Q 840 340 846 500 Q 840 640 690 640 L 690 578 Q 780 584 782 500 Q 780 404 690 412 Z" fill="url(#light)"/>`,
  },
};

/** Soft shadows of folds in the cloth. */
function folds(tone: Tone, paths: string[]): string {
  const strokes = paths
    .map(
      (d) =>
        `<path d="${d}" fill="none" stroke="#000000" stroke-opacity="${tone.shadowOpacity * 0.55}" stroke-width="26" stroke-linecap="round"/>`,
    )
    .join("");
  return `<g filter="url(#soft)">${strokes}</g>`;
}

/** Vertical ribbing of a waistband. */
function ribs(x1: number, x2: number, y1: number, y2: number, tone: Tone): string {
  const lines: string[] = [];
  for (let x = x1 + 8; x < x2; x += 12) lines.push(`M ${x} ${y1} L ${x} ${y2}`);
  return `<path d="${lines.join(" ")}" stroke="${tone.line}" stroke-opacity="${tone.lineOpacity * 0.7}" stroke-width="2"/>`;
}

function svg(width: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 1000 1000">${body}</svg>`;
}

/** Backdrop, shadow, product in its colour (with the heather texture), details. */
function baseSvg(product: ProductType, color: ProductColorKey, width: number): string {
  const template = TEMPLATES[product];
  const tone = TONES[color];
  // Heather: fine streaks of lighter and darker fibres, from seeded noise so every render matches.
  const heather =
    color === "heather_gray" && template.fabric
      ? `<filter id="heather" x="0" y="0" width="1" height="1">
           <feTurbulence type="fractalNoise" baseFrequency="0.9 0.22" numOctaves="1" seed="7"/>
           <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -2.2 1.35"/>
         </filter>
         <filter id="heather-light" x="0" y="0" width="1" height="1">
           <feTurbulence type="fractalNoise" baseFrequency="0.7 0.3" numOctaves="1" seed="11"/>
           <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 -2.4 1.3"/>
         </filter>
         <g clip-path="url(#product)">
           <rect width="1000" height="1000" filter="url(#heather)" opacity="0.16"/>
           <rect width="1000" height="1000" filter="url(#heather-light)" opacity="0.14"/>
         </g>`
      : "";
  return svg(
    width,
    `<defs>
       <radialGradient id="backdrop" cx="0.5" cy="0.42" r="0.75">
         <stop offset="0" stop-color="#F7F8FA"/><stop offset="1" stop-color="#E4E7EC"/>
       </radialGradient>
       <filter id="blur" x="-0.2" y="-0.2" width="1.4" height="1.4"><feGaussianBlur stdDeviation="14"/></filter>
       <filter id="soft" x="-0.2" y="-0.2" width="1.4" height="1.4"><feGaussianBlur stdDeviation="12"/></filter>
       <clipPath id="product"><path d="${template.outline}" clip-rule="evenodd"/></clipPath>
     </defs>
     <rect width="1000" height="1000" fill="url(#backdrop)"/>
     <path d="${template.outline}" fill-rule="evenodd" fill="#1F2430" fill-opacity="0.22" filter="url(#blur)" transform="translate(6 16)"/>
     <path d="${template.outline}" fill-rule="evenodd" fill="${GARMENT_HEX[color]}"/>
     ${heather}
     <g clip-path="url(#product)">${template.details(tone)}</g>
     <path d="${template.outline}" fill="none" stroke="#000000" stroke-opacity="${color === "black" ? 0 : 0.12}" stroke-width="2"/>`,
  );
}

function lightingSvg(product: ProductType, color: ProductColorKey, width: number): string {
  const template = TEMPLATES[product];
  return svg(
    width,
    `<defs><clipPath id="product"><path d="${template.outline}" clip-rule="evenodd"/></clipPath></defs><g clip-path="url(#product)">${template.lighting(TONES[color])}</g>`,
  );
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

/** One mockup image, encoded. Throws when the design does not decode. */
export async function renderMockup({ design, product, color, width, format }: RenderMockupOptions): Promise<Buffer> {
  const template = TEMPLATES[product];
  const scale = width / 1000;
  const area = {
    left: Math.round(template.printArea.x * scale),
    top: Math.round(template.printArea.y * scale),
    width: Math.round(template.printArea.width * scale),
    height: Math.round(template.printArea.height * scale),
  };
  const [base, art] = await Promise.all([
    sharp(Buffer.from(baseSvg(product, color, width)))
      .png({ compressionLevel: 1 })
      .toBuffer(),
    sharp(design, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
      .autoOrient()
      .ensureAlpha()
      .resize(area.width, area.height, { fit: "inside" })
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true }),
  ]);
  // Centred across the chest, hung from the top of the print area as printers place it.
  const left = area.left + Math.round((area.width - art.info.width) / 2);
  const top = product === "mug" ? area.top + Math.round((area.height - art.info.height) / 2) : area.top;
  const image = sharp(base).composite([
    { input: art.data, left, top, blend: mockupBlend(color) },
    { input: Buffer.from(lightingSvg(product, color, width)), blend: "over" },
  ]);
  // Mockups are opaque pictures, so alpha would only cost bytes.
  return format === "avif"
    ? image.removeAlpha().avif({ quality: 55, effort: 3 }).toBuffer()
    : image.removeAlpha().webp({ quality: 82, effort: 4 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Serving

export function mockupsDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, "mockups", TEMPLATE_VERSION);
}

/** The response for GET /mockups/<splat>: the cached or freshly rendered image, or 404. */
export async function serveMockup(splat: string, request: Request): Promise<Response> {
  const parsed = parseMockupPath(splat);
  if (!parsed) return notFound();
  const source = await designSource(parsed.design);
  if (!source) return notFound();

  const format = preferredImageFormat(request.headers.get("Accept"));
  const file = path.join(mockupsDirectory(), parsed.product, parsed.color, String(parsed.width), `${parsed.design}.${format}`);
  const response = await serveCachedImage(file, format, request, () =>
    renderMockup({ design: source, product: parsed.product, color: parsed.color, width: parsed.width, format }),
  );
  return response ?? notFound();
}

/**
 * The file to render from. A generated design's 800 px preview holds all the detail a mockup
 * can show and decodes far faster than its 3000 px print file, so it is used when present.
 */
async function designSource(relative: string): Promise<string | null> {
  const root = uploadsDirectory();
  const file = path.join(root, relative);
  if (!(await fileInfo(file))) return null;
  const print = /^ai_design\/([A-Za-z0-9_-]+)\.png$/.exec(relative);
  if (print) {
    const preview = path.join(root, "ai_design", `${print[1]}-preview.webp`);
    if (await fileInfo(preview)) return preview;
  }
  return file;
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
