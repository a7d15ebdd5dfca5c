/**
 * Before a worker takes requests (issue 31: the first second after a deploy no slower than the
 * rest): the code a spike runs first is run once here, writing nothing. A fresh process otherwise
 * pays, on its first visitors, for loading and compiling the route modules, React's first server
 * render, the first queries and the entry path's first email render (measured: the first entry and
 * the first page 0.4-1 s where the next ones take 10-40 ms).
 */
import http, { type IncomingMessage, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { CampaignStatus } from "../../domain/campaign-status";
import { HONEYPOT_FIELD } from "../../domain/honeypot";
import { campaignPath, href } from "../../paths";
import { prisma } from "../core/db.server";
import { log } from "../core/log.server";
import { forgetWarmUpRequests } from "../core/metrics.server";
import { accessLinesAtDebug } from "../core/request-log.server";
import { backToPageCookies, entryOrigin, storedEntryCookies } from "../entries/form.server";
import { laneLanguage, warmEntryPath } from "../entries/submit.server";

/** Page renders and entry paths run at start (about 0.1 s of a worker's start-up together). */
const PAGE_ROUNDS = 3;
const ENTRY_ROUNDS = 50;
/** Requests of each kind sent through the worker's own request listener (warmLanes). */
const LANE_ROUNDS = 150;
/** The entry the warm-up's answers name (never stored). */
const WARM_UP_ENTRY_ID = "warmupentry0000000000000";
/** A phone's request, as the page cache keys it (an anonymous visitor's, gzip accepted). */
const PHONE = "Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 (Giveawear warm-up)";
/**
 * An entry form with its honeypot filled: the entry lane reads it and hands it on, the page's action
 * takes it for a bot's and answers as if it had worked (a 303 back to the page); nothing is stored.
 */
const BOT_ENTRY = new URLSearchParams({ email: "warm-up@giveawear.invalid", agreedToTerms: "on", [HONEYPOT_FIELD]: "warm-up" }).toString();

/** The live campaign that started last, the one a spike is likeliest to be for. */
function newestLiveCampaign(): Promise<{ id: string } | null> {
  const now = new Date();
  return prisma.campaign.findFirst({
    where: { status: CampaignStatus.active, startDate: { lte: now }, endDate: { gt: now } },
    orderBy: { startDate: "desc" },
    select: { id: true },
  });
}

/**
 * Renders the newest live campaign's page as an anonymous visitor gets it (`renderPage`, the page
 * cache's renderer: no cookie, so no view is counted), or the home page when none is live, and runs
 * that campaign's entry path for a made-up entrant without storing anything (its write rolled back,
 * its answer's cookies made and dropped); then, given the
 * worker's request listener, sends it real requests (warmLanes). A failure is logged and the worker
 * serves anyway.
 */
export async function warmUp(renderPage: (path: string) => Promise<unknown>, listener?: RequestListener): Promise<void> {
  const started = performance.now();
  try {
    const campaign = await newestLiveCampaign();
    // Several times over: V8 compiles a function for speed only once it has run a while.
    const path = campaign ? campaignPath(campaign.id) : href("/");
    for (let round = 0; round < PAGE_ROUNDS; round++) await renderPage(path);
    if (campaign) {
      const origin = entryOrigin();
      for (let round = 0; round < ENTRY_ROUNDS; round++) {
        await warmEntryPath(campaign.id, origin);
        // The lane's answer to a stored entry (the honeypot's form below is not stored): its cookies and toast.
        const entered = { kind: "entered", entryId: WARM_UP_ENTRY_ID, confirmed: false } as const;
        await backToPageCookies(campaign.id, await storedEntryCookies(campaign.id, entered, null, await laneLanguage(campaign.id, null)));
      }
    }
    if (campaign && listener) await warmLanes(listener, path);
    log.debug(`warmed up in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    log.warn({ err: error }, "the warm-up failed; serving anyway");
  }
}

/**
 * The whole way a request takes, warmed over HTTP before the worker listens (decision 113): the
 * worker's own request listener, on a port of its own on 127.0.0.1 (not the cluster's shared one, so
 * no visitor's connection can reach it), is sent the live campaign's page as a phone asks for it (the
 * page cache) and an entry form with its honeypot filled (the entry lane, then React Router's action,
 * which answers a bot's form with a 303 and stores nothing), two at a time over kept-alive
 * connections. The in-process warm-up above leaves out Node's HTTP parser, the lanes, the access
 * line, cookies and the writing of the answer: without this, the first entries after a restart were
 * answered in up to 0.5-0.9 s. Nothing else reaches this process before it listens, so every request
 * until then is the warm-up's: their access lines are written at debug and the request and entry
 * series forget them.
 */
async function warmLanes(listener: RequestListener, path: string): Promise<void> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: 0, exclusive: true }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const send = (method: "GET" | "POST", body?: string) =>
    new Promise<number>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { "User-Agent": PHONE, "Accept-Encoding": "gzip" };
      if (body !== undefined)
        Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) });
      const request = http.request({ host: "127.0.0.1", port, path, method, agent, headers }, (response: IncomingMessage) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode ?? 0));
        response.once("error", reject);
      });
      request.once("error", reject);
      request.end(body);
    });
  try {
    const statuses = new Set<number>();
    await accessLinesAtDebug(async () => {
      for (let round = 0; round < LANE_ROUNDS; round++) {
        for (const status of await Promise.all([send("GET"), send("POST", BOT_ENTRY)])) statuses.add(status);
      }
    });
    // The page answers 200 and the form 303; anything else is worth a look, not a stop.
    const unexpected = [...statuses].filter((status) => status !== 200 && status !== 303);
    if (unexpected.length > 0) log.warn(`the warm-up's requests to ${path} were answered ${unexpected.join(", ")}`);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    forgetWarmUpRequests();
  }
}
