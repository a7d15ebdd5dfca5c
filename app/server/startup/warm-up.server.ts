/**
 * Before a worker takes requests (issue 31: the first second after a deploy no slower than the
 * rest): the code a spike runs first is run once here, writing nothing. A fresh process otherwise
 * pays, on its first visitors, for loading and compiling the route modules, React's first server
 * render, the first queries and the entry path's first email render (measured: the first entry and
 * the first page 0.4-1 s where the next ones take 10-40 ms).
 */
import { CampaignStatus } from "../../domain/campaign-status";
import { campaignPath, href } from "../../paths";
import { prisma } from "../core/db.server";
import { log } from "../core/log.server";
import { entryOrigin } from "../entries/form.server";
import { warmEntryPath } from "../entries/submit.server";

/** Page renders and entry paths run at start (about 0.1 s of a worker's start-up together). */
const PAGE_ROUNDS = 3;
const ENTRY_ROUNDS = 50;

/**
 * Renders the newest live campaign's page as an anonymous visitor gets it (`renderPage`, the page
 * cache's renderer: no cookie, so no view is counted), or the home page when none is live, and runs
 * that campaign's entry path for a made-up entrant without storing anything. A failure is logged
 * and the worker serves anyway.
 */
export async function warmUp(renderPage: (path: string) => Promise<unknown>): Promise<void> {
  const started = performance.now();
  try {
    const now = new Date();
    const campaign = await prisma.campaign.findFirst({
      where: { status: CampaignStatus.active, startDate: { lte: now }, endDate: { gt: now } },
      orderBy: { startDate: "desc" },
      select: { id: true },
    });
    // Several times over: V8 compiles a function for speed only once it has run a while.
    const path = campaign ? campaignPath(campaign.id) : href("/");
    for (let round = 0; round < PAGE_ROUNDS; round++) await renderPage(path);
    if (campaign) {
      const origin = entryOrigin();
      for (let round = 0; round < ENTRY_ROUNDS; round++) await warmEntryPath(campaign.id, origin);
    }
    log.debug(`warmed up in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    log.warn({ err: error }, "the warm-up failed; serving anyway");
  }
}
