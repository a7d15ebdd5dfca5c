/**
 * Entrants completing entry actions over real HTTP, as a browser without JavaScript does it
 * (decision 077): each kind counts once (a daily one once a day) in one transaction that adds its
 * bonus to the entry's weight, and every refusal writes nothing (a wrong code only its try).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_TRIES } from "~/domain/entry-actions";
import { ACTION_MESSAGES } from "~/domain/entry-actions";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { confirmEntryByEmail } from "../helpers/entries";
import { HttpBrowser, postForm } from "../helpers/http";
import { dataPage } from "~/server/data-rights/data.server";
import { eraseAddress } from "~/server/data-rights/erase.server";
import { actionFigures } from "~/server/analytics/actions.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

let app: InProcessAppServer;

beforeAll(async () => {
  process.env.ENTRY_LIMIT_PER_IP = "100000";
  app = await startAppServer();
  // Vite compiles the routes on their first request: done here (hookTimeout), not in the first test's 30 s.
  const campaign = await createCampaign();
  for (const path of [`/campaign/${campaign.id}`, `/campaign/${campaign.id}/actions/none`, `/campaign/${campaign.id}/actions/none/go`])
    await fetch(`${app.url}${path}`, { redirect: "manual" });
  await postForm(app.url, `/campaign/${campaign.id}/actions/none`, {}, { "User-Agent": BROWSER });
  await postForm(app.url, `/campaign/${campaign.id}`, { email: "warm-up@example.com", agreedToTerms: "on" }, { "User-Agent": BROWSER });
}, 180_000);

afterAll(async () => {
  await app.close();
});

const visible = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

/** A browser (real HTTP, its cookies kept) that reads the campaign page as its visible text. */
class Browser extends HttpBrowser {
  constructor() {
    super(app.url, BROWSER);
  }
  async page(campaignId: string): Promise<string> {
    return visible(await (await this.get(`/campaign/${campaignId}`)).text());
  }
}

async function campaignWithActions(overrides: Parameters<typeof createCampaign>[0] = {}) {
  const campaign = await createCampaign(overrides);
  const make = (position: number, data: { kind: string; label: string; bonus: number; [key: string]: unknown }) =>
    prisma.entryAction.create({ data: { campaignId: campaign.id, position, ...data } });
  const actions = {
    visit: await make(0, { kind: "visit", label: "Visit our new drop", bonus: 2, url: "https://shop.example/new" }),
    code: await make(1, { kind: "code", label: "Enter the code from our newsletter", bonus: 3, code: "SPRING24" }),
    choice: await make(2, { kind: "question", label: "Tell us your colour", bonus: 1, question: "Which colour?", choices: "Red\nBlue" }),
    text: await make(3, { kind: "question", label: "Tell us about you", bonus: 1, question: "What do you wear most?", choices: "" }),
    daily: await make(4, { kind: "daily", label: "Come back every day", bonus: 1 }),
    follow: await make(5, {
      kind: "follow",
      label: "Follow us on Instagram",
      bonus: 2,
      platform: "instagram",
      url: "https://www.instagram.com/testbrand",
    }),
  };
  return { campaign, actions };
}

/** Enters through the form (the entered_ cookie), then confirms by the emailed link. */
async function confirmedEntrant(campaignId: string, email: string, confirm = true) {
  const browser = new Browser();
  const entered = await browser.post(`/campaign/${campaignId}`, { email, agreedToTerms: "on" });
  expect(entered.status).toBe(303);
  const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId, email } });
  if (confirm) browser.absorb(await confirmEntryByEmail(app.url, entry.id));
  return { browser, entryId: entry.id };
}

const entryOf = (id: string) => prisma.entry.findUniqueOrThrow({ where: { id }, select: { bonusEntries: true, actionBonus: true } });
const completions = (entryId: string) => prisma.actionCompletion.findMany({ where: { entryId }, orderBy: { completedAt: "asc" } });
const actionPath = (campaignId: string, actionId: string) => `/campaign/${campaignId}/actions/${actionId}`;

