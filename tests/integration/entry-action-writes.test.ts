/**
 * Entry-action completions written together (decision 077): the completions of one turn of the
 * event loop share one transaction on the driver connection the entry store uses (decision 062).
 * Posted at once, the same completion counts once and adds its bonus once; different actions all
 * count and the weight adds up; a repeat taken back in the write leaves no webhook delivery and no
 * email-tool sync (decision 079); and the rows are the ones Prisma wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryActionsPath } from "~/paths";
import { completeDaily, completeFollow, completeQuestion } from "~/server/actions/complete.server";
import { resetConfigForTests } from "~/server/core/config.server";
import { prisma } from "~/server/core/db.server";
import { ACTIONS_SYNC } from "~/server/integrations/email-tools.server";
import { createEndpoint } from "~/server/integrations/webhooks.server";
import { rememberEntry } from "~/server/entries/visitor.server";
import { type WebhookReceiver, startWebhookReceiver } from "../fakes/webhook-receiver";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { testProvider } from "../helpers/database";
import { creator, tag } from "../helpers/email-tools";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

let app: InProcessAppServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  resetConfigForTests();
  app = await startAppServer();
  // Vite compiles the route on its first request: done here (hookTimeout), not in the first test's time.
  const campaign = await createCampaign();
  await post(campaign.id, "none", "", {});
}, 180_000);

afterAll(async () => {
  await app.close();
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  resetConfigForTests();
});

/** A confirmed entry written directly, as the bench writes them, and its browser's entered_ cookie. */
async function confirmedEntry(campaignId: string, marketingConsent = false) {
  const email = `writes-${tag()}@example.com`;
  const entry = await prisma.entry.create({
    data: { campaignId, email, emailNormalized: email, agreedToTerms: true, confirmedAt: new Date(), marketingConsent },
  });
  return { entryId: entry.id, cookie: (await rememberEntry(campaignId, entry.id)).split(";")[0]! };
}

