/**
 * A draft's plan credits are spendable once, whatever its plan (over real HTTP). Choosing another
 * plan in step 2 leaves that plan's credits less the generations already had, never a fresh
 * allowance: 3 used on Growth (5 credits) leaves 12 on Pro (15), and switching back and forth
 * never lets the draft generate more than its largest plan allows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { persistStep, WizardWriteRefused } from "~/server/wizard/persist.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;
let cookie = "";
let userId = "";

beforeAll(async () => {
  app = await startAppServer();
  const creator = await signedInJar("credits");
  cookie = creator.jar.header();
  userId = creator.userId;
  // No credits of the user's own: every generation below is paid with the campaign's plan credits.
  await prisma.user.update({ where: { id: userId }, data: { aiDesignCredits: 0 } });
});

afterAll(async () => {
  await app?.close();
});

function post(path: string, fields: Record<string, string>): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(`${app.url}${path}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie }, body });
}

async function newDraft(): Promise<string> {
  const response = await post("/create-campaign-v2", {
    step: "1",
    title: "Credits Giveaway",
    description: "A campaign that switches plans.",
    brandName: "Credit Co",
    productType: "t-shirt",
    isPromotingProduct: "no",
  });
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("Location") ?? "", app.url).searchParams.get("campaignId");
  expect(id).toBeTruthy();
  return id!;
}

async function choosePlan(campaignId: string, planId: string) {
  const response = await post(`/create-campaign-v2?campaignId=${campaignId}`, { step: "2", planId });
  expect(response.status).toBe(302);
  return prisma.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { planId: true, remainingGenerations: true, aiGenerationsUsed: true },
  });
}

/** Generates one design per prompt; answers how many designs the campaign then has. */
async function generate(campaignId: string, prompts: string[]): Promise<number> {
  const fields: Record<string, string> = { step: "3", intent: "generate" };
  prompts.forEach((prompt, index) => (fields[`aiPrompt${index + 1}`] = prompt));
  const response = await post(`/create-campaign-v2?step=3&mode=ai&campaignId=${campaignId}`, fields);
  expect(response.status).toBe(302);
  return prisma.aiDesign.count({ where: { campaignId } });
}

describe("plan credits across plan changes", () => {
  it("gives Pro's credits less the 3 already used on Growth, and never more on switching back and forth", async () => {
    const id = await newDraft();
    expect(await choosePlan(id, "growth_tee")).toMatchObject({ remainingGenerations: 5, aiGenerationsUsed: 0 });
    expect(await generate(id, ["Neon fox", "Mountain badge", "Wave crest"])).toBe(3);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ remainingGenerations: 2, aiGenerationsUsed: 3 });

    expect(await choosePlan(id, "pro_tee")).toMatchObject({ planId: "pro_tee", remainingGenerations: 12 });
    expect(await choosePlan(id, "growth_tee")).toMatchObject({ planId: "growth_tee", remainingGenerations: 2 });
    expect(await choosePlan(id, "starter_tee")).toMatchObject({ planId: "starter_tee", remainingGenerations: 0 });
    expect(await choosePlan(id, "pro_tee")).toMatchObject({ planId: "pro_tee", remainingGenerations: 12 });
    // The same plan again changes nothing.
    expect(await choosePlan(id, "pro_tee")).toMatchObject({ remainingGenerations: 12 });

    // Spending all 12 brings the campaign to Pro's 15 generations in all, and then it stops.
    for (let batch = 1; batch <= 4; batch++) expect(await generate(id, ["One", "Two", "Three"])).toBe(3 + batch * 3);
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ remainingGenerations: 0, aiGenerationsUsed: 15 });
    expect(await generate(id, ["One more"])).toBe(15);

    // However the plans are switched now, nothing more is spendable.
    for (const plan of ["growth_tee", "pro_tee", "starter_tee", "pro_tee"]) {
      expect(await choosePlan(id, plan)).toMatchObject({ remainingGenerations: 0, aiGenerationsUsed: 15 });
      expect(await generate(id, ["Again"])).toBe(15);
    }
  });

  it("still gives a new draft its plan's full credits", async () => {
    const id = await newDraft();
    expect(await choosePlan(id, "pro_tee")).toMatchObject({ remainingGenerations: 15, aiGenerationsUsed: 0 });
  });

  it("refuses a plan change computed from a generation count that has changed since, and writes nothing", async () => {
    const id = await newDraft();
    await choosePlan(id, "growth_tee");
    const before = await prisma.campaign.findUniqueOrThrow({ where: { id } });
    // A generation lands between the step reading the draft and writing the new plan.
    await prisma.campaign.update({ where: { id }, data: { aiGenerationsUsed: 1, remainingGenerations: 4 } });
    const user = { id: userId } as Parameters<typeof persistStep>[1];
    const write = persistStep(before, user, { planId: "pro_tee", remainingGenerations: 15 }, null, undefined, { aiGenerationsUsed: 0 });
    await expect(write).rejects.toThrow(WizardWriteRefused);
    await expect(write).rejects.toMatchObject({ reason: "changed" });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      planId: "growth_tee",
      remainingGenerations: 4,
      aiGenerationsUsed: 1,
    });
  });
});