describe("completing each kind", () => {
  it("counts each action once, adds its bonus, ticks it on the entered view and shows the new total", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "doer@example.com");

    let page = await browser.page(campaign.id);
    expect(page).toContain("Earn bonus entries");
    expect(page).toContain("You have 1 entry");
    for (const label of ["Visit our new drop", "Enter the code from our newsletter", "Come back every day", "Follow us on Instagram"])
      expect(page).toContain(label);
    expect(page).toContain("+3 entries");
    expect(page).toContain("Self-reported");
    expect(page).toContain("Verified");
    expect(page).toContain("Refer friends");
    expect(page).not.toContain('data-testid="action-done"');

    // Visit: the tracked link counts, then redirects to the page.
    const visit = await browser.get(`${actionPath(campaign.id, actions.visit.id)}/go`);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toBe("https://shop.example/new");
    expect(visit.headers.get("Cache-Control")).toBe("private, no-store");

    // Code: case and spaces do not matter.
    const code = await browser.post(actionPath(campaign.id, actions.code.id), { code: "spring 24" });
    expect(code.status).toBe(303);
    expect(code.headers.get("Location")).toBe(`/campaign/${campaign.id}#actions`);

    expect((await browser.post(actionPath(campaign.id, actions.choice.id), { answer: "Blue" })).status).toBe(303);
    expect((await browser.post(actionPath(campaign.id, actions.text.id), { answer: "  Hoodies,   mostly " })).status).toBe(303);
    expect((await browser.post(actionPath(campaign.id, actions.daily.id), {})).status).toBe(303);
    expect((await browser.post(actionPath(campaign.id, actions.follow.id), { handle: "https://www.instagram.com/@Anne.Doe" })).status).toBe(
      303,
    );

    expect(await entryOf(entryId)).toEqual({ bonusEntries: 10, actionBonus: 10 });
    const rows = await completions(entryId);
    expect(rows.map((row) => [row.actionId, row.bonus, row.answer, row.ipNetwork])).toEqual([
      [actions.visit.id, 2, null, "127.0.0.0/24"],
      [actions.code.id, 3, null, "127.0.0.0/24"],
      [actions.choice.id, 1, "Blue", "127.0.0.0/24"],
      [actions.text.id, 1, "Hoodies, mostly", "127.0.0.0/24"],
      [actions.daily.id, 1, null, "127.0.0.0/24"],
      [actions.follow.id, 2, "anne.doe", "127.0.0.0/24"],
    ]);
    expect(rows.find((row) => row.actionId === actions.daily.id)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(rows.find((row) => row.actionId === actions.code.id)?.day).toBe("");

    page = await browser.page(campaign.id);
    expect(page).toContain("You have 11 entries");
    expect(page.match(/data-testid="action-done"/g)).toHaveLength(6);
    expect(page).toContain("Done today. Come back tomorrow for another bonus entry.");
  });
});

