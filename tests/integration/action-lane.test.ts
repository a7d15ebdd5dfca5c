/**
 * The action lane (decision 077) over real HTTP, against the app as production mounts it: a
 * url-encoded completion is answered before React Router with the route's own redirect and cookies;
 * a refusal the lane computed is answered by the route from the lane's outcome, so a wrong code's
 * try is written once; a form that is not the lane's (multipart, another site's) is the route's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION_MESSAGES } from "~/domain/entry-actions";
import { entryActionsPath } from "~/paths";
import { prisma } from "~/server/core/db.server";
import { rememberEntry } from "~/server/entries/visitor.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { tag } from "../helpers/email-tools";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** A campaign with a code action, and a confirmed entry's browser cookie (entered_). */
async function codeAction() {
  const campaign = await createCampaign();
  const action = await prisma.entryAction.create({
    data: { campaignId: campaign.id, kind: "code", label: "Enter the code", bonus: 3, code: "LANE24" },
  });
  const email = `lane-${tag()}@example.com`;
  const entry = await prisma.entry.create({
    data: { campaignId: campaign.id, email, emailNormalized: email, agreedToTerms: true, confirmedAt: new Date() },
  });
  return {
    campaignId: campaign.id,
    actionId: action.id,
    entryId: entry.id,
    cookie: (await rememberEntry(campaign.id, entry.id)).split(";")[0]!,
  };
}

function post(campaignId: string, actionId: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/campaign/${campaignId}/actions/${actionId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER, Cookie: cookie, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function postMultipart(campaignId: string, actionId: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(`${app.url}/campaign/${campaignId}/actions/${actionId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "User-Agent": BROWSER, Cookie: cookie },
    body,
  });
}

const cookieNames = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.slice(0, line.indexOf("=")))
    .sort();
const visible = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
const entryOf = (id: string) => prisma.entry.findUniqueOrThrow({ where: { id }, select: { bonusEntries: true, actionBonus: true } });

describe("the action lane", () => {
  it("counts a url-encoded completion once and answers the route's 303 with its toast", async () => {
    const { campaignId, actionId, entryId, cookie } = await codeAction();
    const response = await post(campaignId, actionId, cookie, { code: "lane 24" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(entryActionsPath(campaignId));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(cookieNames(response)).toEqual(["gw_after_post", "gw_toast"]);
    expect(await prisma.actionCompletion.count({ where: { entryId } })).toBe(1);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 3, actionBonus: 3 });

    const again = await post(campaignId, actionId, cookie, { code: "LANE24" });
    expect(again.status).toBe(409);
    expect(visible(await again.text())).toContain(ACTION_MESSAGES.done);
    expect(await prisma.actionCompletion.count({ where: { entryId } })).toBe(1);
  });

  it("writes a wrong code's try once, and the route answers the lane's refusal with its page and status", async () => {
    const { campaignId, actionId, entryId, cookie } = await codeAction();
    const response = await post(campaignId, actionId, cookie, { code: "WRONG1" });
    expect(response.status).toBe(422);
    const page = visible(await response.text());
    expect(page).toContain(ACTION_MESSAGES.wrongCode);
    // The form again, to type the code again.
    expect(page).toContain('name="code"');
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(1);

    expect((await post(campaignId, actionId, cookie, { code: "WRONG2" })).status).toBe(422);
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(2);
    expect(await prisma.actionCompletion.count({ where: { entryId } })).toBe(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 0, actionBonus: 0 });
  });

  it("hands a browser without the campaign's entry to the route, which refuses it", async () => {
    const { campaignId, actionId } = await codeAction();
    const response = await post(campaignId, actionId, "", { code: "LANE24" });
    expect(response.status).toBe(403);
    expect(await prisma.actionCompletion.count({ where: { actionId } })).toBe(0);
  });
});

describe("completions that are not the lane's", () => {
  it("counts a multipart completion through the route, and writes its wrong code's try once", async () => {
    const { campaignId, actionId, entryId, cookie } = await codeAction();
    const wrong = await postMultipart(campaignId, actionId, cookie, { code: "NOPE" });
    expect(wrong.status).toBe(422);
    expect(visible(await wrong.text())).toContain(ACTION_MESSAGES.wrongCode);
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(1);

    const response = await postMultipart(campaignId, actionId, cookie, { code: "LANE24" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(entryActionsPath(campaignId));
    expect(cookieNames(response)).toEqual(["gw_after_post", "gw_toast"]);
    expect(await prisma.actionCompletion.count({ where: { entryId } })).toBe(1);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 3, actionBonus: 3 });
  });

  it("leaves a completion posted from another site to React Router, which refuses it", async () => {
    const { campaignId, actionId, entryId, cookie } = await codeAction();
    const response = await post(campaignId, actionId, cookie, { code: "LANE24" }, { Origin: "https://elsewhere.example" });
    expect(response.status).toBe(400);
    expect(await prisma.actionCompletion.count({ where: { entryId } })).toBe(0);
    expect(await entryOf(entryId)).toEqual({ bonusEntries: 0, actionBonus: 0 });
  });
});

describe("completeInLane", () => {
  it("answers a counted completion, hands a refusal on with its outcome, and leaves the rest to the route untouched", async () => {
    const { completeInLane } = await import("~/server/entries/action-lane.server");
    const { campaignId, actionId, entryId, cookie } = await codeAction();

    expect(await completeInLane(campaignId, actionId, "code=LANE24", undefined, null)).toBeNull();
    expect(await completeInLane(campaignId, actionId, "code=LANE\u000024", cookie, null)).toBeNull();
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(0);

    const wrong = await completeInLane(campaignId, actionId, "code=WRONG", cookie, "203.0.113.7");
    expect(wrong).toEqual({
      kind: "handedOn",
      handOff: { campaignId, actionId, entryId, outcome: expect.objectContaining({ kind: "refused", reason: "wrongCode", status: 422 }) },
    });
    expect(await prisma.actionCodeAttempt.count({ where: { entryId } })).toBe(1);

    const counted = await completeInLane(campaignId, actionId, "code=lane24", cookie, "203.0.113.7");
    expect(counted).toMatchObject({ kind: "answered", location: entryActionsPath(campaignId) });
    expect(counted?.kind === "answered" && counted.cookies.map((line) => line.slice(0, line.indexOf("="))).sort()).toEqual([
      "gw_after_post",
      "gw_toast",
    ]);
    expect(await prisma.actionCompletion.findMany({ where: { entryId }, select: { bonus: true, ipNetwork: true } })).toEqual([
      { bonus: 3, ipNetwork: "203.0.113.0/24" },
    ]);
  });
});
