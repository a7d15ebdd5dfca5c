/**
 * Only a step's own buttons act (over real HTTP). Step 5 launched the campaign for any `intent`
 * that was not "apply-coupon"; now only "launch" launches, and an intent a step does not have, or a
 * step outside 1 to 5, is a 400 with a plain message that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIZARD_ACTION_REFUSALS } from "~/domain/campaign-schemas";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { draftThroughStep, signedInJar, STEP1 } from "../helpers/wizard";

let app: InProcessAppServer;
let cookie = "";
let draftId = "";

beforeAll(async () => {
  app = await startAppServer();
  const owner = await signedInJar("intents");
  cookie = owner.jar.header();
  // The free plan: a launch needs no payment, so a wrongly accepted intent would put it live at once.
  draftId = await draftThroughStep(owner.jar, 4, { planId: "starter_tee" });
});

afterAll(async () => {
  await app?.close();
});

function post(fields: Record<string, string>): Promise<Response> {
  return fetch(`${app.url}/create-campaign-v2?campaignId=${draftId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const state = () =>
  prisma.campaign.findUniqueOrThrow({
    where: { id: draftId },
    select: { status: true, launchedAt: true, title: true, planId: true, durationDays: true, aiGenerationsUsed: true, updatedAt: true },
  });

async function expectRefused(fields: Record<string, string>, message: { description: string }) {
  const before = await state();
  const response = await post(fields);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain(message.description);
  expect(await state()).toEqual(before);
}

describe("step 5", () => {
  it.each([["publish"], ["LAUNCH"], ["next"], ["generate"], [""], [" launch"]])("does not launch for the intent %j", async (intent) => {
    await expectRefused({ step: "5", intent }, WIZARD_ACTION_REFUSALS.intent);
  });

  it("does not launch without an intent", async () => {
    await expectRefused({ step: "5" }, WIZARD_ACTION_REFUSALS.intent);
  });
});

describe("steps 1 to 4", () => {
  const today = new Date().toISOString().slice(0, 10);
  it.each([
    ["1", { ...STEP1, title: "Changed by a stray intent" }],
    ["2", { planId: "pro_tee" }],
    ["3", { designMode: "ai", aiPrompt1: "A prompt", selectedColors: "white", selectedSizes: "M" }],
    ["4", { startDate: today, durationDays: "30", termsAccepted: "on" }],
  ])("step %s refuses an intent it does not have and saves nothing", async (step, fields) => {
    for (const intent of ["launch", "apply-coupon", "delete"]) {
      await expectRefused({ ...fields, step, intent }, WIZARD_ACTION_REFUSALS.intent);
    }
  });

  it.each(["0", "6", "abc", "", "1.5"])("refuses the step %j", async (step) => {
    await expectRefused({ step, intent: "launch" }, WIZARD_ACTION_REFUSALS.step);
  });

  it("refuses a form without a step", async () => {
    const { step: _step, ...fields } = STEP1;
    await expectRefused({ ...fields, title: "No step given" }, WIZARD_ACTION_REFUSALS.step);
  });
});

describe("the launch button", () => {
  it("still launches", async () => {
    const response = await post({ step: "5", intent: "launch" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/campaign-success/${draftId}?free_campaign=true`);
    expect((await state()).status).toBe("active");
  });
});