describe("refusals write nothing", () => {
  it("refuses an unconfirmed entry, then a browser without an entry, with their words", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "pending@example.com", false);
    expect(await browser.page(campaign.id)).toContain("Bonus actions open once you confirm your entry.");
    const refused = await browser.post(actionPath(campaign.id, actions.daily.id), {});
    expect(refused.status).toBe(403);
    expect(visible(await refused.text())).toContain(ACTION_MESSAGES.notConfirmed);
    const visit = await browser.get(`${actionPath(campaign.id, actions.visit.id)}/go`);
    expect(visit.status).toBe(302);
    const stranger = await new Browser().post(actionPath(campaign.id, actions.code.id), { code: "SPRING24" });
    expect(stranger.status).toBe(403);
    expect(await completions(entryId)).toHaveLength(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 0, actionBonus: 0 });
    expect(await prisma.actionCompletion.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("refuses twice, and a second daily bonus the same day", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "twice@example.com");
    expect((await browser.post(actionPath(campaign.id, actions.follow.id), { handle: "@anne" })).status).toBe(303);
    const again = await browser.post(actionPath(campaign.id, actions.follow.id), { handle: "@anne" });
    expect(again.status).toBe(409);
    expect(visible(await again.text())).toContain(ACTION_MESSAGES.done);
    expect((await browser.post(actionPath(campaign.id, actions.daily.id), {})).status).toBe(303);
    const daily = await browser.post(actionPath(campaign.id, actions.daily.id), {});
    expect(daily.status).toBe(409);
    expect(visible(await daily.text())).toContain(ACTION_MESSAGES.doneToday);
    // A visit followed twice: redirected both times, counted once.
    expect((await browser.get(`${actionPath(campaign.id, actions.visit.id)}/go`)).status).toBe(302);
    expect((await browser.get(`${actionPath(campaign.id, actions.visit.id)}/go`)).status).toBe(302);
    // Many at once from two tabs: still once.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => browser.post(actionPath(campaign.id, actions.choice.id), { answer: "Red" })),
    );
    expect(burst.filter((response) => response.status === 303)).toHaveLength(1);
    expect(burst.filter((response) => response.status === 409)).toHaveLength(4);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 6, actionBonus: 6 });
    expect(await completions(entryId)).toHaveLength(4);
  });

  it("refuses after the end and once the list is frozen", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "late@example.com");
    await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: new Date() } });
    const frozen = await browser.post(actionPath(campaign.id, actions.daily.id), {});
    expect(frozen.status).toBe(409);
    expect(visible(await frozen.text())).toContain(ACTION_MESSAGES.closed);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: null, endDate: new Date(Date.now() - 1000) } });
    const ended = await browser.post(actionPath(campaign.id, actions.code.id), { code: "SPRING24" });
    expect(ended.status).toBe(409);
    expect(visible(await ended.text())).toContain(ACTION_MESSAGES.closed);
    expect((await browser.get(`${actionPath(campaign.id, actions.visit.id)}/go`)).status).toBe(302);
    expect(await completions(entryId)).toHaveLength(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 0, actionBonus: 0 });
  });

  it(`refuses a wrong code, writes each try, and after ${MAX_CODE_TRIES} closes the action even to the right code`, async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "guesser@example.com");
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < MAX_CODE_TRIES; i += 1) {
      const wrong = await browser.post(actionPath(campaign.id, actions.code.id), { code: `WRONG${i}` });
      statuses.push(wrong.status);
      messages.push(visible(await wrong.text()));
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    expect(messages[0]).toContain(ACTION_MESSAGES.wrongCode);
    expect(messages[0]).toContain('name="code"');
    expect(messages[4]).toContain(ACTION_MESSAGES.noTriesLeft);
    const sixth = await browser.post(actionPath(campaign.id, actions.code.id), { code: "SPRING24" });
    expect(sixth.status).toBe(429);
    expect(visible(await sixth.text())).toContain(ACTION_MESSAGES.noTriesLeft);
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(MAX_CODE_TRIES);
    expect(await completions(entryId)).toHaveLength(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 0, actionBonus: 0 });
  });

  it("refuses an empty answer, an answer not among the choices, a bad handle, and another campaign's action", async () => {
    const { campaign, actions } = await campaignWithActions();
    const other = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "sloppy@example.com");
    for (const [actionId, fields, message] of [
      [actions.text.id, { answer: "   " }, ACTION_MESSAGES.noAnswer],
      [actions.choice.id, { answer: "Green" }, ACTION_MESSAGES.noAnswer],
      [actions.choice.id, {}, ACTION_MESSAGES.noAnswer],
      [actions.follow.id, { handle: "not a handle!" }, ACTION_MESSAGES.badHandle],
    ] as const) {
      const response = await browser.post(actionPath(campaign.id, actionId), fields);
      expect(response.status).toBe(422);
      expect(visible(await response.text())).toContain(message);
    }
    const foreign = await browser.post(actionPath(campaign.id, other.actions.daily.id), {});
    expect(foreign.status).toBe(404);
    expect(visible(await foreign.text())).toContain(ACTION_MESSAGES.unknownAction);
    expect((await browser.get(`${actionPath(campaign.id, other.actions.visit.id)}/go`)).status).toBe(404);
    // A visit is counted by its link, never by a post.
    expect((await browser.post(actionPath(campaign.id, actions.visit.id), {})).status).toBe(404);
    expect(await completions(entryId)).toHaveLength(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 0, actionBonus: 0 });
  });

  it("does not count a prefetch or a HEAD of the tracked link", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "prefetch@example.com");
    const path = `${actionPath(campaign.id, actions.visit.id)}/go`;
    const prefetches: Record<string, string>[] = [
      { "Sec-Purpose": "prefetch" },
      { Purpose: "prefetch" },
      { "Sec-Purpose": "prefetch;prerender" },
    ];
    for (const headers of prefetches) {
      const prefetch = await browser.get(path, headers);
      expect(prefetch.status).toBe(503);
      expect(prefetch.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const head = await fetch(`${app.url}${path}`, { method: "HEAD", redirect: "manual", headers: { Cookie: browser.cookie() } });
    expect(head.status).toBe(302);
    expect(await completions(entryId)).toHaveLength(0);
    expect((await browser.get(path)).status).toBe(302);
    expect(await completions(entryId)).toHaveLength(1);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 2, actionBonus: 2 });
  });
});

