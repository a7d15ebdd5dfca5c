/**
 * The entrant speed budget (decision 035): the campaign page's first load, images aside, must transfer
 * at most 15 KB of JavaScript and 50 KB in all, gzip-compressed as the server sends them.
 *   npm run bench:budget                       (production build, temporary database; the page
 *                                              before entering, then a confirmed entrant's page with
 *                                              five entry actions, decision 077)
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
function transferred(url: string, cookie?: string): Promise<{ bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: cookie ? { ...HEADERS, Cookie: cookie } : HEADERS }, (response) => {
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

/** The page's weight as a visitor without cookies gets it, or, with `cookie`, as that visitor does (an entrant's page). */
export async function measurePageWeight(url: string, cookie?: string): Promise<PageWeight> {
  const page = await transferred(url, cookie);
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

/** Five entry actions on the campaign and a confirmed entry; answers that entrant's entered_ cookie. */
async function confirmedEntrantWithActions(campaignId: string): Promise<string> {
  const { getPrisma } = await import("../../app/server/core/db.server");
  const { rememberEntry } = await import("../../app/server/entries/visitor.server");
  const prisma = getPrisma();
  const actions = [
    { kind: "visit", label: "Visit our summer shop", bonus: 2, url: "https://acme-surf.example/summer" },
    { kind: "code", label: "Enter the code from our newsletter", bonus: 3, code: "SPLASH24" },
    { kind: "question", label: "Tell us your size", bonus: 1, question: "Which size do you wear?", choices: "S\nM\nL\nXL" },
    { kind: "daily", label: "Come back every day", bonus: 1 },
    { kind: "follow", label: "Follow us on Instagram", bonus: 2, platform: "instagram", url: "https://www.instagram.com/acmesurf" },
  ];
  for (const [position, action] of actions.entries()) await prisma.entryAction.create({ data: { campaignId, position, ...action } });
  const entry = await prisma.entry.create({
    data: { campaignId, email: "budget@example.com", emailNormalized: "budget@example.com", agreedToTerms: true, confirmedAt: new Date() },
  });
  return (await rememberEntry(campaignId, entry.id)).split(";")[0]!;
}

async function main() {
  const { values } = parseArgs({ options: { url: { type: "string" } } });
  if (values.url) {
    if (!report(await measurePageWeight(values.url))) process.exitCode = 1;
    return;
  }
  // No URL: a fresh production server on a temporary database with one live campaign.
  // The server's secret, known here too, to sign an entrant's entered_ cookie as the entry form would.
  const secret = "budget-bench-secret-entered-0123456789abcdef0123456789";
  process.env.SESSION_SECRET = secret;
  const server = await startBenchServer(3960, "budget", { SESSION_SECRET: secret });
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
    console.log("Before entering:");
    const before = report(await measurePageWeight(`${server.origin}/campaign/${campaignId}`));
    const cookie = await confirmedEntrantWithActions(campaignId);
    console.log("\nAfter entering (confirmed, five entry actions, decision 077):");
    const after = report(await measurePageWeight(`${server.origin}/campaign/${campaignId}`, cookie));
    if (!before || !after) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
