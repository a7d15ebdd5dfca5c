/**
 * A repeat entry over real HTTP (decisions 010 and 038): typing an address that has already entered must not
 * hand its entry to whoever typed it. No "entered" cookie, none of the entry's details (masked
 * email, entry count, referral link, coupon); a neutral "Already Entered!" instead, and the entry's
 * own confirmation email goes again to the address that entered, at most once per 10 minutes.
 * The browser that made the entry still sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryByEmail } from "../helpers/entries";
import { postForm } from "../helpers/http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const NEUTRAL = "This email has already entered this giveaway. Its confirmation email, with the entry&#x27;s personal link, has been sent";
const WINDOW_MS = 10 * 60 * 1000;

let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

function enter(campaignId: string, email: string, cookie = ""): Promise<Response> {
  return postForm(app.url, `/campaign/${campaignId}`, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER, Cookie: cookie });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

const enteredCookie = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith("entered_"));

/** The page the browser lands on after the 303, with the cookies that answer set. */
async function landing(campaignId: string, response: Response, cookie = ""): Promise<string> {
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe(`/campaign/${campaignId}#enter`);
  // As a browser keeps them: a cookie set again replaces the one it had.
  const jar = new Map<string, string>();
  for (const pair of [...cookie.split("; "), ...cookiesOf(response).split("; ")].filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
  const cookies = [...jar.values()].join("; ");
  const page = await fetch(`${app.url}/campaign/${campaignId}`, { headers: { Cookie: cookies, "User-Agent": BROWSER } });
  return (await page.text()).replace(/<!-- -->/g, "");
}

const resends = (entryId: string) =>
  prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `entry-resend:${entryId}:` } }, orderBy: { createdAt: "asc" } });

async function victimEntry() {
  const campaign = await createCampaign({ giveCouponToEntrants: true, entrantCouponCode: "THANKS15", entrantCouponDescription: "15% off" });
  const first = await enter(campaign.id, "victim.person@example.com");
  const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
  // The victim confirmed from their inbox (decision 038): the entry counts and has its link.
  expect((await confirmEntryByEmail(app.url, entry.id)).status).toBe(303);
  // A friend entered through the victim's link: the victim holds 4 entries.
  await prisma.entry.update({ where: { id: entry.id }, data: { bonusEntries: 3 } });
  return { campaign, entry, victimCookie: cookiesOf(first) };
}

function expectNothingOf(html: string, entryId: string) {
  expect(html).not.toContain(`ref=${entryId}`);
  expect(html).not.toContain("vic***@example.com");
  expect(html).not.toContain("victim.person");
  expect(html).not.toContain("THANKS15");
  expect(html).not.toContain('data-testid="your-entries"');
  expect(html).not.toContain("4 entries");
  expect(html).not.toContain("You&#x27;re In!");
}

describe("a repeat of someone else's address", () => {
  it("gets no cookie and none of the entry's details, and sends the entry's email again once", async () => {
    const { campaign, entry } = await victimEntry();

    const stranger = await enter(campaign.id, "Victim.Person@Example.com");
    expect(enteredCookie(stranger)).toBeUndefined();
    const html = await landing(campaign.id, stranger);
    expect(html).toContain("Already Entered!");
    expect(html).toContain(NEUTRAL);
    // The entry form stays: the stranger has entered nothing.
    expect(html).toContain('data-entry-form="true"');
    expectNothingOf(html, entry.id);

    const [resent, ...more] = await resends(entry.id);
    expect(more).toHaveLength(0);
    // To the address as it entered, with the entry's own link: only its owner learns it.
    expect(resent?.to).toBe("victim.person@example.com");
    expect(resent?.template).toBe("entry_confirmation");
    expect(resent?.text).toContain(`/campaign/${campaign.id}?ref=${entry.id}`);

    // Again within the window: the same answer, and no second email.
    const again = await enter(campaign.id, "victim.person@example.com");
    expect(enteredCookie(again)).toBeUndefined();
    expect(await landing(campaign.id, again)).toContain(NEUTRAL);
    expect(await resends(entry.id)).toHaveLength(1);
    expect(await prisma.entry.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it("sends the email again once the 10 minutes have passed", async () => {
    const { campaign, entry } = await victimEntry();
    await enter(campaign.id, "victim.person@example.com");
    // Ten minutes pass for that re-send (the entry's lastResendAt; its key names the window it fell in).
    const [first] = await resends(entry.id);
    const earlier = new Date(Date.now() - WINDOW_MS - 1000);
    await prisma.outboundEmail.update({
      where: { id: first!.id },
      data: { createdAt: earlier, dedupeKey: `entry-resend:${entry.id}:${Math.floor(earlier.getTime() / WINDOW_MS)}` },
    });
    await prisma.entry.update({ where: { id: entry.id }, data: { lastResendAt: new Date(Date.now() - WINDOW_MS + 1000) } });
    // Not quite ten minutes yet: still one.
    await enter(campaign.id, "victim.person@example.com");
    expect(await resends(entry.id)).toHaveLength(1);
    await prisma.entry.update({ where: { id: entry.id }, data: { lastResendAt: earlier } });
    await enter(campaign.id, "victim.person@example.com");
    expect(await resends(entry.id)).toHaveLength(2);
  });

  it("is answered the same way on a network over its entry limit", async () => {
    const { campaign, entry } = await victimEntry();
    process.env.ENTRY_LIMIT_PER_IP = "1";
    await app.resetConfig();
    try {
      // Everyone here comes from 127.0.0.1, which has entered already: new entries get 429...
      expect((await enter(campaign.id, "newcomer@example.com")).status).toBe(429);
      // ...and a repeat still gets Already Entered!, neutrally.
      const stranger = await enter(campaign.id, "victim.person@example.com");
      expect(enteredCookie(stranger)).toBeUndefined();
      const html = await landing(campaign.id, stranger);
      expect(html).toContain(NEUTRAL);
      expectNothingOf(html, entry.id);
    } finally {
      process.env.ENTRY_LIMIT_PER_IP = "100000";
      await app.resetConfig();
    }
  });
});

describe("a repeat of someone else's pending entry", () => {
  it("sends the confirm link again to the address that entered, shows nothing, and confirms nothing", async () => {
    const campaign = await createCampaign();
    await enter(campaign.id, "pending.person@example.com");
    const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const stranger = await enter(campaign.id, "Pending.Person@Example.com");
    expect(enteredCookie(stranger)).toBeUndefined();
    const html = await landing(campaign.id, stranger);
    expect(html).toContain(NEUTRAL);
    expect(html).not.toContain("Check your email to confirm your entry");
    expect(html).not.toContain("pen***@example.com");
    const [resent, ...more] = await resends(entry.id);
    expect(more).toHaveLength(0);
    expect(resent?.to).toBe("pending.person@example.com");
    expect(resent?.template).toBe("entry_confirm_request");
    expect(resent?.text).toContain(`/campaign/${campaign.id}/confirm/${entry.id}-`);
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: entry.id } })).confirmedAt).toBeNull();
  });
});

describe("the browser that made the entry", () => {
  it("still sees its own entry after entering again, and nothing is sent", async () => {
    const { campaign, entry, victimCookie } = await victimEntry();
    const again = await enter(campaign.id, "victim.person@example.com", victimCookie);
    expect(enteredCookie(again)).toBeDefined();
    const html = await landing(campaign.id, again, victimCookie);
    expect(html).toContain("Already Entered!");
    expect(html).toContain("You&#x27;re In!");
    expect(html).toContain(`ref=${entry.id}`);
    expect(html).toContain("4 entries");
    expect(await resends(entry.id)).toHaveLength(0);
  });
});