function post(campaignId: string, actionId: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${app.url}/campaign/${campaignId}/actions/${actionId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Waits until the entry's deliveries have been tried (sent right after the commit), so none is still running when the test ends. */
const delivered = (entryId: string) =>
  expect.poll(() => prisma.webhookDelivery.count({ where: { entryId, attempts: 0 } }), { timeout: 15_000 }).toBe(0);

const entryOf = (id: string) => prisma.entry.findUniqueOrThrow({ where: { id }, select: { bonusEntries: true, actionBonus: true } });

describe("completions posted at once", () => {
  it("count the same completion once, with its bonus once, and refuse the others as done", async () => {
    const campaign = await createCampaign();
    const code = await prisma.entryAction.create({
      data: { campaignId: campaign.id, kind: "code", label: "Code", bonus: 3, code: "ONCE24" },
    });
    const { entryId, cookie } = await confirmedEntry(campaign.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(campaign.id, code.id, cookie, { code: "once24" })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409, 409]);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 3, actionBonus: 3 });
    expect(await prisma.actionCompletion.count({ where: { entryId } })).toBe(1);
  });

  it("count different actions of one entry all, and of many entries each once; the weights add up", async () => {
    const campaign = await createCampaign();
    const make = (kind: string, bonus: number, extra: Record<string, string> = {}) =>
      prisma.entryAction.create({ data: { campaignId: campaign.id, kind, label: kind, bonus, ...extra } });
    const code = await make("code", 3, { code: "MANY24" });
    const question = await make("question", 1, { question: "Which?", choices: "Red\nBlue" });
    const daily = await make("daily", 2);
    const follow = await make("follow", 4, { platform: "instagram", url: "https://www.instagram.com/brand" });
    const forms: [string, Record<string, string>][] = [
      [code.id, { code: "many24" }],
      [question.id, { answer: "Blue" }],
      [daily.id, {}],
      [follow.id, { handle: "@Someone" }],
    ];
    const entrants = await Promise.all(Array.from({ length: 6 }, () => confirmedEntry(campaign.id)));
    // Every entrant posts every action, each twice, all at once.
    const answers = await Promise.all(
      entrants.flatMap(({ cookie }) => [...forms, ...forms].map(([actionId, fields]) => post(campaign.id, actionId, cookie, fields))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(entrants.length * forms.length);
    expect(statuses.filter((status) => status === 409)).toHaveLength(entrants.length * forms.length);
    for (const { entryId } of entrants) {
      expect(await entryOf(entryId)).toEqual({ bonusEntries: 10, actionBonus: 10 });
      const completions = await prisma.actionCompletion.findMany({ where: { entryId }, select: { actionId: true, answer: true } });
      expect(completions.map((completion) => completion.actionId).sort()).toEqual(forms.map(([actionId]) => actionId).sort());
      expect(completions.find((completion) => completion.actionId === question.id)?.answer).toBe("Blue");
      expect(completions.find((completion) => completion.actionId === follow.id)?.answer).toBe("someone");
    }
    for (const answer of answers.filter((answer) => answer.status === 303))
      expect(answer.headers.get("location")).toBe(entryActionsPath(campaign.id));
  });
});

/**
 * A campaign whose owner has an endpoint for entry.action_completed and an email tool, and a
 * consenting confirmed entrant subscribed there, though not yet sent: the actions' row waits for it
 * (nothing is sent in these tests).
 */
async function ownerWithAudience(provider: "klaviyo" | "mailchimp") {
  const owner = await creator();
  const campaign = await createCampaign({ creatorId: owner.userId });
  const endpoint = await createEndpoint(owner.userId, {
    url: receiver.url(`/hooks/${owner.userId}`),
    events: ["entry.action_completed"],
  });
  if (endpoint.kind !== "created") throw new Error(endpoint.message);
  receiver.secrets.push(endpoint.secret);
  const connection = await prisma.emailToolConnection.create({
    data: { userId: owner.userId, provider, apiKeySealed: "sealed", keyLast4: "abcd", listId: "L1", status: "active" },
  });
  const { entryId } = await confirmedEntry(campaign.id, true);
  await prisma.emailToolSync.create({
    data: {
      id: `sub${tag()}`,
      connectionId: connection.id,
      entryId,
      campaignId: campaign.id,
      action: "subscribe",
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    },
  });
  return { campaign, entryId, endpointId: endpoint.endpointId, connectionId: connection.id };
}

describe("what a completion sends", () => {
  it("is written only with the completion: a repeat taken back in the write leaves no delivery and no sync", async () => {
    const { campaign, entryId } = await ownerWithAudience("klaviyo");
    const daily = await prisma.entryAction.create({ data: { campaignId: campaign.id, kind: "daily", label: "Daily", bonus: 2 } });
    const request = { campaignId: campaign.id, actionId: daily.id, entryId, ip: "203.0.113.9" };
    // Asked in one turn of the event loop: both pass the checks, and the write takes the second back.
    const outcomes = await Promise.all([completeDaily(request), completeDaily(request), completeDaily(request)]);
    expect(outcomes.filter((outcome) => outcome.kind === "completed")).toEqual([
      { kind: "completed", actionId: daily.id, bonus: 2, weight: 3 },
    ]);
    expect(outcomes.filter((outcome) => outcome.kind === "refused").map((outcome) => outcome.kind === "refused" && outcome.reason)).toEqual(
      ["doneToday", "doneToday"],
    );
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 2, actionBonus: 2 });
    const deliveries = await prisma.webhookDelivery.findMany({ where: { entryId } });
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      type: "entry.action_completed",
      data: { entry_id: entryId, total_entries: 3, email: expect.stringContaining("@example.com"), marketing_consent: { given: true } },
    });
    expect(await prisma.emailToolSync.count({ where: { entryId, action: ACTIONS_SYNC } })).toBe(1);

    // Refusals (done today; the list frozen) write nothing more.
    expect(await completeDaily(request)).toMatchObject({ kind: "refused", reason: "doneToday" });
    await prisma.campaign.update({ where: { id: campaign.id }, data: { listFrozenAt: new Date() } });
    const question = await prisma.entryAction.create({ data: { campaignId: campaign.id, kind: "question", label: "Q", bonus: 1 } });
    expect(await completeQuestion({ ...request, actionId: question.id }, "Hello")).toMatchObject({ kind: "refused", reason: "closed" });
    expect(await prisma.webhookDelivery.count({ where: { entryId } })).toBe(1);
    expect(await prisma.emailToolSync.count({ where: { entryId, action: ACTIONS_SYNC } })).toBe(1);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 2, actionBonus: 2 });
    await delivered(entryId);
  });

  it("writes the rows Prisma writes: the completion, the delivery and the sync", async () => {
    const { campaign, entryId, endpointId, connectionId } = await ownerWithAudience("mailchimp");
    const follow = await prisma.entryAction.create({
      data: { campaignId: campaign.id, kind: "follow", label: "Follow", bonus: 1, platform: "x", url: "https://x.com/brand" },
    });
    const now = new Date();
    const outcome = await completeFollow({ campaignId: campaign.id, actionId: follow.id, entryId, ip: "203.0.113.9", now }, "@Brand_Fan");
    expect(outcome).toMatchObject({ kind: "completed", weight: 2 });
    const completion = await prisma.actionCompletion.findFirstOrThrow({ where: { entryId } });
    expect(completion).toMatchObject({
      campaignId: campaign.id,
      actionId: follow.id,
      day: "",
      answer: "brand_fan",
      bonus: 1,
      completedAt: now,
      ipNetwork: "203.0.113.0/24",
      disqualifiedAt: null,
      disqualifyReason: null,
    });
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { entryId } });
    expect(delivery).toMatchObject({ endpointId, eventType: "entry.action_completed", redeliveryOf: null });
    // Written open, under its key; the delivery the completion starts at once may already have
    // finished it (delivered or failed rows hold no key).
    expect(delivery.openKey).toBe(delivery.status === "pending" ? `${endpointId}:${delivery.eventId}` : null);
    const sync = await prisma.emailToolSync.findFirstOrThrow({ where: { entryId, action: ACTIONS_SYNC } });
    expect(sync).toMatchObject({ connectionId, campaignId: campaign.id, attempts: 0, reason: null, lastError: null });
    expect(sync.updatedAt).toEqual(sync.createdAt);

    if (testProvider() === "sqlite") {
      // The same DateTime text as rows Prisma wrote (the campaign's, the subscribe's), so SQL comparing times agrees.
      const shape = (text: unknown) => String(text).replace(/\d/g, "0");
      const [stored] = await prisma.$queryRawUnsafe<Record<string, string>[]>(
        // As text ("|| ''"), not as the dates Prisma would make of the columns.
        `SELECT a."completedAt" || '' AS "completedAt", d."createdAt" || '' AS "deliveryCreated", d."nextAttemptAt" || '' AS "nextAttemptAt",
            s."createdAt" || '' AS "syncCreated", s."updatedAt" || '' AS "syncUpdated", c."createdAt" || '' AS "campaign"
          FROM "ActionCompletion" a, "WebhookDelivery" d, "EmailToolSync" s, "Campaign" c
          WHERE a."entryId" = ? AND d."entryId" = ? AND s."entryId" = ? AND s."action" = ? AND c."id" = ?`,
        entryId,
        entryId,
        entryId,
        ACTIONS_SYNC,
        campaign.id,
      );
      for (const column of ["completedAt", "deliveryCreated", "nextAttemptAt", "syncCreated", "syncUpdated"])
        expect(shape(stored![column]), column).toBe(shape(stored!.campaign));
      expect(stored!.completedAt).toBe(now.toISOString().replace("Z", "+00:00"));
    }
    await delivered(entryId);
  });
});
