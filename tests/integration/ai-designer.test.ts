import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as wizard from "~/routes/create-campaign-v2";
import { prisma } from "~/server/core/db.server";
import { uploadsDirectory } from "~/server/media/uploads.server";
import { readToast } from "~/server/core/toast.server";
import { CookieJar, bodyOf, get, location, run } from "../helpers/http";
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

  it("prefills prompts that describe the design and the brand, not the giveaway", async () => {
    const { jar, campaign } = await creator(0);
    await prisma.campaign.update({
      where: { id: campaign.id },
      data: { title: "Win the Summit Hoodie Giveaway", brandName: "Trailhead Outfitters", productType: "hoodie" },
    });
    const page = bodyOf<{ values: { aiPrompts: string[] } }>(
      await run(wizard.loader, get(jar, `/create-campaign-v2?step=3&mode=ai&campaignId=${campaign.id}`)),
    );
    expect(page.values.aiPrompts).toHaveLength(3);
    for (const prompt of page.values.aiPrompts) {
      expect(prompt).toMatch(/^Summit .* for Trailhead Outfitters, /);
      expect(prompt).not.toMatch(/\b(win|giveaway)\b/i);
    }
  });

  it("stores a design in the colours the prompt names", async () => {
    const { jar, campaign } = await creator(1);
    await generate(jar, campaign.id, ["teal and orange coffee cup"]);
    const design = await prisma.aiDesign.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const print = await readFile(path.join(uploadsDirectory(), (design.printUrl ?? "").replace(/^\/uploads\//, "")));
    const { data } = await sharp(print).resize(200, 200).raw().toBuffer({ resolveWithObject: true });
    // Among the print's saturated pixels, the share that is teal-ish (green below blue, both above red)
    // and orange-ish (red above green above blue).
    let teal = 0;
    let orange = 0;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) < 60) continue;
      coloured += 1;
      if (r < g && r < b && Math.abs(g - b) < 60) teal += 1;
      if (r > g && g > b) orange += 1;
    }
    expect(coloured).toBeGreaterThan(800);
    expect((teal + orange) / coloured).toBeGreaterThan(0.9);
    expect(orange / coloured).toBeGreaterThan(0.1);
  });
});
