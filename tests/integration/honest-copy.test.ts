/**
 * Pages that say only what is so (decision 069): a brand whose name ends with a period gets one,
 * not two, wherever a sentence ends with it; a campaign's saved designs each get a name of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import { signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** React separates adjacent text with empty comments; the text a reader sees has none. */
const visible = (html: string) => html.replace(/<!-- -->/g, "");

async function page(path: string, cookie = ""): Promise<string> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return visible(await response.text());
}

describe("a brand name that ends with a period", () => {
  it("ends its sentence once on the campaign page, its rules and its winners page", async () => {
    const campaign = await createCampaign({
      title: "the Kestrel Winter Mug",
      brandName: "Kestrel Coffee Co.",
      sponsorLegalName: "Kestrel Coffee Co.",
      description: "",
      campaignCopy: "",
    });
    const campaignPage = await page(`/campaign/${campaign.id}`);
    expect(campaignPage).toContain('content="Enter the Kestrel Winter Mug by Kestrel Coffee Co."');
    expect(campaignPage).toContain("Send me news and offers from Kestrel Coffee Co. Optional: it does not change your chances.");
    const rules = await page(`/campaign/${campaign.id}/rules`);
    expect(rules).toContain("This giveaway is sponsored by Kestrel Coffee Co.<");
    const winners = await page(`/campaign/${campaign.id}/winners`);
    expect(winners).toContain("A giveaway by Kestrel Coffee Co. Each prize");
    for (const html of [campaignPage, rules, winners]) expect(html).not.toContain("Co..");
  });
});

describe("saved designs", () => {
  it("gives each design of one campaign its own name on the dashboard and in the wizard", async () => {
    const { jar, userId } = await signedInJar("designs");
    const campaign = await createCampaign({ creatorId: userId, title: "Win the Kestrel Winter Mug Giveaway" });
    for (let i = 0; i < 3; i += 1) {
      await prisma.aiDesign.create({
        data: {
          userId,
          campaignId: campaign.id,
          imageUrl: "/images/slider-1.svg",
          promptText: "a kestrel on a mug",
          createdAt: new Date(Date.now() - (3 - i) * 60_000),
        },
      });
    }
    const dashboard = await page("/my-campaigns", jar.header());
    const strip = /aria-label="Saved designs"([\s\S]*?)<\/ul>/.exec(dashboard)?.[1] ?? "";
    for (const label of ["AI design 1", "AI design 2", "AI design 3"]) expect(strip).toContain(`${label} · Not used yet`);
    expect(strip.match(/>Win the Kestrel Winter…</g)).toHaveLength(3);
    expect(strip).not.toContain("Win the Kestrel Wint<");

    const wizard = await page("/create-campaign-v2?step=3&mode=upload", jar.header());
    for (const name of ["AI design 1", "AI design 2", "AI design 3"]) expect(wizard).toContain(`title="Win the Kestrel Winter… · ${name}"`);
  });
});
