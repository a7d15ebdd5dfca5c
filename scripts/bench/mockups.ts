/**
 * How long a mockup takes at 800 px (and 400 px) on this machine, per product and colour:
 *   npm run bench:mockups
 *   npm run bench:mockups -- --out /tmp/mockups   (also writes each render as PNG, to look at)
 * "cold" is the first render of a product in a fresh process (its light and fold maps are
 * computed then), "warm" a render of a new design once the maps exist, "served" the second
 * request of the same URL, answered from the file cache. Goal (decision 044): cold ≤ 1 s at 800 px.
 * Works in a temporary DATA_DIR and needs no database.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const dataDir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-mockups-"));
process.env.DATA_DIR = dataDir;
// Imported after DATA_DIR is set: the configuration is read on first use.
const { renderMockupPixels, renderMockup, serveMockup, mockupUrl } = await import("../../app/server/media/mockups.server");

/** A 1024 px design with colour, line work and lettering: the kind of artwork the folds must bend. */
function designSvg(hue: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 800 800">
    <circle cx="400" cy="330" r="250" fill="${hue}"/>
    <path d="M150 430 L300 250 L400 360 L500 220 L650 430 Z" fill="#1D6F8C"/>
    <path d="M300 250 L340 300 L300 290 L260 300 Z" fill="#FFFFFF"/>
    <g stroke="#FFFFFF" stroke-width="10"><line x1="100" y1="500" x2="700" y2="500"/><line x1="100" y1="530" x2="700" y2="530"/></g>
    <text x="400" y="650" font-family="DejaVu Sans" font-weight="bold" font-size="96" text-anchor="middle" fill="#E8E3D6" stroke="#222222" stroke-width="4">SUMMIT</text>
    <text x="400" y="730" font-family="DejaVu Sans" font-size="48" text-anchor="middle" fill="#1D6F8C">TRAIL CLUB 2026</text>
  </svg>`;
}

const PRODUCTS = ["t-shirt", "hoodie", "mug"] as const;
const COLORS = ["white", "black", "heather_gray"] as const;

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

try {
  const first = await sharp(Buffer.from(designSvg("#F26B1D")))
    .png()
    .toBuffer();
  const second = await sharp(Buffer.from(designSvg("#8B5CF6")))
    .png()
    .toBuffer();
  const uploads = path.join(dataDir, "uploads", "custom_design");
  await mkdir(uploads, { recursive: true });
  await writeFile(path.join(uploads, "bench.png"), first);
  if (values.out) await mkdir(values.out, { recursive: true });

  const rows: string[][] = [];
  for (const width of [800, 400] as const) {
    for (const product of PRODUCTS) {
      for (const color of COLORS) {
        // Cold: the maps of this product and width are computed by its first render.
        const [cold] = await time(() => renderMockup({ design: first, product, color, width, format: "webp" }));
        const [warm] = await time(() => renderMockup({ design: second, product, color, width, format: "webp" }));
        const [avif] = await time(() => renderMockup({ design: second, product, color, width, format: "avif" }));
        const url = mockupUrl("/uploads/custom_design/bench.png", product, color, width) ?? "";
        const request = () => new Request(`http://bench${url}`, { headers: { Accept: "image/avif,image/webp,*/*" } });
        const splat = url.replace(/^\/mockups\//, "");
        const [render] = await time(() => serveMockup(splat, request()).then((r) => r.arrayBuffer()));
        const [served] = await time(() => serveMockup(splat, request()).then((r) => r.arrayBuffer()));
        rows.push([`${product} ${color}`, String(width), ...[cold, warm, avif, render, served].map((ms) => ms.toFixed(0))]);
        if (values.out && width === 800) {
          const raw = await renderMockupPixels({ design: first, product, color, width });
          await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
            .png()
            .toFile(path.join(values.out, `${product}-${color}.png`));
        }
      }
    }
  }
  const headers = ["product colour", "px", "cold webp ms", "warm webp ms", "warm avif ms", "1st request ms", "cached request ms"];
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => (row[index] ?? "").length)));
  const line = (row: string[]) =>
    row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join("  ");
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
  console.log(
    "\n(cold: first render of the product at that width in this process, maps included; 1st request: avif by Accept, rendered and written to the cache)",
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
