/**
 * Entry actions' data flowing out (decision 079), over real HTTP against fakes on 127.0.0.1: each
 * counted completion sends a signed entry.action_completed webhook (once; a daily action once a
 * day), the entries CSV has a column per action (a question's answer only with marketing consent),
 * a consenting entrant's actions reach Klaviyo as profile properties and Mailchimp as tags (a claim
 * the creator rejects is taken off both, and put back when restored) while a non-consenting one's reach neither, and a question's answers download as CSV for its owner only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { completeDaily } from "~/server/actions/complete.server";
import { createEndpoint } from "~/server/integrations/webhooks.server";
import { type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import type { FakeKlaviyo } from "../fakes/klaviyo-server";
import type { FakeMailchimp } from "../fakes/mailchimp-server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { BROWSER, MAILCHIMP_LIST, connectBoth, creator, settledRows, startEmailToolFakes, tag } from "../helpers/email-tools";
import { confirmEntryByEmail } from "../helpers/entries";
import { HttpBrowser } from "../helpers/http";

let app: InProcessAppServer;
let receiver: WebhookReceiver;
let klaviyo: FakeKlaviyo;
let mailchimp: FakeMailchimp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ klaviyo, mailchimp } = await startEmailToolFakes());
  Object.assign(process.env, {
    WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    KLAVIYO_API_URL: klaviyo.url,
    MAILCHIMP_API_URL: mailchimp.url,
    ENTRY_LIMIT_PER_IP: "100000",
  });
  resetConfigForTests();
  app = await startAppServer();
}, 180_000);

afterAll(async () => {
  await app.close();
  await receiver.close();
  await klaviyo.close();
  await mailchimp.close();
  for (const name of ["WEBHOOK_ALLOW_HOSTS", "KLAVIYO_API_URL", "MAILCHIMP_API_URL"]) delete process.env[name];
  resetConfigForTests();
});

/** A brand with a campaign offering one action of each kind, and an endpoint subscribed to entry.action_completed. */
async function brandWithActions() {
  const owner = await creator();
  const campaign = await createCampaign({ creatorId: owner.userId, title: `Data Giveaway ${tag()}` });
  const make = (position: number, data: { kind: string; label: string; bonus: number; [key: string]: unknown }) =>
    prisma.entryAction.create({ data: { campaignId: campaign.id, position, ...data } });
  const actions = {
    visit: await make(0, { kind: "visit", label: "Visit our new drop", bonus: 2, url: "https://shop.example/new" }),
    code: await make(1, { kind: "code", label: "Enter the newsletter code", bonus: 3, code: "SPRING24" }),
    choice: await make(2, { kind: "question", label: "Your colour", bonus: 1, question: "Which colour?", choices: "Red\nBlue" }),
    text: await make(3, { kind: "question", label: "About you", bonus: 1, question: "What do you wear most?", choices: "" }),
    daily: await make(4, { kind: "daily", label: "Come back daily", bonus: 1 }),
    follow: await make(5, { kind: "follow", label: "Follow us", bonus: 2, platform: "instagram", url: "https://www.instagram.com/brand" }),
  };
  const path = `/hooks/${owner.userId}`;
  const endpoint = await createEndpoint(owner.userId, { url: receiver.url(path), events: ["entry.action_completed"] });
  if (endpoint.kind !== "created") throw new Error(endpoint.message);
  receiver.secrets.push(endpoint.secret);
  return { owner, campaign, actions, path, endpointId: endpoint.endpointId };
}

/** Enters through the form (ticking the marketing box or not) and confirms by the emailed link. */
async function entrant(campaignId: string, email: string, marketingConsent: boolean) {
  const browser = new HttpBrowser(app.url, BROWSER);
  const fields = { email, agreedToTerms: "on", ...(marketingConsent ? { marketingConsent: "on" } : {}) };
  expect((await browser.post(`/campaign/${campaignId}`, fields)).status).toBe(303);
  const entry = await prisma.entry.findFirstOrThrow({ where: { campaignId, email } });
  browser.absorb(await confirmEntryByEmail(app.url, entry.id));
  return { browser, entryId: entry.id };
}

type Actions = Awaited<ReturnType<typeof brandWithActions>>["actions"];

