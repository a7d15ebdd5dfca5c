/**
 * The demo campaigns' designs (decision 044): one artwork per demo brand, matching its text (the
 * roaster's mug shows a coffee cup under a mountain, the record shop's hoodie a vinyl record), drawn
 * here as SVG and written as PNG print files into the uploads, so the demo campaigns get real
 * mockups in their own product and colour like any creator's upload. Each is in one of five
 * manners (typographic, illustration, vintage, photo print, pattern; decision 108), neighbours
 * differing, so the browse page does not look like one template. Icons are Tabler Icons
 * (MIT, https://tabler.io/icons, the @tabler/icons package), path data copied below.
 */
import sharp from "sharp";
import type { ProductColorKey } from "../../domain/campaign-schemas";
import { fileStore } from "../storage/file-store.server";
import { uploadKey } from "../media/uploads.server";
import { uploadPath } from "../../paths";

// prettier-ignore
const ICONS: Record<string, string> = {
  "coffee": "<path d=\"M3 14c.83 .642 2.077 1.017 3.5 1c1.423 .017 2.67 -.358 3.5 -1c.83 -.642 2.077 -1.017 3.5 -1c1.423 -.017 2.67 .358 3.5 1\"/><path d=\"M8 3a2.4 2.4 0 0 0 -1 2a2.4 2.4 0 0 0 1 2\"/><path d=\"M12 3a2.4 2.4 0 0 0 -1 2a2.4 2.4 0 0 0 1 2\"/><path d=\"M3 10h14v5a6 6 0 0 1 -6 6h-2a6 6 0 0 1 -6 -6v-5\"/><path d=\"M16.746 16.726a3 3 0 1 0 .252 -5.555\"/>",
  "mountain": "<path d=\"M3 20h18l-6.921 -14.612a2.3 2.3 0 0 0 -4.158 0l-6.921 14.612\"/><path d=\"M7.5 11l2 2.5l2.5 -2.5l2 3l2.5 -2\"/>",
  "trees": "<path d=\"M16 5l3 3l-2 1l4 4l-3 1l4 4h-9\"/><path d=\"M15 21l0 -3\"/><path d=\"M8 13l-2 -2\"/><path d=\"M8 12l2 -2\"/><path d=\"M8 21v-13\"/><path d=\"M5.824 16a3 3 0 0 1 -2.743 -3.69a3 3 0 0 1 .304 -4.833a3 3 0 0 1 4.615 -3.707a3 3 0 0 1 4.614 3.707a3 3 0 0 1 .305 4.833a3 3 0 0 1 -2.919 3.695h-4l-.176 -.005\"/>",
  "compass": "<path d=\"M8 16l2 -6l6 -2l-2 6l-6 2\"/><path d=\"M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0\"/><path d=\"M12 3l0 2\"/><path d=\"M12 19l0 2\"/><path d=\"M3 12l2 0\"/><path d=\"M19 12l2 0\"/>",
  "prism-light": "<path d=\"M4.731 19h11.539a1 1 0 0 0 .866 -1.5l-5.769 -10a1 1 0 0 0 -1.732 0l-5.769 10a1 1 0 0 0 .865 1.5\"/><path d=\"M2 13h4.45\"/><path d=\"M18 5l-4.5 6\"/><path d=\"M22 9l-7.75 3.25\"/><path d=\"M22 15l-7 -1.5\"/>",
  "bread": "<path d=\"M18 4a3 3 0 0 1 2 5.235v8.765a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-8.764a3 3 0 0 1 1.824 -5.231h12.176v-.005\"/>",
  "wheat": "<path d=\"M12.014 21.514v-3.75\"/><path d=\"M5.93 9.504l-.43 1.604c-.712 2.659 .866 5.391 3.524 6.105c.997 .268 1.993 .535 2.99 .801v-3.44c-.164 -2.105 -1.637 -3.879 -3.676 -4.426l-2.408 -.644\"/><path d=\"M13.744 11.164c.454 -.454 .815 -.994 1.061 -1.587c.246 -.594 .372 -1.23 .372 -1.873c0 -.643 -.126 -1.279 -.372 -1.872c-.246 -.594 -.606 -1.133 -1.061 -1.588l-1.73 -1.73l-1.73 1.73c-.454 .454 -.815 .994 -1.06 1.588c-.246 .594 -.372 1.23 -.373 1.872c0 .643 .127 1.279 .373 1.873c.246 .594 .606 1.133 1.06 1.587\"/><path d=\"M18.099 9.504l.43 1.604c.712 2.659 -.866 5.391 -3.525 6.105c-.997 .268 -1.994 .535 -2.99 .801v-3.44c.164 -2.105 1.637 -3.879 3.677 -4.426l2.408 -.644\"/>",
  "vinyl": "<path d=\"M16 3.937a9 9 0 1 0 5 8.063\"/><path d=\"M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0\"/><path d=\"M19 4a1 1 0 1 0 2 0a1 1 0 1 0 -2 0\"/><path d=\"M20 4l-3.5 10l-2.5 2\"/>",
  "flower": "<path d=\"M9 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0\"/><path d=\"M12 2a3 3 0 0 1 3 3c0 .562 -.259 1.442 -.776 2.64l-.724 1.36l1.76 -1.893c.499 -.6 .922 -1 1.27 -1.205a2.968 2.968 0 0 1 4.07 1.099a3.011 3.011 0 0 1 -1.09 4.098c-.374 .217 -.99 .396 -1.846 .535l-2.664 .366l2.4 .326c1 .145 1.698 .337 2.11 .576a3.011 3.011 0 0 1 1.09 4.098a2.968 2.968 0 0 1 -4.07 1.098c-.348 -.202 -.771 -.604 -1.27 -1.205l-1.76 -1.893l.724 1.36c.516 1.199 .776 2.079 .776 2.64a3 3 0 0 1 -6 0c0 -.562 .259 -1.442 .776 -2.64l.724 -1.36l-1.76 1.893c-.499 .601 -.922 1 -1.27 1.205a2.968 2.968 0 0 1 -4.07 -1.098a3.011 3.011 0 0 1 1.09 -4.098c.374 -.218 .99 -.396 1.846 -.536l2.664 -.366l-2.4 -.325c-1 -.145 -1.698 -.337 -2.11 -.576a3.011 3.011 0 0 1 -1.09 -4.099a2.968 2.968 0 0 1 4.07 -1.099c.348 .203 .771 .604 1.27 1.205l1.76 1.894c-1 -2.292 -1.5 -3.625 -1.5 -4a3 3 0 0 1 3 -3\"/>",
  "microphone-2": "<path d=\"M15 12.9a5 5 0 1 0 -3.902 -3.9\"/><path d=\"M15 12.9l-3.902 -3.899l-7.513 8.584a2 2 0 1 0 2.827 2.83l8.588 -7.515\"/>",
  "headphones": "<path d=\"M4 15a2 2 0 0 1 2 -2h1a2 2 0 0 1 2 2v3a2 2 0 0 1 -2 2h-1a2 2 0 0 1 -2 -2l0 -3\"/><path d=\"M15 15a2 2 0 0 1 2 -2h1a2 2 0 0 1 2 2v3a2 2 0 0 1 -2 2h-1a2 2 0 0 1 -2 -2l0 -3\"/><path d=\"M4 15v-3a8 8 0 0 1 16 0v3\"/>",
  "armchair": "<path d=\"M5 11a2 2 0 0 1 2 2v2h10v-2a2 2 0 1 1 4 0v4a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-4a2 2 0 0 1 2 -2\"/><path d=\"M5 11v-5a3 3 0 0 1 3 -3h8a3 3 0 0 1 3 3v5\"/><path d=\"M6 19v2\"/><path d=\"M18 19v2\"/>",
  "books": "<path d=\"M5 5a1 1 0 0 1 1 -1h2a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-2a1 1 0 0 1 -1 -1l0 -14\"/><path d=\"M9 5a1 1 0 0 1 1 -1h2a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-2a1 1 0 0 1 -1 -1l0 -14\"/><path d=\"M5 8h4\"/><path d=\"M9 16h4\"/><path d=\"M13.803 4.56l2.184 -.53c.562 -.135 1.133 .19 1.282 .732l3.695 13.418a1.02 1.02 0 0 1 -.634 1.219l-.133 .041l-2.184 .53c-.562 .135 -1.133 -.19 -1.282 -.732l-3.695 -13.418a1.02 1.02 0 0 1 .634 -1.219l.133 -.041\"/><path d=\"M14 9l4 -1\"/><path d=\"M16 16l3.923 -.98\"/>",
  "bike": "<path d=\"M2 18a3 3 0 1 0 6 0a3 3 0 0 0 -6 0\"/><path d=\"M16 18a3 3 0 1 0 6 0a3 3 0 0 0 -6 0\"/><path d=\"M12 19v-4l-3 -3l5 -4l2 3h3\"/><path d=\"M13.007 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0\"/>",
  "device-gamepad-2": "<path d=\"M12 5h3.5a5 5 0 0 1 0 10h-5.5l-4.015 4.227a2.3 2.3 0 0 1 -3.923 -2.035l1.634 -8.173a5 5 0 0 1 4.904 -4.019h3.4\"/><path d=\"M14 15l4.07 4.284a2.3 2.3 0 0 0 3.925 -2.023l-1.6 -8.232\"/><path d=\"M8 9v2\"/><path d=\"M7 10h2\"/><path d=\"M14 10h2\"/>",
  "sun": "<path d=\"M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0\"/><path d=\"M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7\"/>",
};

