/**
 * The entrant speed budget (decision 035): the campaign page's first load, images aside, must transfer
 * at most 15 KB of JavaScript and 50 KB in all, gzip-compressed as the server sends them.
 *   npm run bench:budget                       (production build, temporary database)
 *   npx tsx scripts/bench/page-weight.ts --url http://localhost:3000/campaign/<id>
 * Exits non-zero when the page is over budget.
 */
import { parseArgs } from "node:util";
import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { startBenchServer } from "./server";

export const BUDGET = { javascript: 15 * 1024, total: 50 * 1024 } as const;

export interface PageWeight {
  url: string;
  items: { kind: "html" | "css" | "js" | "inline-js"; url: string; bytes: number }[];
  javascript: number;
  total: number;
}

const HEADERS = {
  "Accept-Encoding": "gzip",
  Accept: "text/html,application/xhtml+xml",
  "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
};

/** Bytes on the wire (the body as sent, compressed or not) and the decoded text. */
function transferred(url: string): Promise<{ bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: HEADERS }, (response) => {
        if ((response.statusCode ?? 0) >= 400) reject(new Error(`${url}: HTTP ${response.statusCode}`));
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const text = (response.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8");
          resolve({ bytes: body.length, text });
        });
      })
      .on("error", reject);
  });
}

export async function measurePageWeight(url: string): Promise<PageWeight> {
  const page = await transferred(url);
  const items: PageWeight["items"] = [{ kind: "html", url, bytes: page.bytes }];
  const html = page.text;
  const assets = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    if (tag.startsWith("<script")) assets.add(`js ${src}`);
    else if (/rel="(?:stylesheet|modulepreload)"/.test(tag)) assets.add(`${/modulepreload/.test(tag) ? "js" : "css"} ${src}`);
  }
  for (const asset of assets) {
    const [kind, src = ""] = asset.split(" ");
    const absolute = new URL(src, url).toString();
    items.push({ kind: kind === "js" ? "js" : "css", url: absolute, bytes: (await transferred(absolute)).bytes });
  }
  // Inline scripts travel inside the HTML (already counted in its bytes); their share is JavaScript.
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "").join("");
  const inlineBytes = inline ? gzipSync(inline).length : 0;
  if (inlineBytes) items.push({ kind: "inline-js", url: "(inline, inside the HTML)", bytes: inlineBytes });
  const javascript = items.filter((item) => item.kind === "js" || item.kind === "inline-js").reduce((sum, item) => sum + item.bytes, 0);
  const total = items.filter((item) => item.kind !== "inline-js").reduce((sum, item) => sum + item.bytes, 0);
  return { url, items, javascript, total };
}

export function report(weight: PageWeight): boolean {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.table(weight.items.map((item) => ({ kind: item.kind, url: item.url.replace(/^https?:\/\/[^/]+/, ""), gzip: kb(item.bytes) })));
  const ok = weight.javascript <= BUDGET.javascript && weight.total <= BUDGET.total;
  console.log(
    `JavaScript: ${kb(weight.javascript)} of ${kb(BUDGET.javascript)} (${((weight.javascript / BUDGET.javascript) * 100).toFixed(0)}%)`,
  );
  console.log(`Everything but images: ${kb(weight.total)} of ${kb(BUDGET.total)} (${((weight.total / BUDGET.total) * 100).toFixed(0)}%)`);
  console.log(ok ? "Within budget." : "OVER BUDGET.");
  return ok;
}

async function main() {
  const { values } = parseArgs({ options: { url: { type: "string" } } });
  if (values.url) {
    if (!report(await measurePageWeight(values.url))) process.exitCode = 1;
    return;
  }
  // No URL: a fresh production server on a temporary database with one live campaign.
  const server = await startBenchServer(3960, "budget");
  try {
    const campaignId = await server.createCampaign({
      title: "Summer Splash Tee Giveaway",
      description: "Win our limited summer tee. Enter with your email; share your link for bonus entries.",
      brandName: "Acme Surf Co.",
      planId: "growth_tee",
      entryLimit: 500,
      isPromotingProduct: true,
      productTitle: "Surf lesson voucher",
      productValue: "$40",
      giveBonusGiftToWinner: true,
      winnerBonusGiftName: "Sticker pack",
      selectedColors: "white,black",
    });
    if (!report(await measurePageWeight(`${server.origin}/campaign/${campaignId}`))) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