describe("the personal link", () => {
  it("is in the confirmation email with the actions, and opens the entry in another browser", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { entryId } = await confirmedEntrant(campaign.id, "linked@example.com");
    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: "linked@example.com", template: "entry_confirmation" } });
    expect(email.text).toContain("Visit our new drop (+2 entries, Tracked)");
    expect(email.text).toContain("Follow us on Instagram (+2 entries, Self-reported)");
    expect(email.text).toContain("Enter the code from our newsletter (+3 entries, Verified)");
    const link = new RegExp(`https?://\\S+/campaign/${campaign.id}/entry/${entryId}-[0-9a-f]{32}`).exec(email.text ?? "")?.[0];
    expect(link).toBeDefined();

    const phone = new Browser();
    const opened = await phone.get(new URL(link!).pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe(`/campaign/${campaign.id}#enter`);
    const page = await phone.page(campaign.id);
    expect(page).toContain("You have 1 entry");
    expect(page).toContain(entryId);
    expect((await phone.post(actionPath(campaign.id, actions.daily.id), {})).status).toBe(303);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 1, actionBonus: 1 });

    const forged = new URL(link!).pathname.replace(/.$/, (last) => (last === "0" ? "1" : "0"));
    const refused = await new Browser().get(forged);
    expect(refused.status).toBe(404);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("leaves the confirmation email as before for a campaign without actions", async () => {
    const campaign = await createCampaign();
    await confirmedEntrant(campaign.id, "plain@example.com");
    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { to: "plain@example.com", template: "entry_confirmation" } });
    expect(email.html).not.toContain("/entry/");
    expect(email.html).not.toContain('href=""');
    expect(email.text).not.toContain("Earn bonus entries");
  });
});

describe("the entrant's data rights", () => {
  it("shows the actions done with their answers on the data page, and erasure removes answers, networks and wrong codes", async () => {
    const { campaign, actions } = await campaignWithActions();
    const { browser, entryId } = await confirmedEntrant(campaign.id, "rights@example.com");
    expect((await browser.post(actionPath(campaign.id, actions.text.id), { answer: "Mostly hoodies" })).status).toBe(303);
    expect((await browser.post(actionPath(campaign.id, actions.follow.id), { handle: "@rights.person" })).status).toBe(303);
    expect((await browser.post(actionPath(campaign.id, actions.code.id), { code: "WRONG1" })).status).toBe(422);

    const shown = await dataPage("rights@example.com", new Date(Date.now() + 60_000));
    const entry = shown?.entries.find((row) => row.id === entryId);
    expect(entry?.weight).toBe(4);
    expect(entry?.actions.map((done) => [done.label, done.bonus, done.answer, done.rejected])).toEqual([
      ["Tell us about you", 1, "Mostly hoodies", false],
      ["Follow us on Instagram", 2, "rights.person", false],
    ]);

    await eraseAddress("rights@example.com");
    const rows = await completions(entryId);
    expect(rows.map((row) => [row.actionId, row.bonus, row.answer, row.ipNetwork])).toEqual([
      [actions.text.id, 1, null, null],
      [actions.follow.id, 2, null, null],
    ]);
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 3, actionBonus: 3 });
  });
});

describe("the creator's analytics", () => {
  it("counts completions per action, the share of entrants, the choices chosen and the latest free-text answers", async () => {
    const { campaign, actions } = await campaignWithActions();
    const first = await confirmedEntrant(campaign.id, "figures-1@example.com");
    const second = await confirmedEntrant(campaign.id, "figures-2@example.com");
    await confirmedEntrant(campaign.id, "figures-3@example.com");
    expect((await first.browser.post(actionPath(campaign.id, actions.choice.id), { answer: "Blue" })).status).toBe(303);
    expect((await second.browser.post(actionPath(campaign.id, actions.choice.id), { answer: "Blue" })).status).toBe(303);
    expect((await first.browser.post(actionPath(campaign.id, actions.text.id), { answer: "Tees" })).status).toBe(303);
    expect((await second.browser.post(actionPath(campaign.id, actions.follow.id), { handle: "@second" })).status).toBe(303);
    // A rejected claim is not counted.
    await prisma.actionCompletion.updateMany({
      where: { entryId: second.entryId, actionId: actions.follow.id },
      data: { disqualifiedAt: new Date(), disqualifyReason: "false_claim" },
    });

    const figures = await actionFigures(campaign.id);
    const byLabel = new Map(figures.map((figure) => [figure.label, figure]));
    expect(figures).toHaveLength(6);
    expect(byLabel.get("Tell us your colour")).toMatchObject({
      completions: 2,
      entrants: 2,
      verification: "Answered",
      choices: [
        { choice: "Red", count: 0 },
        { choice: "Blue", count: 2 },
      ],
    });
    expect(byLabel.get("Tell us about you")).toMatchObject({ completions: 1, answers: ["Tees"], choices: null });
    expect(byLabel.get("Follow us on Instagram")).toMatchObject({ completions: 0, entrants: 0, verification: "Self-reported" });
  });
});