export type DemoStyle = "typographic" | "illustration" | "vintage" | "photo" | "pattern";

export interface DemoDesign {
  /** The demo campaign's title (the seed's key for it). */
  title: string;
  /** File name under uploads/custom_design/ (without .png). */
  file: string;
  /** Tabler icons drawn in the design, or "pancakes" (drawn here). */
  icons: string[];
  /** The manner: each demo differs from its neighbours, so the browse page is not one template (issue 29). */
  style: DemoStyle;
  accent: string;
  label: string;
  /** The campaign's colours, the one its pictures show first. */
  colors: ProductColorKey[];
}

// The colours follow each campaign's words ("our cosy black hoodie" is black) and what the partner
// makes (its 11 oz mug is white).
// prettier-ignore
export const DEMO_DESIGNS: DemoDesign[] = [
  { title: "Win the Northwind Morning Mug", file: "demo-northwind-mug-photo", icons: ["mountain", "coffee"], style: "photo", accent: "#9A3412", label: "NORTHWIND", colors: ["white"] },
  { title: "Pixel & Pine Forest Tee Giveaway", file: "demo-pixel-pine-tee-pattern", icons: ["trees"], style: "pattern", accent: "#166534", label: "PIXEL & PINE", colors: ["heather_gray", "white"] },
  { title: "Summit Hoodie Drop", file: "demo-summit-hoodie-vintage", icons: ["mountain", "compass"], style: "vintage", accent: "#C2410C", label: "TRAILHEAD", colors: ["black", "heather_gray"] },
  { title: "Lumen Studio Launch Tee", file: "demo-lumen-tee-type", icons: ["prism-light"], style: "typographic", accent: "#6D28D9", label: "LUMEN STUDIO", colors: ["black", "white"] },
  { title: "Sourdough Club Mug Giveaway", file: "demo-sourdough-mug-illustration", icons: ["bread", "wheat"], style: "illustration", accent: "#A16207", label: "SOURDOUGH CLUB", colors: ["white"] },
  { title: "Vinyl Night Hoodie", file: "demo-vinyl-hoodie-pattern", icons: ["vinyl"], style: "pattern", accent: "#DB2777", label: "VINYL NIGHT", colors: ["black"] },
  { title: "Breathe Easy Tee", file: "demo-bloom-tee-type", icons: ["flower"], style: "typographic", accent: "#0F766E", label: "BREATHE EASY", colors: ["white", "heather_gray"] },
  { title: "Episode 100 Celebration Tee", file: "demo-bytesize-tee-vintage", icons: ["microphone-2", "headphones"], style: "vintage", accent: "#1D4ED8", label: "EPISODE 100", colors: ["white", "black"] },
  { title: "Reading Nook Mug", file: "demo-reading-mug-illustration", icons: ["armchair", "books"], style: "illustration", accent: "#1E3A8A", label: "HARBOR BOOKS", colors: ["white"] },
  { title: "Century Ride Hoodie", file: "demo-century-hoodie-photo", icons: ["bike"], style: "photo", accent: "#DC2626", label: "CENTURY RIDE", colors: ["heather_gray", "black"] },
  { title: "Sunday Brunch Tee", file: "demo-brunch-tee-illustration", icons: ["pancakes"], style: "illustration", accent: "#B45309", label: "SUNDAY BRUNCH", colors: ["white", "heather_gray"] },
  { title: "High Score Hoodie", file: "demo-arcade-hoodie-type", icons: ["device-gamepad-2"], style: "typographic", accent: "#7C3AED", label: "HIGH SCORE", colors: ["black"] },
];

