/**
 * Honest marketing (decision 046): live platform figures instead of invented testimonials, and a
 * "Most Popular" badge only where launches say so. Figures are counted here independently, with
 * plain queries, and compared with what the pages show.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { forgetPlatformFigures, platformFigures, PLATFORM_FIGURES_TTL_MS } from "~/server/plans/platform-figures.server";
import { activePlans } from "~/server/plans/active-plans.server";
import { DEMO_CREATOR_EMAIL } from "~/domain/demo";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";

let app: InProcessAppServer;

async function page(path: string): Promise<string> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

async function entries(campaignId: string, states: ("confirmed" | "pending" | "disqualified")[]) {
  await prisma.entry.createMany({
    data: states.map((state, i) => ({
      campaignId,
      email: `e${i}-${campaignId}@example.com`,
      emailNormalized: `e${i}-${campaignId}@example.com`,
      agreedToTerms: true,
      confirmedAt: state === "pending" ? null : new Date(),
      disqualifiedAt: state === "disqualified" ? new Date() : null,
    })),
  });
}

beforeAll(async () => {
  // Real campaigns: 6 launched on the Growth Tee, 4 on the Pro Tee; a draft and an unpaid one do not count.
  const creator = await prisma.user.create({ data: { email: `real-${randomBytes(4).toString("hex")}@example.com` } });
  const launched = [];
  for (let i = 0; i < 10; i += 1) {
    launched.push(await createCampaign({ creatorId: creator.id, planId: i < 6 ? "growth_tee" : "pro_tee" }));
  }
  await createCampaign({ creatorId: creator.id, planId: "pro_tee", status: "draft", launchedAt: null });
  await createCampaign({ creatorId: creator.id, planId: "pro_tee", status: "pending_payment", launchedAt: null });
  await entries(launched[0]!.id, ["confirmed", "confirmed", "pending", "disqualified"]);
  await entries(launched[1]!.id, ["confirmed", "confirmed", "confirmed"]);
  for (const [i, status] of (["shipped", "fulfilled", "pending", "submitted", "cancelled"] as const).entries()) {
    await prisma.order.create({ data: { campaignId: launched[i]!.id, winnerEmail: "w@example.com", status } });
  }
  // The seeder's demo content is not a platform figure, whatever it holds.
  const demo = await prisma.user.upsert({ where: { email: DEMO_CREATOR_EMAIL }, create: { email: DEMO_CREATOR_EMAIL }, update: {} });
  const demoCampaign = await createCampaign({ creatorId: demo.id, planId: "starter_tee" });
  await entries(demoCampaign.id, ["confirmed", "confirmed"]);
  await prisma.order.create({ data: { campaignId: demoCampaign.id, winnerEmail: "d@example.com", status: "shipped" } });

  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** Launched, and not demo content (a campaign whose creator was deleted still counts). */
const real = {
  launchedAt: { not: null },
  status: { in: ["active", "completed"] },
  OR: [{ creatorId: null }, { creator: { email: { not: DEMO_CREATOR_EMAIL } } }],
};

/** The figures, counted independently of the code under test. */
async function expected() {
  return {
    campaignsRun: await prisma.campaign.count({ where: real }),
    entries: await prisma.entry.count({ where: { confirmedAt: { not: null }, disqualifiedAt: null, campaign: real } }),
    prizesShipped: await prisma.order.count({ where: { status: { in: ["fulfilled", "shipped"] }, campaign: real } }),
  };
}

describe("live platform figures", () => {
  it("equal the database's counts, leave out drafts, unpaid and demo campaigns, and show on the home page", async () => {
    forgetPlatformFigures();
    const want = await expected();
    expect(want).toEqual({ campaignsRun: 10, entries: 5, prizesShipped: 2 });
    expect(await platformFigures()).toMatchObject(want);

    const home = await page("/home");
    const figures = home.slice(home.indexOf('data-testid="platform-figures"'));
    expect(figures).toMatch(/>giveaways launched<\/dt><dd[^>]*>10</);
    expect(figures).toMatch(/>confirmed entries<\/dt><dd[^>]*>5</);
    expect(figures).toMatch(/>prizes shipped<\/dt><dd[^>]*>2</);
    // No invented testimonials anywhere on the landing pages.
    for (const path of ["/home", "/go", "/"]) {
      const html = await page(path);
      expect(html).not.toContain("Maya Okafor");
      expect(html).not.toContain("<blockquote");
    }
  });

  it("are kept for a minute, then counted again", async () => {
    forgetPlatformFigures();
    const now = Date.now();
    const first = await platformFigures(now);
    await createCampaign({ planId: "growth_tee" });
    expect(await platformFigures(now + PLATFORM_FIGURES_TTL_MS - 1)).toBe(first);
    expect((await platformFigures(now + PLATFORM_FIGURES_TTL_MS)).campaignsRun).toBe(first.campaignsRun + 1);
  });
});

