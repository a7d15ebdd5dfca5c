/**
 * A campaign's time zone over real HTTP (decision 095): a New York campaign's last day ends at
 * 23:59 New York time; an entry after that is refused, and the page names the zone. Decision 096:
 * a campaign ending "Friday 23:59" in New York's winter closes at 04:59 UTC on Saturday and says so on
 * its page, its rules, its emails and the winner's claim page; one that ends across a daylight-saving
 * change ends at its local 23:59 exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { campaignWindow, zoneOffsetMs, zonedDateInput } from "~/domain/campaign-time-zone";
import { closedReason } from "~/server/entries/gate.server";
import { notifyWinners } from "~/server/draw/notify.server";
import { claimPathFromEmail, drawnCampaign } from "../helpers/winners";
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

const HOUR = 3_600_000;
const page = async (path: string) => visible(await (await fetch(`${app.url}${path}`, { headers: { "User-Agent": BROWSER } })).text());
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The first Friday from two days ahead whose Tuesday-to-Friday week New York spends on winter time
 * (UTC-5): found from today, so the test keeps working whatever day it runs.
 */
function nextWinterFriday(): string {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let day = today + 2 * DAY; day < today + 366 * DAY; day += DAY) {
    if (new Date(day).getUTCDay() !== 5) continue;
    const winter = [day - 3 * DAY, day, day + DAY].every((ms) => zoneOffsetMs(new Date(ms + 12 * HOUR), ZONE) === -5 * HOUR);
    if (winter) return ymd(day);
  }
  throw new Error("no winter Friday within a year");
}

/** The Sunday after the next change of `zone`'s clocks within a year, and the offsets before and after. */
function sundayAfterNextChange(zone: string): { sunday: string; before: number; after: number } {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let day = today + 2 * DAY; day < today + 366 * DAY; day += DAY) {
    const before = zoneOffsetMs(new Date(day - 12 * HOUR), zone);
    const after = zoneOffsetMs(new Date(day + 12 * HOUR), zone);
    if (before === after) continue;
    // The change is on `day` (a Sunday in the US and the EU): the campaign's last day is the Sunday after.
    let sunday = day + DAY;
    while (new Date(sunday).getUTCDay() !== 0) sunday += DAY;
    return { sunday: ymd(sunday), before, after };
  }
  throw new Error(`no clock change in ${zone} within a year`);
}

