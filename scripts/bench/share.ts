/**
 * How long the share card and the poster take on this machine (decision 045's budget: card ≤ 500 ms
 * cold, cached after).
 *   npm run bench:share
 *   npm run bench:share -- --runs 10
 * Works in a temporary DATA_DIR with a generated design and needs no database. "cold" draws a new
 * card (a new title each run) from an already rendered mockup, as on a campaign's first share;
 * "cold + mockup" also renders the mockup first (a design nobody has viewed yet).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import type { ShareCampaign } from "../../app/server/share/share-data.server";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Math.max(1, Number(values.runs) || 5);

const dataDir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-share-"));
process.env.DATA_DIR = dataDir;
process.env.APP_URL ??= "https://giveawear.example";
// Imported after DATA_DIR is set: the configuration is read on first use.
const { cardBytes } = await import("../../app/server/share/card.server");
const { posterBytes } = await import("../../app/server/share/poster.server");
const { accentOf, textOn } = await import("../../app/server/share/share-data.server");
const { uploadsDirectory } = await import("../../app/server/media/uploads.server");

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    max: sorted.at(-1) ?? 0,
  };
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function design(name: string, hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><circle cx="600" cy="520" r="380" fill="hsl(${hue},80%,55%)"/><text x="600" y="1080" font-family="Liberation Sans" font-weight="700" font-size="140" text-anchor="middle">BENCH</text></svg>`;
  const file = path.join(uploadsDirectory(), "custom_design", `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return `/uploads/custom_design/${name}.png`;
}

function campaign(run: number, imagePath: string): ShareCampaign {
  const accent = accentOf(["#0e7490", "", "#be123c", "#facc15"][run % 4]);
  return {
    id: `bench${run}campaign`,
    title: `Benchmark Giveaway number ${run}: a limited-edition tee for the summer`,
    brandName: "Bench Brand Co.",
    minimumAge: 18,
    isPublic: true,
    version: run,
    accent,
    onAccent: textOn(accent),
    accentTheme: null,
    deadline: "Ends December 1, 2026",
    phase: "live",
    full: false,
    endDate: new Date("2026-12-01T00:00:00Z"),
    startDate: new Date("2026-11-01T00:00:00Z"),
    timeZone: "UTC",
    imagePath,
    imageSrcSet: null,
    logoPath: null,
    pageUrl: `https://giveawear.example/campaign/bench${run}campaign`,
    hideBranding: false,
  };
}

try {
  const rows: [string, number[]][] = [
    ["card, cold + mockup", []],
    ["card, cold", []],
    ["card, cached", []],
    ["poster PNG A4, cold", []],
    ["poster PDF A4, cold (PNG cached)", []],
    ["poster PDF, cached", []],
  ];
  const sample = (index: number, ms: number) => rows[index]?.[1].push(ms);
  // Warm-up: sharp and librsvg load fonts and codecs on first use; not what a running server pays.
  await cardBytes(campaign(-1, await design("warmup", 10)));
  for (let run = 0; run < runs; run++) {
    await design(`fresh${run}`, run * 37);
    const mockup = `/mockups/t-shirt/black/800/custom_design/fresh${run}.png.webp`;
    sample(0, await time(() => cardBytes(campaign(run, mockup))));
    // Same mockup (now cached), a new card: a new title.
    const again = { ...campaign(run, mockup), title: `Another title ${run}` };
    sample(1, await time(() => cardBytes(again)));
    sample(2, await time(() => cardBytes(again)));
    sample(3, await time(() => posterBytes(again, "a4", "png")));
    sample(4, await time(() => posterBytes(again, "a4", "pdf")));
    sample(5, await time(() => posterBytes(again, "a4", "pdf")));
  }
  console.log(`Share card and poster, ${runs} runs, ms`);
  console.log("what                              mean    p95    max");
  for (const [label, samples] of rows) {
    const { mean, p95, max } = stats(samples);
    console.log(`${label.padEnd(32)} ${mean.toFixed(0).padStart(6)} ${p95.toFixed(0).padStart(6)} ${max.toFixed(0).padStart(6)}`);
  }
  const cold = stats(rows[1]?.[1] ?? []);
  console.log(`\ncard cold p95 ${cold.p95.toFixed(0)} ms: ${cold.p95 <= 500 ? "within" : "OVER"} the 500 ms budget`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
