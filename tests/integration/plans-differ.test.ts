/**
 * Plans that differ (decision 046): the analytics page and the entries export follow the campaign's
 * analytics level, and a launch (free, or paid through the checkout) copies the plan's level and
 * custom branding onto the campaign.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/core/db.server";
import { completeCheckout } from "~/server/payments/launch.server";
import { launchCampaign } from "~/server/wizard/launch.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { createCampaign } from "../helpers/campaigns";
import type { CookieJar } from "../helpers/http";
import { signedInJar } from "../helpers/wizard";

const HOUR = 60 * 60 * 1000;

let app: InProcessAppServer;
let owner: { jar: CookieJar; userId: string };

beforeAll(async () => {
  app = await startAppServer();
  owner = await signedInJar("levels-owner");
});

afterAll(async () => {
  await app.close();
});

function get(path: string): Promise<Response> {
  return fetch(`${app.url}${path}`, { redirect: "manual", headers: { Cookie: owner.jar.header() } });
}

/** A live campaign of `owner` at this analytics level, with three confirmed entries, one through another's link. */
async function campaignAt(analyticsLevel: string, planId: string) {
  const campaign = await createCampaign({ creatorId: owner.userId, title: `Level ${analyticsLevel} Tee`, planId, analyticsLevel });
  const now = Date.now();
  const entry = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
    id: `${campaign.id}-${id}`,
    campaignId: campaign.id,
    email,
    emailNormalized: email,
    agreedToTerms: true,
    createdAt: new Date(now - 2 * HOUR),
    confirmedAt: new Date(now - 2 * HOUR),
    ...extra,
  });
  await prisma.entry.createMany({
    data: [
      entry("a", "ann@gmail.com"),
      entry("b", "bob@yahoo.com", { referrerId: `${campaign.id}-a`, referralCredited: true }),
      entry("c", "cat@gmail.com", { referrerId: `${campaign.id}-a`, referralCredited: true }),
    ],
  });
  return campaign;
}

const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);

