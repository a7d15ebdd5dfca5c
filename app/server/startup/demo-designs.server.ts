/**
 * The demo campaigns' designs (decision 044): one artwork per demo brand, matching its text (the
 * roaster's mug shows a coffee cup under a mountain, the record shop's hoodie a vinyl record), drawn
 * here as SVG and written as PNG print files into the uploads, so the demo campaigns get real
 * mockups in their own product and colour like any creator's upload. Icons are Tabler Icons
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

export interface DemoDesign {
  /** The demo campaign's title (the seed's key for it). */
  title: string;
  /** File name under uploads/custom_design/ (without .png). */
  file: string;
  /** Tabler icons drawn in the badge, or "pancakes" (drawn here). */
  icons: string[];
  accent: string;
  label: string;
  /** The campaign's colours, the one its pictures show first. */
  colors: ProductColorKey[];
}

// The colours follow each campaign's words ("our cosy black hoodie" is black) and what the partner
// makes (its 11 oz mug is white).
// prettier-ignore
export const DEMO_DESIGNS: DemoDesign[] = [
  { title: "Win the Northwind Morning Mug", file: "demo-northwind-mug", icons: ["mountain", "coffee"], accent: "#9A3412", label: "NORTHWIND", colors: ["white"] },
  { title: "Pixel & Pine Forest Tee Giveaway", file: "demo-pixel-pine-tee", icons: ["trees"], accent: "#166534", label: "PIXEL & PINE", colors: ["heather_gray", "white"] },
  { title: "Summit Hoodie Drop", file: "demo-summit-hoodie", icons: ["mountain", "compass"], accent: "#C2410C", label: "TRAILHEAD", colors: ["black", "heather_gray"] },
  { title: "Lumen Studio Launch Tee", file: "demo-lumen-tee", icons: ["prism-light"], accent: "#6D28D9", label: "LUMEN STUDIO", colors: ["black", "white"] },
  { title: "Sourdough Club Mug Giveaway", file: "demo-sourdough-mug", icons: ["bread", "wheat"], accent: "#A16207", label: "SOURDOUGH CLUB", colors: ["white"] },
  { title: "Vinyl Night Hoodie", file: "demo-vinyl-hoodie", icons: ["vinyl"], accent: "#DB2777", label: "VINYL NIGHT", colors: ["black"] },
  { title: "Breathe Easy Tee", file: "demo-bloom-tee", icons: ["flower"], accent: "#0F766E", label: "BREATHE EASY", colors: ["white", "heather_gray"] },
  { title: "Episode 100 Celebration Tee", file: "demo-bytesize-tee", icons: ["microphone-2", "headphones"], accent: "#1D4ED8", label: "EPISODE 100", colors: ["white", "black"] },
  { title: "Reading Nook Mug", file: "demo-reading-mug", icons: ["armchair", "books"], accent: "#1E3A8A", label: "HARBOR BOOKS", colors: ["white"] },
  { title: "Century Ride Hoodie", file: "demo-century-hoodie", icons: ["bike"], accent: "#DC2626", label: "CENTURY RIDE", colors: ["heather_gray", "black"] },
  { title: "Sunday Brunch Tee", file: "demo-brunch-tee", icons: ["pancakes"], accent: "#B45309", label: "SUNDAY BRUNCH", colors: ["white", "heather_gray"] },
  { title: "High Score Hoodie", file: "demo-arcade-hoodie", icons: ["device-gamepad-2"], accent: "#7C3AED", label: "HIGH SCORE", colors: ["black"] },
];

/** A stack of pancakes with butter and syrup (no icon set has one). */
const PANCAKES = `
  <g stroke="none">
    <rect x="3" y="15.5" width="18" height="3.2" rx="1.6" fill="#F6C77B"/><rect x="3.6" y="12.4" width="16.8" height="3.2" rx="1.6" fill="#EDB563"/>
    <rect x="4.2" y="9.3" width="15.6" height="3.2" rx="1.6" fill="#F6C77B"/><path d="M5 9.6c2-1.6 12-1.6 14 0v1.2c-.8 0-.9 2.4-1.7 2.4s-.8-1.6-1.6-1.6-.9 3-1.7 3-.8-2.4-1.6-2.4-.8 1.4-1.6 1.4-.9-2.6-1.7-2.6-.8 1.6-1.7 1.6-.8-1.6-1.6-1.6z" fill="#7C2D12"/>
    <rect x="10.2" y="6.8" width="3.6" height="2.4" rx=".4" fill="#FDE68A"/>
  </g>`;

function designSvg(design: DemoDesign): string {
  const count = design.icons.length;
  const size = count === 1 ? 520 : 380;
  const gap = 40;
  const total = count * size + (count - 1) * gap;
  const drawn = design.icons
    .map((name, index) => {
      const x = 600 - total / 2 + index * (size + gap);
      const y = 520 - size / 2;
      const body = name === "pancakes" ? PANCAKES : (ICONS[name] ?? "");
      return `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="#FFFFFF" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</g>`;
    })
    .join("");
  const fontSize = design.label.length > 12 ? 92 : 110;
  // Cropped to the artwork, so it fills the print area as a full-front print does.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1177" viewBox="80 90 1040 1020">
    <circle cx="600" cy="520" r="420" fill="${design.accent}"/>
    <circle cx="600" cy="520" r="392" fill="none" stroke="#FFFFFF" stroke-opacity="0.85" stroke-width="10"/>
    ${drawn}
    <rect x="90" y="930" width="1020" height="170" rx="34" fill="#FFFFFF"/>
    <rect x="90" y="930" width="1020" height="170" rx="34" fill="none" stroke="${design.accent}" stroke-width="12"/>
    <text x="600" y="${1015 + fontSize * 0.36}" text-anchor="middle" font-family="DejaVu Sans, Verdana, sans-serif" font-weight="bold" font-size="${fontSize}" letter-spacing="4" fill="${design.accent}">${escapeXml(design.label)}</text>
  </svg>`;
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
