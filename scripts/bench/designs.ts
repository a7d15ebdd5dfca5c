/**
 * How long the built-in AI designer and the mockups take on this machine.
 *   npm run bench                  (5 designs per style)
 *   npm run bench -- --runs 10
 * Works in a temporary DATA_DIR and needs no database.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Math.max(1, Number(values.runs) || 5);

const dataDir = await mkdtemp(path.join(os.tmpdir(), "giveawear-bench-"));
process.env.DATA_DIR = dataDir;
// Imported after DATA_DIR is set: the configuration is read on first use.
const { DESIGN_STYLES, renderLocalDesign } = await import("../../app/server/ai/local-generator.server");
const { mockupUrl, serveMockup } = await import("../../app/server/media/mockups.server");

const PROMPTS = [
  "Summer Splash Giveaway for Acme",
  "Midnight robot jazz band",
  "Mountain coffee club",
  "Charity 5K run by Riverside Runners",
  "Neon fox skateboard crew",
  "Grandma's secret pie recipe",
  "Ocean cleanup volunteers 2025",
  "Pixel dragon arcade night",
];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return {
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
    p95,
    min: sorted[0] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

function table(headers: string[], rows: (string | number)[][]) {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === "number" ? cell.toFixed(0) : cell)));
  const widths = headers.map((header, index) => Math.max(header.length, ...cells.map((row) => (row[index] ?? "").length)));
  const line = (row: string[]) =>
    row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join("  ");
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of cells) console.log(line(row));
  console.log();
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

try {
  console.log(`Giveawear bench: ${os.cpus().length} CPU(s), Node ${process.version}, ${runs} design(s) per style\n`);

  // The first render also loads fonts and librsvg; it is reported apart from the steady state.
  const [warmUp] = await time(() => renderLocalDesign({ prompt: "Warm up", style: "vintage graphic" }));
  console.log(`First render (font and library start-up included): ${warmUp.toFixed(0)} ms\n`);

  console.log("Built-in generator, per design (3000×3000 PNG + 800×800 WebP), ms");
  const designRows: (string | number)[][] = [];
  const all: number[] = [];
  for (const style of DESIGN_STYLES) {
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const prompt = PROMPTS[run % PROMPTS.length] ?? "Bench";
      const [elapsed] = await time(() => renderLocalDesign({ prompt: `${prompt}${run >= PROMPTS.length ? ` ${run}` : ""}`, style }));
      samples.push(elapsed);
    }
    all.push(...samples);
    const { mean, p95, min, max } = stats(samples);
    designRows.push([style, runs, mean, p95, min, max]);
  }
  const overall = stats(all);
  designRows.push(["all styles", all.length, overall.mean, overall.p95, overall.min, overall.max]);
  table(["style", "runs", "mean", "p95", "min", "max"], designRows);

  // A design stored as the generator stores it, so the mockup route reads it like any other.
  const design = "ai_design/benchdesign.png";
  await mkdir(path.join(dataDir, "uploads", "ai_design"), { recursive: true });
  const { print, preview } = await renderLocalDesign({ prompt: "Mockup bench badge", style: "vintage graphic" });
  await writeFile(path.join(dataDir, "uploads", design), print);
  await writeFile(path.join(dataDir, "uploads", "ai_design", "benchdesign-preview.webp"), preview);

  console.log("Mockups, 800 px, per product and colour, ms (cold = first request renders and caches; cached = later requests)");
  const mockupRows: (string | number)[][] = [];
  for (const product of ["t-shirt", "hoodie", "mug"] as const) {
    for (const color of ["white", "black", "heather_gray"] as const) {
      const url = mockupUrl(`/uploads/${design}`, product, color, 800) ?? "";
      const request = (accept: string) => new Request(`http://localhost${url}`, { headers: { Accept: accept } });
      const fetchOnce = async (accept: string) => {
        const response = await serveMockup(url.replace(/^\/mockups\//, ""), request(accept));
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        return (await response.arrayBuffer()).byteLength;
      };
      const [coldWebp, bytes] = await time(() => fetchOnce("image/webp"));
      const cachedSamples: number[] = [];
      for (let run = 0; run < 5; run++) cachedSamples.push((await time(() => fetchOnce("image/webp")))[0]);
      const [coldAvif] = await time(() => fetchOnce("image/avif,image/webp"));
      const cached = stats(cachedSamples);
      mockupRows.push([`${product} / ${color}`, coldWebp, coldAvif, cached.mean.toFixed(1), `${(bytes / 1024).toFixed(1)} KB`]);
    }
  }
  table(["product / colour", "cold WebP", "cold AVIF", "cached", "WebP size"], mockupRows);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
