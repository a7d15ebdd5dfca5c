import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryOf } from "../helpers/entries";
import { postForm } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

// Referral links and the anonymous page cache (decisions 059, 067): every ?ref= gets the one cached
// render, and the referral travels in the address the entry form is posted to.

const BROWSER = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

let app: InProcessAppServer;

beforeAll(async () => {
  // Long enough that nothing below outlives one render, however slow the machine.
  process.env.PUBLIC_PAGE_CACHE_MS = "60000";
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** An anonymous visitor's GET, as a browser without cookies sends it. */
const open = (path: string) => fetch(`${app.url}${path}`, { headers: { "User-Agent": BROWSER, "Accept-Encoding": "identity" } });

/** An entry form posted to `path`, as a browser without JavaScript sends it. */
const enter = (path: string, email: string, headers: Record<string, string> = {}) =>
  postForm(app.url, path, { email, agreedToTerms: "on" }, { "User-Agent": BROWSER, ...headers });

const entryOf = (campaignId: string, email: string) => prisma.entry.findFirstOrThrow({ where: { campaignId, email } });

/** The entry form's opening tag in a page. */
const entryFormTag = (html: string) => /<form[^>]*data-entry-form[^>]*>/.exec(html)?.[0] ?? "";

/** A referral id as entry ids look: 24 lower-case letters and digits. */
const randomRef = () => randomBytes(12).toString("hex");

describe("referral links and the page cache", () => {
  it("serves every referral link from one cached render: 60 different ?ref= values, one render, the same bytes", async () => {
    const campaign = await createCampaign();
    const first = await open(`/campaign/${campaign.id}`);
    expect(first.status).toBe(200);
    // The first anonymous request of the page waits for its render; everyone after it is served from memory.
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const etag = first.headers.get("etag");
    const html = await first.text();
    expect(html).toContain(campaign.title);

    const refs = Array.from({ length: 60 }, randomRef);
    const paths = [
      ...refs.map((ref) => `/campaign/${campaign.id}?ref=${ref}`),
      `/campaign/${campaign.id}?ref=${refs[0]}&utm_source=instagram`,
      `/campaign/${campaign.id}?ref=not%20an%20id`,
      `/campaign/${campaign.id}?${randomRef()}=${randomRef()}`,
    ];
    const answers = await Promise.all(paths.map(open));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, paths[i]).toBe(200);
      expect(answer.headers.get("x-page-cache"), paths[i]).toBe("hit");
      expect(answer.headers.get("etag"), paths[i]).toBe(etag);
      expect(answer.headers.get("cache-control"), paths[i]).toMatch(/^public, /);
      expect(await answer.text(), paths[i]).toBe(html);
    }
    // The shared page holds no referral: its form posts to whatever address the browser shows.
    expect(html).not.toContain('name="ref"');
    expect(entryFormTag(html)).toMatch(/ action="#enter"/);
  });

  it("credits the referral in the address the form was posted to: the entry lane, the page's action and the embed", async () => {
    const campaign = await createCampaign();
    await enter(`/campaign/${campaign.id}`, "sharer@example.com");
    await confirmEntryOf(app.url, campaign.id, "sharer@example.com");
    const ref = (await entryOf(campaign.id, "sharer@example.com")).id;

    // A new anonymous entry (the entry lane's): the form, with no ref of its own, posted to the link's address.
    const lane = await enter(`/campaign/${campaign.id}?ref=${ref}`, "friend@example.com");
    expect(lane.status).toBe(303);
    expect(lane.headers.get("location")).toBe(`/campaign/${campaign.id}#enter`);
    expect(await entryOf(campaign.id, "friend@example.com")).toMatchObject({ referrerId: ref });

    // A signed-in entrant's (the page's action, not the lane's), with tracking tags around the ref.
    const { jar, email } = await signedInJar("referred");
    const action = await enter(`/campaign/${campaign.id}/?utm_source=x&ref=${ref}&fbclid=y`, email, { Cookie: jar.header() });
    expect(action.status).toBe(303);
    expect(await entryOf(campaign.id, email)).toMatchObject({ referrerId: ref });

    // The embeddable card: its form has no action, so it posts to the card's own address, query and all.
    const card = await (await open(`/campaign/${campaign.id}/embed?ref=${ref}`)).text();
    expect(entryFormTag(card)).toMatch(/ method="post"/);
    expect(entryFormTag(card)).not.toMatch(/ action=/);
    const embedded = await enter(`/campaign/${campaign.id}/embed?ref=${ref}`, "framed@example.com");
    expect(embedded.status).toBe(200);
    expect(await entryOf(campaign.id, "framed@example.com")).toMatchObject({ referrerId: ref });

    // A mangled ref is no referral, and the entry still goes in (decision 011).
    await enter(`/campaign/${campaign.id}?ref=%3Cscript%3E`, "mangled@example.com");
    expect(await entryOf(campaign.id, "mangled@example.com")).toMatchObject({ referrerId: null });

    // The bonus follows the friend's confirmation, as before.
    await confirmEntryOf(app.url, campaign.id, "friend@example.com");
    await confirmEntryOf(app.url, campaign.id, "framed@example.com");
    expect((await prisma.entry.findUniqueOrThrow({ where: { id: ref } })).bonusEntries).toBeGreaterThanOrEqual(6);
  });

  it("keeps a referral link's query when the theme is switched on the shared page", async () => {
    const campaign = await createCampaign();
    const page = `/campaign/${campaign.id}`;
    const ref = randomRef();
    const switchTheme = (referer?: string) =>
      postForm(app.url, "/theme", { theme: "dark", redirectTo: page }, referer ? { Referer: referer } : {}).then((response) => {
        expect(response.status).toBe(302);
        return response.headers.get("location");
      });
    // The cached page's switch returns to the page as rendered, without the query; the browser's Referer has it.
    expect(await switchTheme(`${app.url}${page}?ref=${ref}`)).toBe(`${page}?ref=${ref}`);
    expect(await switchTheme()).toBe(page);
    expect(await switchTheme(`https://elsewhere.example${page}?ref=${ref}`)).toBe(page);
    expect(await switchTheme(`${app.url}/campaign/${campaign.id}/rules?ref=${ref}`)).toBe(page);
  });
});