describe("a New York campaign that ends on a Friday in winter (decision 096)", () => {
  it("stops taking entries at 04:59 UTC on Saturday and says 23:59 New York time on its page, rules, emails and claim page", async () => {
    const friday = nextWinterFriday();
    const tuesday = ymd(Date.parse(`${friday}T00:00:00Z`) - 3 * DAY);
    const window = campaignWindow(tuesday, 4, ZONE)!;
    const saturday = ymd(Date.parse(`${friday}T00:00:00Z`) + DAY);
    expect(window.end.toISOString()).toBe(`${saturday}T04:59:00.000Z`);
    expect(window.start.toISOString()).toBe(`${tuesday}T05:00:00.000Z`);

    const campaign = await createCampaign({ timeZone: ZONE, startDate: window.start, endDate: window.end, durationDays: 4 });
    // The entry gate: open a millisecond before 04:59 UTC on Saturday, closed from then on.
    expect(closedReason(campaign, new Date(window.end.getTime() - 1))).toBeNull();
    expect(closedReason(campaign, window.end)).toBe("ended");
    expect(closedReason(campaign, new Date(window.end.getTime() - 5 * HOUR + 60_000))).toBeNull();

    const friendly = new Date(`${friday}T12:00:00Z`).toLocaleDateString("en-GB", {
      timeZone: "UTC",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    const endText = `Friday ${friendly}, 23:59 New York time`;
    const campaignPage = await page(`/campaign/${campaign.id}`);
    expect(campaignPage).toContain(endText);
    expect(campaignPage).not.toMatch(/04:59 UTC/);
    const rules = await page(`/campaign/${campaign.id}/rules`);
    expect(rules).toContain(endText);
    expect(rules).toContain("All times are New York time (America/New_York).");

    // While it runs (its start moved back so it is live), an entrant's confirm request names the end the same way.
    await prisma.campaign.update({ where: { id: campaign.id }, data: { startDate: new Date(Date.now() - DAY), endDate: window.end } });
    expect((await enter(campaign.id, "friday.entrant@example.com")).status).toBe(303);
    const email = await prisma.outboundEmail.findFirstOrThrow({
      where: { to: "friday.entrant@example.com" },
      orderBy: { createdAt: "desc" },
    });
    expect(email.template).toBe("entry_confirm_request");
    expect(visible(email.text ?? "") + visible(email.html)).toContain(endText);
  });

  it("writes the winner's claim deadline in the campaign's zone: the email and the claim page", async () => {
    const friday = nextWinterFriday();
    const saturday = ymd(Date.parse(`${friday}T00:00:00Z`) + DAY);
    const deadline = new Date(`${saturday}T04:59:00.000Z`);
    const drawn = await drawnCampaign({ deadline });
    await prisma.campaign.update({ where: { id: drawn.campaign.id }, data: { timeZone: ZONE } });
    await notifyWinners(drawn.campaign.id);
    const friendly = new Date(`${friday}T12:00:00Z`).toLocaleDateString("en-GB", {
      timeZone: "UTC",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    const deadlineText = `Friday ${friendly}, 23:59 New York time`;

    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: drawn.winner.email, template: "winner_notification" } });
    expect(email.text).toContain(deadlineText);
    const claim = await page(await claimPathFromEmail(drawn.winner.email));
    expect(claim).toContain("Claim your prize");
    // The page's words, without its tags (the deadline sits in a <time> element).
    const words = claim.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");
    expect(words).toContain(`Claim before ${deadlineText}.`);
    expect(words).not.toContain(" UTC");
  });
});

describe("a campaign whose last days cross a daylight-saving change (decision 096)", () => {
  for (const zone of ["America/New_York", "Europe/Paris"]) {
    it(`ends at 23:59 on ${zone}'s clocks on the Sunday after the change, to the minute`, async () => {
      const { sunday, before, after } = sundayAfterNextChange(zone);
      // Ten days ending on that Sunday: the start is on the old offset, the end on the new one.
      const start = ymd(Date.parse(`${sunday}T00:00:00Z`) - 9 * DAY);
      const window = campaignWindow(start, 10, zone)!;
      expect(window.start.getTime()).toBe(Date.parse(`${start}T00:00:00Z`) - before);
      expect(window.end.getTime()).toBe(Date.parse(`${sunday}T23:59:00Z`) - after);
      // Ten calendar days are an hour more or less than ten times 24 hours.
      expect(window.end.getTime() - window.start.getTime()).toBe(10 * DAY - 60_000 + before - after);

      const campaign = await createCampaign({ timeZone: zone, startDate: window.start, endDate: window.end, durationDays: 10 });
      const label = zone === ZONE ? "New York time" : "Paris time";
      const rules = await page(`/campaign/${campaign.id}/rules`);
      expect(rules).toMatch(new RegExp(`\\w+day \\d{1,2} \\w+ \\d{4}, 00:00 ${label}`));
      expect(rules).toMatch(new RegExp(`Sunday \\d{1,2} \\w+ \\d{4}, 23:59 ${label}`));
      expect(await page(`/campaign/${campaign.id}`)).toMatch(new RegExp(`Sunday \\d{1,2} \\w+ \\d{4}, 23:59 ${label}`));
      expect(closedReason(campaign, new Date(window.end.getTime() - 1))).toBeNull();
      expect(closedReason(campaign, window.end)).toBe("ended");
    });
  }
});