/** A stack of pancakes with butter and syrup (no icon set has one). */
const PANCAKES = `
  <g stroke="none">
    <rect x="3" y="15.5" width="18" height="3.2" rx="1.6" fill="#F6C77B"/><rect x="3.6" y="12.4" width="16.8" height="3.2" rx="1.6" fill="#EDB563"/>
    <rect x="4.2" y="9.3" width="15.6" height="3.2" rx="1.6" fill="#F6C77B"/><path d="M5 9.6c2-1.6 12-1.6 14 0v1.2c-.8 0-.9 2.4-1.7 2.4s-.8-1.6-1.6-1.6-.9 3-1.7 3-.8-2.4-1.6-2.4-.8 1.4-1.6 1.4-.9-2.6-1.7-2.6-.8 1.6-1.7 1.6-.8-1.6-1.6-1.6z" fill="#7C2D12"/>
    <rect x="10.2" y="6.8" width="3.6" height="2.4" rx=".4" fill="#FDE68A"/>
  </g>`;

/** One icon, stroked (Tabler's 24-unit grid) at (x, y), size px wide. */
function icon(name: string, x: number, y: number, size: number, stroke: string, width = 1.8): string {
  const body = name === "pancakes" ? PANCAKES : (ICONS[name] ?? "");
  return `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${body}</g>`;
}

