/**
 * A start date may be at most a year ahead (over real HTTP): 9999-12-31 was accepted and stored an
 * end date of "+010000-01-30". Now it is a 400 with the field's message, and the draft is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestStartDateInput } from "~/domain/campaign-dates";
import { CAMPAIGN_MESSAGES } from "~/domain/campaign-schemas";
import { prisma } from "~/server/core/db.server";
import { type InProcessAppServer, startAppServer } from "../helpers/app-server";
import { draftThroughStep, signedInJar } from "../helpers/wizard";

let app: InProcessAppServer;
let cookie = "";
let draftId = "";

beforeAll(async () => {
  app = await startAppServer();
  const owner = await signedInJar("dates");
  cookie = owner.jar.header();
  draftId = await draftThroughStep(owner.jar, 3);
});

afterAll(async () => {
  await app?.close();
});

function step4(startDate: string): Promise<Response> {
  return fetch(`${app.url}/create-campaign-v2?campaignId=${draftId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: "4", startDate, durationDays: "30", termsAccepted: "on" }),
  });
}

const dates = () =>
  prisma.campaign.findUniqueOrThrow({ where: { id: draftId }, select: { startDate: true, endDate: true, durationDays: true } });

describe("a start date far ahead", () => {
  it.each(["9999-12-31", "2100-01-01"])("refuses %s with the field's message and stores nothing", async (startDate) => {
    const before = await dates();
    const response = await step4(startDate);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CAMPAIGN_MESSAGES.startDateTooLate);
    expect(await dates()).toEqual(before);
  });

  it("offers no later day in the date picker", async () => {
    const page = await fetch(`${app.url}/create-campaign-v2?step=4&campaignId=${draftId}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`max="${latestStartDateInput(new Date())}"`);
  });

  it("accepts exactly a year ahead", async () => {
    const latest = latestStartDateInput(new Date());
    expect((await step4(latest)).status).toBe(302);
    expect((await dates()).startDate?.toISOString().slice(0, 10)).toBe(latest);
  });
});