describe("the analytics page by level", () => {
  it("basic: counts only, with what Growth and Pro add for the next campaign; no export", async () => {
    const campaign = await campaignAt("basic", "starter_tee");
    const response = await get(`/dashboard/campaigns/${campaign.id}/analytics`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(/data-testid="total-entries"[^>]*>3</.test(html)).toBe(true);
    expect(/data-testid="referral-entries"[^>]*>2</.test(html)).toBe(true);
    // Locked sections are not in the page at all: neither the chart nor its data table.
    for (const locked of [
      "entries-over-time-chart",
      "entries-by-hour-chart",
      "entry-sources-chart",
      "top-domains-chart",
      "top-referrers",
    ]) {
      expect(has(html, locked), locked).toBe(false);
    }
    expect(html).not.toContain("Entries per day (UTC)");
    expect(html).not.toContain("gmail.com</text>");
    expect(html).not.toContain("Export Entries (CSV)");
    expect(has(html, "upgrade-standard")).toBe(true);
    expect(has(html, "upgrade-advanced")).toBe(true);
    expect(html).toContain("Available on Growth Tee");
    expect(html).toContain("Available on Pro Tee");
    // A live campaign can be upgraded for the difference (decision 049).
    expect(html).toContain("Upgrade this campaign to Growth Tee or above for the difference in price.");
    expect(html).toContain(`href="/dashboard/campaigns/${campaign.id}/upgrade"`);
    // Fraud review is on every plan.
    expect(html).toContain("Entries to review");
  });

  it("standard: the daily chart and the export, Pro's sections offered", async () => {
    const campaign = await campaignAt("standard", "growth_tee");
    const html = await (await get(`/dashboard/campaigns/${campaign.id}/analytics`)).text();
    expect(has(html, "entries-over-time-chart")).toBe(true);
    expect(html).toContain("Export Entries (CSV)");
    for (const locked of ["entries-by-hour-chart", "entry-sources-chart", "top-domains-chart", "top-referrers", "upgrade-standard"]) {
      expect(has(html, locked), locked).toBe(false);
    }
    expect(has(html, "upgrade-advanced")).toBe(true);
    expect(html).toContain("Available on Pro Tee");
    expect(html).toContain("Entries to review");
  });

  it("advanced: sources, top referrers, email domains and the hourly chart; nothing to upgrade", async () => {
    const campaign = await campaignAt("advanced", "pro_tee");
    const html = await (await get(`/dashboard/campaigns/${campaign.id}/analytics`)).text();
    for (const shown of ["entries-over-time-chart", "entries-by-hour-chart", "entry-sources-chart", "top-domains-chart", "top-referrers"]) {
      expect(has(html, shown), shown).toBe(true);
    }
    expect(has(html, "upgrade-standard")).toBe(false);
    expect(has(html, "upgrade-advanced")).toBe(false);
    // Ann's link brought two confirmed entries.
    expect(html).toMatch(/ann@gmail\.com<\/span><span[^>]*>2 referrals</);
    // The three entries two hours ago are in the hourly data table.
    expect(html).toContain("Entries per hour (UTC)");
  });
});

describe("the entries export by level", () => {
  it("refuses basic with a 403 that says why, and serves standard", async () => {
    const basic = await campaignAt("basic", "starter_tee");
    const refused = await get(`/dashboard/campaigns/${basic.id}/entries.csv`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Content-Type")).toContain("text/plain");
    expect(await refused.text()).toContain("The entries export is not part of this campaign's plan (basic analytics).");

    const standard = await campaignAt("standard", "growth_tee");
    const served = await get(`/dashboard/campaigns/${standard.id}/entries.csv`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await served.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "entry_id,status,email,phone,entered_at,confirmed_at,referrals_credited,bonus_entries,weight,marketing_consent,consent_given_at,consent_wording_version,consent_withdrawn_at",
    );
    expect(lines).toHaveLength(4);
  });
});

describe("launch copies what the plan gives", () => {
  async function planRow(priceCents: number, analyticsLevel: string, customBranding: boolean) {
    return prisma.plan.create({
      data: {
        id: `test_${randomBytes(4).toString("hex")}`,
        name: "Test Plan",
        priceCents,
        aiCredits: 1,
        features: "x",
        analyticsLevel,
        customBranding,
        sortOrder: 90,
      },
    });
  }

  async function draftOn(planId: string) {
    return createCampaign({
      creatorId: owner.userId,
      status: "draft",
      planId,
      finalDesignUrl: "/uploads/design.png",
      prizeValueCents: 2500,
      launchedAt: null,
      analyticsLevel: "basic",
      customBranding: false,
    });
  }

  it("a free launch goes live with the plan's level and branding", async () => {
    const plan = await planRow(0, "advanced", true);
    const draft = await draftOn(plan.id);
    expect(await launchCampaign(draft)).toEqual({ kind: "free", campaignId: draft.id });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      status: "active",
      analyticsLevel: "advanced",
      customBranding: true,
    });
    // A later catalogue edit changes new launches only.
    await prisma.plan.update({ where: { id: plan.id }, data: { analyticsLevel: "basic", customBranding: false } });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      analyticsLevel: "advanced",
      customBranding: true,
    });
    await prisma.plan.update({ where: { id: plan.id }, data: { active: false } });
  });

  it("a paid launch carries them through the checkout to live", async () => {
    const plan = await planRow(1500, "standard", false);
    const draft = await draftOn(plan.id);
    expect(await launchCampaign(draft)).toEqual({ kind: "payment", campaignId: draft.id, totalCents: 1500 });
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      status: "pending_payment",
      analyticsLevel: "standard",
      customBranding: false,
    });
    const sessionId = `cs_test_${randomBytes(6).toString("hex")}`;
    await prisma.campaign.update({ where: { id: draft.id }, data: { stripeCheckoutSessionId: sessionId } });
    expect(await completeCheckout(sessionId, 1500)).toBe("activated");
    expect(await prisma.campaign.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      status: "active",
      analyticsLevel: "standard",
      customBranding: false,
    });
    await prisma.plan.update({ where: { id: plan.id }, data: { active: false } });
  });
});