/** A repeatable sequence in [0, 1) from the design's name: the same file every time it is written. */
function sequence(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822519);
    h = Math.imul(h ^ (h >>> 13), 3266489917);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** The same hue, lighter (amount > 0) or darker (< 0). */
function shade(hex: string, amount: number): string {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const target = amount > 0 ? 255 : 0;
  return `#${rgb
    .map((v) =>
      Math.round(v + (target - v) * Math.abs(amount))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

const FONT = `font-family="DejaVu Sans, Verdana, sans-serif"`;
const SERIF = `font-family="DejaVu Serif, Georgia, serif"`;

/** Typographic: the brand's words set large, stacked, with one small mark and rules; no badge. */
function typographic(design: DemoDesign): string {
  const words = design.label.split(" ");
  const lines = words.length > 1 ? [words.slice(0, -1).join(" "), words.at(-1) ?? ""] : words;
  const longest = Math.max(...lines.map((line) => line.length));
  // DejaVu Sans Bold's capitals are ~0.78 em wide: the longest line fills 960 of the 1200 px.
  const size = Math.min(260, Math.floor(960 / (longest * 0.8)));
  // On a black garment the inks are tints of the accent, so the words read on the cloth.
  const ink = onDark(design)
    ? { first: shade(design.accent, 0.75), last: shade(design.accent, 0.35), rule: shade(design.accent, 0.35) }
    : { first: shade(design.accent, -0.45), last: design.accent, rule: design.accent };
  const mark = icon(design.icons[0] ?? "", 535, 20, 130, ink.rule, 2);
  const top = 190;
  const baselines = lines.map((_, index) => Math.round(top + 40 + size * 0.73 + index * size * 0.98));
  const set = lines
    .map(
      (line, index) =>
        `<text x="600" y="${baselines[index]}" text-anchor="middle" ${FONT} font-weight="bold" font-size="${size}" fill="${index === lines.length - 1 ? ink.last : ink.first}">${escapeXml(line)}</text>`,
    )
    .join("");
  const bottom = (baselines.at(-1) ?? 0) + 50;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="${bottom + 30}" viewBox="0 0 1200 ${bottom + 30}">
    ${mark}
    <rect x="120" y="${top}" width="960" height="10" fill="${ink.rule}"/>
    ${set}
    <rect x="120" y="${bottom}" width="960" height="10" fill="${ink.rule}"/>
  </svg>`;
}

