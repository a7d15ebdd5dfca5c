import { describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import { prisma } from "~/server/db.server";
import { readToast } from "~/server/toast.server";
import { CookieJar, get, location, run } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

async function creator(credits: number) {
  const { jar, userId } = await signedInJar("ai");
  const user = await prisma.user.update({ where: { id: userId }, data: { aiDesignCredits: credits } });
  const campaign = await prisma.campaign.create({
    data: { creatorId: user.id, title: "AI Test Campaign", brandName: "Bots", remainingGenerations: 0 },
  });
  return { jar, user, campaign };
}

function generate(jar: CookieJar, campaignId: string, prompts: string[]) {
  const body = new FormData();
  body.set("step", "3");
  body.set("intent", "generate");
  prompts.forEach((prompt, index) => body.set(`aiPrompt${index + 1}`, prompt));
  return run(
    wizard.action,
    new Request(`http://localhost:3000/create-campaign-v2?step=3&mode=ai${campaignId ? `&campaignId=${campaignId}` : ""}`, {
      method: "POST",
      headers: { Cookie: jar.header() },
      body,
    }),
  );
}

async function toastAfter(result: unknown) {
  const jar = new CookieJar();
  jar.absorb(result as Response);
  return (await readToast(get(jar, "/"))).toast;
}

describe("the AI designer", () => {
  it("spends one credit per filled-in prompt and stores one design each", async () => {
    const { jar, user, campaign } = await creator(5);
    const result = await generate(jar, campaign.id, ["Neon fox for Bots", "", "Mountain sunrise badge"]);
    expect(location(result)).toContain("generated=1");
    expect(await toastAfter(result)).toMatchObject({ title: "Designs Ready" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).aiDesignCredits).toBe(3);
    const designs = await prisma.aiDesign.findMany({ where: { campaignId: campaign.id } });
    expect(designs.map((d) => d.promptText).sort()).toEqual(["Mountain sunrise badge", "Neon fox for Bots"]);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).aiGenerationsUsed).toBe(2);
  });

  it("spends the campaign's plan credits before the user's own", async () => {
    const { jar, user, campaign } = await creator(5);
    await prisma.campaign.update({ where: { id: campaign.id }, data: { remainingGenerations: 1 } });
    await generate(jar, campaign.id, ["One", "Two"]);
    expect((await prisma.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).remainingGenerations).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).aiDesignCredits).toBe(4);
  });

  it("refuses empty prompts and too few credits with the spec's messages", async () => {
    const { jar, campaign } = await creator(1);
    expect(await toastAfter(await generate(jar, campaign.id, ["", " ", ""]))).toMatchObject({
      title: "No Prompts",
      description: "Please enter at least one prompt.",
    });
    expect(await toastAfter(await generate(jar, campaign.id, ["a", "b", "c"]))).toMatchObject({
      title: "Insufficient Credits",
      description: "You need 3 credits, but have 1. Login or upgrade plan.",
    });
    expect(await prisma.aiDesign.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("never lets two requests at once spend the same credit", async () => {
    const { jar, user, campaign } = await creator(1);
    const results = await Promise.all([generate(jar, campaign.id, ["First racer"]), generate(jar, campaign.id, ["Second racer"])]);
    const toasts = await Promise.all(results.map(toastAfter));
    expect(toasts.map((t) => t?.title).sort()).toEqual(["Designs Ready", "Insufficient Credits"]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).aiDesignCredits).toBe(0);
    expect(await prisma.aiDesign.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it("asks visitors to sign in", async () => {
    const visitor = new CookieJar();
    const result = await generate(visitor, "", ["A prompt"]);
    expect(location(result)).toMatch(/^\/create-campaign-v2\/sign-in\?/);
  });
});