describe("Most Popular", () => {
  it("goes to the plan most launches chose, on the pricing page and to the wizard's plans alike", async () => {
    forgetPlatformFigures();
    const plans = await activePlans();
    expect(plans.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(["growth_tee"]);
    // The free Starter Tee was never chosen by a real launch: no badge for it, whatever the stored flag says.
    await prisma.plan.update({ where: { id: "starter_tee" }, data: { popular: true } });
    forgetPlatformFigures();
    expect((await activePlans()).find((plan) => plan.id === "starter_tee")?.popular).toBe(false);

    const pricing = await page("/pricing");
    const badges = [...pricing.matchAll(/<li aria-labelledby="plan-([a-z_]+)"[^>]*>(?:(?!<\/li>)[\s\S])*?Most Popular/g)].map((m) => m[1]);
    expect(badges).toEqual(["growth_tee"]);
  });

  it("is nobody's when two plans share the lead", async () => {
    const counts = await prisma.campaign.groupBy({
      by: ["planId"],
      where: real,
      _count: { _all: true },
    });
    const growth = counts.find((row) => row.planId === "growth_tee")?._count._all ?? 0;
    const pro = counts.find((row) => row.planId === "pro_tee")?._count._all ?? 0;
    for (let i = pro; i < growth; i += 1) await createCampaign({ planId: "pro_tee" });
    forgetPlatformFigures();
    expect((await activePlans()).filter((plan) => plan.popular)).toEqual([]);
  });
});

describe("one pricing story", () => {
  it("quotes the catalogue's free plan, its lowest paid price and the wizard's durations", async () => {
    const home = await page("/home");
    expect(home).toContain("Start Your First Giveaway Free");
    expect(home).toContain("The Starter Tee plan costs nothing; paid plans start at $29.");
    const how = await page("/how-it-works");
    expect(how).toContain("Pick a 7, 14, 21 or 30 day giveaway");
    expect(how).toContain("and the Starter Tee plan is free.");
    const pricing = await page("/pricing");
    expect(pricing).toContain("You choose 7, 14, 21 or 30 days in the wizard, on every plan.");
    // No promo banner unless an admin writes one.
    expect(await page("/start")).not.toContain('data-testid="promo-banner"');
  });

  it("writes each plan card's AI credits from the plan's own credits, as the wizard and dashboard count them", async () => {
    const growth = await prisma.plan.findUniqueOrThrow({ where: { id: "growth_tee" }, select: { aiCredits: true } });
    try {
      // An admin changes the credits but not the feature text: the card follows the credits.
      await prisma.plan.update({ where: { id: "growth_tee" }, data: { aiCredits: 8 } });
      const pricing = await page("/pricing");
      // The card: from its heading to its "choose this plan" link.
      const card = /id="plan-growth_tee"([\s\S]*?)selectedPlanId=growth_tee/.exec(pricing)?.[1] ?? "";
      expect(card).toContain("8 AI design credits");
      expect(card).not.toContain(`${growth.aiCredits} AI design credits`);
    } finally {
      await prisma.plan.update({ where: { id: "growth_tee" }, data: { aiCredits: growth.aiCredits } });
    }
  });

  it("writes the entries, analytics and branding lines from the plan's columns too, and the Elite card promises only what exists", async () => {
    const pro = await prisma.plan.findUniqueOrThrow({ where: { id: "pro_tee" } });
    try {
      // An admin caps the Pro Tee and lowers its level and branding, leaving its feature text as it was.
      await prisma.plan.update({ where: { id: "pro_tee" }, data: { entryLimit: 2000, analyticsLevel: "standard", customBranding: false } });
      const pricing = await page("/pricing");
      // The card's feature list (the description above it is the admin's own words).
      const card = /id="plan-pro_tee"[\s\S]*?(<ul[\s\S]*?<\/ul>)[\s\S]*?selectedPlanId=pro_tee/.exec(pricing)?.[1] ?? "";
      expect(card).toContain("Up to 2,000 entries");
      expect(card).toContain("Standard analytics: daily entries chart and CSV export");
      expect(card).not.toContain("Unlimited entries");
      expect(card).not.toContain("Advanced analytics");
      expect(card).not.toContain("Powered by Giveawear");

      const elite = /id="plan-elite"([\s\S]*?)Contact Sales/.exec(pricing)?.[1] ?? "";
      expect(elite).toContain("Up to 3 winners per giveaway");
      for (const claim of [/unlimited/i, /white.?label/i, /\bAPI\b/, /team features/i, /account manager/i, /custom feature/i]) {
        expect(elite).not.toMatch(claim);
      }
    } finally {
      await prisma.plan.update({
        where: { id: "pro_tee" },
        data: { entryLimit: pro.entryLimit, analyticsLevel: pro.analyticsLevel, customBranding: pro.customBranding },
      });
    }
  });

  it("sends a signed-out visitor's Get Started to the wizard", async () => {
    const start = await page("/start");
    expect(start).toMatch(/<a class="btn-primary" href="\/create-campaign-v2"[^>]*>Get Started<\/a>/);
  });
});