/** Illustration: the subject drawn large and filled over a sun and hills, the name small under it. */
function illustration(design: DemoDesign): string {
  const count = design.icons.length;
  const size = count === 1 ? 640 : 470;
  const total = count * size + (count - 1) * 20;
  const figures = design.icons
    .map((name, index) => {
      const x = 600 - total / 2 + index * (size + 20);
      return (
        icon(name, x + 10, 560 - size / 2 + 10, size, shade(design.accent, -0.5), 2.2) +
        icon(name, x, 560 - size / 2, size, design.accent, 1.6)
      );
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1120" viewBox="0 0 1200 1120">
    <circle cx="600" cy="480" r="380" fill="${shade(design.accent, 0.78)}"/>
    <path d="M 140 760 Q 380 600 620 740 Q 860 640 1060 760 L 1060 860 L 140 860 Z" fill="${shade(design.accent, 0.55)}"/>
    ${figures}
    <text x="600" y="1040" text-anchor="middle" ${SERIF} font-style="italic" font-size="96" fill="${shade(design.accent, -0.3)}">${escapeXml(titleCase(design.label))}</text>
  </svg>`;
}

/** Vintage: the badge with a banner, in two inks, worn (the cloth shows through flecks of missing ink). */
function vintage(design: DemoDesign): string {
  const random = sequence(design.file);
  const flecks = Array.from({ length: 260 }, () => {
    const r = 2 + random() * 9;
    return `<circle cx="${Math.round(100 + random() * 1000)}" cy="${Math.round(80 + random() * 1000)}" r="${r.toFixed(1)}" fill="black"/>`;
  }).join("");
  const count = design.icons.length;
  const size = count === 1 ? 420 : 300;
  const total = count * size + (count - 1) * 30;
  const drawn = design.icons
    .map((name, index) => icon(name, 600 - total / 2 + index * (size + 30), 470 - size / 2, size, "#F4EBD9", 1.9))
    .join("");
  const cream = "#F4EBD9";
  // DejaVu Serif Bold's capitals are ~0.78 em wide, plus the spacing: the name fits the banner's 740 px.
  const fontSize = Math.min(100, Math.floor((740 / design.label.length - 6) / 0.78));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1177" viewBox="80 90 1040 1020">
    <defs><mask id="worn"><rect x="0" y="0" width="1200" height="1200" fill="white"/>${flecks}</mask></defs>
    <g mask="url(#worn)">
      <circle cx="600" cy="520" r="420" fill="${shade(design.accent, -0.35)}"/>
      <circle cx="600" cy="520" r="380" fill="none" stroke="${cream}" stroke-width="8"/>
      <circle cx="600" cy="520" r="350" fill="none" stroke="${cream}" stroke-width="3" stroke-dasharray="4 14"/>
      ${[150, 210, 330, 30].map((a) => `<circle cx="${600 + 365 * Math.cos((a * Math.PI) / 180)}" cy="${520 + 365 * Math.sin((a * Math.PI) / 180)}" r="9" fill="${cream}"/>`).join("")}
      ${drawn}
      <path d="M 120 860 L 210 830 L 210 990 L 120 1020 L 160 940 Z M 1080 860 L 990 830 L 990 990 L 1080 1020 L 1040 940 Z" fill="${design.accent}"/>
      <rect x="190" y="820" width="820" height="180" fill="${cream}"/>
      <rect x="206" y="836" width="788" height="148" fill="none" stroke="${shade(design.accent, -0.35)}" stroke-width="6"/>
      <text x="600" y="${910 + fontSize * 0.36}" text-anchor="middle" ${SERIF} font-weight="bold" font-size="${fontSize}" letter-spacing="6" fill="${shade(design.accent, -0.35)}">${escapeXml(design.label)}</text>
    </g>
  </svg>`;
}

/**
 * Photo print: a square photograph of a landscape at golden hour (sky, sun, ridges in haze, a
 * vignette), printed full colour with a thin white border, the name set on it. Drawn, not shot, so
 * the demo carries no photo licence.
 */
function photo(design: DemoDesign): string {
  const random = sequence(design.file);
  const ridge = (base: number, height: number) => {
    const points: string[] = [`M 120 ${base}`];
    for (let x = 120; x <= 1080; x += 40)
      points.push(`L ${x} ${Math.round(base - height * (0.5 + 0.5 * Math.sin(x / 90 + random() * 2)) - random() * height * 0.4)}`);
    return `${points.join(" ")} L 1080 1080 L 120 1080 Z`;
  };
  const figure = design.icons.at(-1) ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#2B3A67"/><stop offset="0.45" stop-color="#C8617A"/><stop offset="0.75" stop-color="#F6A65A"/><stop offset="1" stop-color="#FCE3B0"/>
      </linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#FFF6D8"/><stop offset="0.35" stop-color="#FFE08A"/><stop offset="1" stop-color="#F6A65A" stop-opacity="0"/></radialGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient>
      <clipPath id="frame"><rect x="120" y="120" width="960" height="960"/></clipPath>
    </defs>
    <rect x="100" y="100" width="1000" height="1000" fill="#FFFFFF"/>
    <g clip-path="url(#frame)">
      <rect x="120" y="120" width="960" height="960" fill="url(#sky)"/>
      <circle cx="760" cy="640" r="300" fill="url(#sun)"/>
      <circle cx="760" cy="640" r="90" fill="#FFF3C4"/>
      <path d="${ridge(760, 200)}" fill="#7A4E7E" fill-opacity="0.55"/>
      <path d="${ridge(860, 170)}" fill="#4B3363" fill-opacity="0.8"/>
      <path d="${ridge(960, 140)}" fill="#2A1F3D"/>
      ${icon(figure, 240, 700, 300, "#1A1426", 2.4)}
      <rect x="120" y="120" width="960" height="960" fill="url(#vignette)"/>
      <text x="600" y="1040" text-anchor="middle" ${FONT} font-weight="bold" font-size="88" letter-spacing="14" fill="#FFF6E8">${escapeXml(design.label)}</text>
    </g>
  </svg>`;
}

/** Pattern: the subject repeated all over in a half-drop grid, two inks, turned now and then. */
function pattern(design: DemoDesign): string {
  const random = sequence(design.file);
  const cells: string[] = [];
  const step = 200;
  for (let row = 0; row < 6; row += 1) {
    for (let column = 0; column < 6; column += 1) {
      const x = column * step + (row % 2 ? step / 2 : 0);
      const y = row * step;
      if (x > 1100) continue;
      const name = design.icons[(row + column) % design.icons.length] ?? "";
      const ink = (row + column) % 2 ? design.accent : shade(design.accent, onDark(design) ? 0.5 : -0.5);
      const turn = Math.round((random() - 0.5) * 40);
      cells.push(`<g transform="rotate(${turn} ${x + 70} ${y + 70})">${icon(name, x, y, 140, ink, 2)}</g>`);
      cells.push(`<circle cx="${x + 170}" cy="${y + 170}" r="8" fill="${shade(design.accent, 0.4)}"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
    <defs><clipPath id="tile"><rect x="20" y="20" width="1160" height="1160" rx="40"/></clipPath></defs>
    <g clip-path="url(#tile)">${cells.join("")}</g>
  </svg>`;
}

/** Whether the design's first garment colour is black. */
function onDark(design: DemoDesign): boolean {
  return design.colors[0] === "black";
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function designSvg(design: DemoDesign): string {
  switch (design.style) {
    case "typographic":
      return typographic(design);
    case "illustration":
      return illustration(design);
    case "vintage":
      return vintage(design);
    case "photo":
      return photo(design);
    case "pattern":
      return pattern(design);
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function demoDesignUrl(design: DemoDesign): string {
  return uploadPath(`custom_design/${design.file}.png`);
}

export function demoDesignFor(title: string): DemoDesign | undefined {
  return DEMO_DESIGNS.find((design) => design.title === title);
}

/** Writes each demo design's PNG unless it is there already (every start: a new DATA_DIR or bucket gets them too). */
export async function writeDemoDesigns(): Promise<void> {
  const store = fileStore();
  await Promise.all(
    DEMO_DESIGNS.map(async (design) => {
      const key = uploadKey(`custom_design/${design.file}.png`);
      if (await store.exists(key)) return;
      const png = await sharp(Buffer.from(designSvg(design)))
        .png({ compressionLevel: 9 })
        .toBuffer();
      await store.put(key, png, { contentType: "image/png" });
    }),
  );
}