/** Completes every action over HTTP as a browser without JavaScript does. */
async function doEverything(browser: HttpBrowser, campaignId: string, actions: Actions, answer: string, handle: string) {
  const path = (id: string) => `/campaign/${campaignId}/actions/${id}`;
  expect((await browser.get(`${path(actions.visit.id)}/go`)).status).toBe(302);
  expect((await browser.post(path(actions.code.id), { code: "spring24" })).status).toBe(303);
  expect((await browser.post(path(actions.choice.id), { answer: "Blue" })).status).toBe(303);
  expect((await browser.post(path(actions.text.id), { answer })).status).toBe(303);
  expect((await browser.post(path(actions.daily.id), {})).status).toBe(303);
  expect((await browser.post(path(actions.follow.id), { handle })).status).toBe(303);
}

const email = (name: string) => `${name}-${tag()}@example.com`;

function parseCsv(text: string): string[][] {
  // The cells here hold no quotes or line breaks but the header's labels; enough for these rows.
  return text
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("entry.action_completed", () => {
  it("is delivered signed once per counted completion, with the answer and email only by consent, and never for a refusal", async () => {
    const brand = await brandWithActions();
    const yes = await entrant(brand.campaign.id, email("yes"), true);
    const no = await entrant(brand.campaign.id, email("no"), false);
    await doEverything(yes.browser, brand.campaign.id, brand.actions, "Hoodies", "anne.doe");
    await doEverything(no.browser, brand.campaign.id, brand.actions, "Caps", "bob.roe");
    // Refusals: a second daily bonus the same day, a code already counted; nothing is sent for them.
    expect((await yes.browser.post(`/campaign/${brand.campaign.id}/actions/${brand.actions.daily.id}`, {})).status).toBe(409);
    expect((await no.browser.post(`/campaign/${brand.campaign.id}/actions/${brand.actions.code.id}`, { code: "nope" })).status).toBe(409);

    const requests = await receiver.waitForRequests(12, (request) => request.path === brand.path);
    expect(requests.every((request) => request.validSignature)).toBe(true);
    expect(requests.every((request) => request.event?.type === "entry.action_completed")).toBe(true);
    const of = (entryId: string, actionId: string) =>
      requests.filter(
        (request) => request.event?.data.entry_id === entryId && (request.event.data.action as { id: string }).id === actionId,
      );
    const yesEntry = await prisma.entry.findUniqueOrThrow({ where: { id: yes.entryId } });

    const text = of(yes.entryId, brand.actions.text.id);
    expect(text).toHaveLength(1);
    expect(text[0]!.event!.data).toEqual({
      object: "action_completion",
      campaign_id: brand.campaign.id,
      entry_id: yes.entryId,
      email: yesEntry.email,
      marketing_consent: { given: true },
      action: { id: brand.actions.text.id, kind: "question", label: "About you", bonus: 1, verification: "answered" },
      answer: "Hoodies",
      handle: null,
      day: null,
      completed_at: expect.any(Number),
      total_entries: 1 + 2 + 3 + 1 + 1,
    });
    const noText = of(no.entryId, brand.actions.text.id)[0]!.event!.data;
    expect(noText).toMatchObject({ email: null, marketing_consent: { given: false }, answer: null, handle: null });
    // A follow's handle is the claim's evidence: sent for everyone.
    expect(of(no.entryId, brand.actions.follow.id)[0]!.event!.data).toMatchObject({
      email: null,
      handle: "bob.roe",
      answer: null,
      action: { kind: "follow", verification: "self-reported", bonus: 2 },
      total_entries: 11,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(of(yes.entryId, brand.actions.daily.id).map((request) => request.event!.data.day)).toEqual([today]);

    // The next day's daily bonus is its own event.
    const tomorrow = new Date(Date.now() + DAY);
    const next = await completeDaily({
      campaignId: brand.campaign.id,
      actionId: brand.actions.daily.id,
      entryId: yes.entryId,
      ip: null,
      now: tomorrow,
    });
    expect(next).toMatchObject({ kind: "completed", weight: 12 });
    const after = await receiver.waitForRequests(13, (request) => request.path === brand.path);
    expect(
      after.filter(
        (request) => request.event?.data.entry_id === yes.entryId && request.event.data.day === tomorrow.toISOString().slice(0, 10),
      ),
    ).toHaveLength(1);
    expect(await prisma.webhookDelivery.count({ where: { endpointId: brand.endpointId } })).toBe(13);
  });

  it("is offered on the endpoint form", async () => {
    const owner = await creator();
    const html = await (await fetch(`${app.url}/dashboard/integrations/webhooks`, { headers: { Cookie: owner.cookie } })).text();
    expect(html).toContain('value="entry.action_completed"');
  });
});

describe("the entries CSV", () => {
  it("has a column per action: done, days, handles for everyone, answers only with consent", async () => {
    const brand = await brandWithActions();
    const yes = await entrant(brand.campaign.id, email("csv-yes"), true);
    const no = await entrant(brand.campaign.id, email("csv-no"), false);
    const idle = await entrant(brand.campaign.id, email("csv-idle"), true);
    await doEverything(yes.browser, brand.campaign.id, brand.actions, "Hoodies, mostly", "anne.doe");
    await doEverything(no.browser, brand.campaign.id, brand.actions, "Caps", "bob.roe");

    const response = await fetch(`${app.url}/dashboard/campaigns/${brand.campaign.id}/entries.csv`, {
      headers: { Cookie: brand.owner.cookie },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const [header = "", ...lines] = text.trim().split("\r\n");
    expect(header).toBe(
      "entry_id,status,email,phone,entered_at,confirmed_at,referrals_credited,bonus_entries,weight,marketing_consent,consent_given_at," +
        "consent_wording_version,consent_withdrawn_at,action 1: Visit our new drop,action 2: Enter the newsletter code,action 3: Your colour," +
        "action 4: About you,action 5: Come back daily,action 6: Follow us",
    );
    const row = (entryId: string) => lines.find((line) => line.startsWith(`${entryId},`)) ?? "";
    expect(row(yes.entryId).endsWith(',yes,yes,Blue,"Hoodies, mostly",1,anne.doe')).toBe(true);
    expect(row(no.entryId).endsWith(",yes,yes,answered,answered,1,bob.roe")).toBe(true);
    expect(row(idle.entryId).endsWith(",,,,,,")).toBe(true);
    expect(parseCsv(row(no.entryId))[0]![2]).toBe("");
  });
});

describe("the email tools", () => {
  it("carry a consenting entrant's actions and answers (Klaviyo properties, Mailchimp tags) and nothing of a non-consenting one", async () => {
    const brand = await brandWithActions();
    await connectBoth(brand.owner.userId);
    const yesEmail = email("sync-yes");
    const noEmail = email("sync-no");
    const yes = await entrant(brand.campaign.id, yesEmail, true);
    await settledRows(yes.entryId);
    const no = await entrant(brand.campaign.id, noEmail, false);
    await doEverything(yes.browser, brand.campaign.id, brand.actions, "Hoodies", "anne.doe");
    await doEverything(no.browser, brand.campaign.id, brand.actions, "Caps", "bob.roe");

    // Every action row has been sent (or waits for a send in progress that re-reads them).
    await expect
      .poll(async () => prisma.emailToolSync.count({ where: { entryId: yes.entryId, action: "actions", status: { not: "done" } } }), {
        timeout: 15_000,
      })
      .toBe(0);
    const rows = await prisma.emailToolSync.findMany({ where: { entryId: yes.entryId }, include: { connection: true } });
    expect(rows.map((row) => [row.connection.provider, row.action, row.status]).sort()).toEqual([
      ["klaviyo", "actions", "done"],
      ["klaviyo", "subscribe", "done"],
      ["mailchimp", "actions", "done"],
      ["mailchimp", "subscribe", "done"],
    ]);
    const prefix = `Giveawear: ${brand.campaign.title}: `;
    expect(klaviyo.profile(yesEmail)?.properties).toEqual({
      [`${prefix}Visit our new drop`]: true,
      [`${prefix}Enter the newsletter code`]: true,
      [`${prefix}Your colour`]: "Blue",
      [`${prefix}About you`]: "Hoodies",
      [`${prefix}Come back daily`]: 1,
      [`${prefix}Follow us`]: "anne.doe",
    });
    const tags = mailchimp.member(MAILCHIMP_LIST.id, yesEmail)!.tags.map((item) => item.name);
    const base = `${brand.campaign.title}: `;
    expect(tags).toEqual(
      expect.arrayContaining([
        `Giveawear: ${brand.campaign.title}`,
        `${base}Visit our new drop`,
        `${base}Enter the newsletter code`,
        `${base}Your colour`,
        `${base}Your colour: Blue`,
        `${base}About you`,
        `${base}Come back daily`,
        `${base}Follow us`,
      ]),
    );
    expect(tags).toHaveLength(8);

    // The creator rejects the follow claim (decision 078): the profile loses its property and the
    // member its tag; restored, both come back.
    const claim = await prisma.actionCompletion.findFirstOrThrow({ where: { entryId: yes.entryId, actionId: brand.actions.follow.id } });
    const review = async (fields: Record<string, string>) => {
      const response = await fetch(`${app.url}/dashboard/campaigns/${brand.campaign.id}/claims`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: brand.owner.cookie, Origin: app.url },
        body: new URLSearchParams({ claimId: claim.id, ...fields }),
      });
      expect(response.status).toBe(303);
      await expect
        .poll(async () => prisma.emailToolSync.count({ where: { entryId: yes.entryId, action: "actions", status: { not: "done" } } }), {
          timeout: 15_000,
        })
        .toBe(0);
    };
    const memberTags = () => mailchimp.member(MAILCHIMP_LIST.id, yesEmail)!.tags.map((item) => item.name);
    await review({ intent: "disqualify-claim", reason: "false_claim" });
    expect(klaviyo.profile(yesEmail)?.properties).not.toHaveProperty([`${prefix}Follow us`]);
    expect(klaviyo.profile(yesEmail)?.properties).toHaveProperty([`${prefix}Your colour`], "Blue");
    expect(memberTags()).not.toContain(`${base}Follow us`);
    expect(memberTags()).toHaveLength(7);
    await review({ intent: "restore-claim" });
    expect(klaviyo.profile(yesEmail)?.properties).toHaveProperty([`${prefix}Follow us`], "anne.doe");
    expect(memberTags()).toContain(`${base}Follow us`);
    expect(memberTags()).toHaveLength(8);

    // The entrant who did not consent: no row, no request naming them.
    expect(await prisma.emailToolSync.count({ where: { entryId: no.entryId } })).toBe(0);
    expect(klaviyo.profile(noEmail)).toBeUndefined();
    expect(klaviyo.requests.some((request) => JSON.stringify(request.body ?? "").includes(noEmail))).toBe(false);
    expect(mailchimp.membersWith(noEmail)).toHaveLength(0);
  });
});

describe("a question's answers as CSV", () => {
  it("downloads every counted answer for the owner only; others, other kinds and other campaigns' actions are 404", async () => {
    const brand = await brandWithActions();
    for (const [name, answer] of [
      ["a1", "Hoodies"],
      ["a2", "=cmd|' /C calc'!A0"],
      ["a3", "Caps, mostly"],
    ] as const) {
      const { browser } = await entrant(brand.campaign.id, email(name), name !== "a2");
      expect((await browser.post(`/campaign/${brand.campaign.id}/actions/${brand.actions.text.id}`, { answer })).status).toBe(303);
    }
    const path = `/dashboard/campaigns/${brand.campaign.id}/actions/${brand.actions.text.id}/answers.csv`;
    const own = await fetch(`${app.url}${path}`, { headers: { Cookie: brand.owner.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await own.text()).toBe(`answer\r\nHoodies\r\n'=cmd|' /C calc'!A0\r\n"Caps, mostly"\r\n`);

    const analytics = await (
      await fetch(`${app.url}/dashboard/campaigns/${brand.campaign.id}/analytics`, { headers: { Cookie: brand.owner.cookie } })
    ).text();
    expect(analytics).toContain(`href="${path}"`);

    const stranger = await creator();
    expect((await fetch(`${app.url}${path}`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    const other = await brandWithActions();
    for (const wrong of [
      `/dashboard/campaigns/${brand.campaign.id}/actions/${brand.actions.daily.id}/answers.csv`,
      `/dashboard/campaigns/${brand.campaign.id}/actions/${other.actions.text.id}/answers.csv`,
    ])
      expect((await fetch(`${app.url}${wrong}`, { headers: { Cookie: brand.owner.cookie } })).status).toBe(404);
    const anonymous = await fetch(`${app.url}${path}`, { redirect: "manual" });
    expect([302, 303]).toContain(anonymous.status);
  });
});
