/**
 * A campaign's time zone over real HTTP (decision 095): a New York campaign's last day ends at
 * 23:59 New York time; an entry after that is refused, and the page names the zone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { campaignWindow, zonedDateInput } from "~/domain/campaign-time-zone";
import { ENTRY_MESSAGES } from "~/domain/entries";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const ZONE = "America/New_York";
const DAY = 86_400_000;

let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** A week-long New York campaign whose last day is `lastDay` ("yyyy-mm-dd" on New York's clocks). */
async function newYorkCampaign(lastDay: string) {
  const start = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
  const window = campaignWindow(start, 7, ZONE)!;
  return createCampaign({ timeZone: ZONE, startDate: window.start, endDate: window.end, durationDays: 7 });
}

const visible = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

function enter(campaignId: string, email: string): Promise<Response> {
  return postForm(app.url, `/campaign/${campaignId}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER });
}

describe("a campaign in America/New_York", () => {
  it("refuses an entry once its last day's 23:59 has passed in New York, and says when it ended there", async () => {
    // Yesterday on New York's clocks: its 23:59 is behind us whatever the time of day.
    const yesterday = zonedDateInput(new Date(Date.now() - DAY), ZONE);
    const campaign = await newYorkCampaign(yesterday);
    expect(campaign.endDate!.getTime()).toBeLessThanOrEqual(Date.now());
    // The end is 04:59 or 03:59 UTC the day after: 23:59 in New York, not 23:59 UTC.
    expect(campaign.endDate!.toISOString()).toMatch(/T0[34]:59:00\.000Z$/);

    const response = await enter(campaign.id, "late.entrant@example.com");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(visible(await response.text())).toContain(ENTRY_MESSAGES.ended);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(0);

    const page = visible(await (await fetch(`${app.url}/campaign/${campaign.id}`, { headers: { "User-Agent": BROWSER } })).text());
    expect(page).toContain("Campaign Ended");
    expect(page).toMatch(new RegExp(`ended on \\w+day \\d{1,2} \\w+ \\d{4}, 23:59 New York time`));
  });

  it("takes an entry before its local end, and its page and rules give the end in New York time", async () => {
    const tomorrow = zonedDateInput(new Date(Date.now() + DAY), ZONE);
    const campaign = await newYorkCampaign(tomorrow);
    const response = await enter(campaign.id, "early.entrant@example.com");
    expect(response.status).toBe(303);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(1);

    const page = visible(await (await fetch(`${app.url}/campaign/${campaign.id}`, { headers: { "User-Agent": BROWSER } })).text());
    expect(page).toMatch(/ends on \w+day \d{1,2} \w+ \d{4}, 23:59 New York time/);
    const rules = visible(await (await fetch(`${app.url}/campaign/${campaign.id}/rules`, { headers: { "User-Agent": BROWSER } })).text());
    expect(rules).toMatch(/\w+day \d{1,2} \w+ \d{4}, 00:00 New York time/);
    expect(rules).toMatch(/\w+day \d{1,2} \w+ \d{4}, 23:59 New York time/);
    expect(rules).toContain("All times are New York time (America/New_York).");
  });
});
