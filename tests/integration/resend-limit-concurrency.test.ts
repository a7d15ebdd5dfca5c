/**
 * The repeat entry's re-send limit (one email per entry per 10 minutes) holds under concurrency
 * (decision 065): 50 repeat entries of one address at the same moment, each from its own client
 * address (X-Forwarded-For behind TRUST_PROXY, so the per-address limits do not stop them), queue
 * exactly one email. The limit is one conditional update of the entry's lastResendAt in the
 * transaction that queues the message; a count of recent messages followed by an insert let several
 * through (8 on PostgreSQL, 3 on SQLite).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryByEmail } from "../helpers/entries";
import { postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const REPEATS = 50;

let app: InProcessAppServer;

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For, so each repeat comes from an address of its own.
  process.env.TRUST_PROXY = "true";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
  delete process.env.TRUST_PROXY;
});

function enter(campaignId: string, email: string, ip: string): Promise<Response> {
  return postForm(app.url, `/campaign/${campaignId}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER, "X-Forwarded-For": ip });
}

const resends = (entryId: string) => prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `entry-resend:${entryId}:` } } });

describe("50 repeat entries of one address at once, from 50 addresses", () => {
  it.each([
    ["pending", false],
    ["confirmed", true],
  ])("send the %s entry's email again exactly once", async (_state, confirm) => {
    const campaign = await createCampaign();
    const address = `popular-${confirm ? "confirmed" : "pending"}@example.com`;
    expect((await enter(campaign.id, address, "198.51.100.1")).status).toBe(303);
    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    if (confirm) expect((await confirmEntryByEmail(app.url, entry.id, { "X-Forwarded-For": "198.51.100.1" })).status).toBe(303);

    const answers = await Promise.all(
      Array.from({ length: REPEATS }, (_, i) => enter(campaign.id, address.toUpperCase(), `203.0.113.${i + 1}`)),
    );
    // Each gets the page back with the neutral "already entered" (no cookie naming the entry).
    expect(answers.map((answer) => answer.status)).toEqual(Array(REPEATS).fill(303));
    expect(answers.filter((answer) => answer.headers.getSetCookie().some((line) => line.startsWith("entered_")))).toHaveLength(0);

    const sent = await resends(entry.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: address, template: confirm ? "entry_confirmation" : "entry_confirm_request" });
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).lastResendAt).not.toBeNull();
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(1);
  });
});
