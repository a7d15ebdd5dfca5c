import { randomBytes } from "node:crypto";
import { newDrawSeed } from "~/server/draw/commitment.server";
import { type Prisma, prisma } from "~/server/core/db.server";

const DAY = 24 * 60 * 60 * 1000;

/** A launched campaign straight in the database: live for a week from yesterday unless told otherwise. */
export async function createCampaign(overrides: Partial<Prisma.CampaignUncheckedCreateInput> = {}) {
  const { seed, commitment } = newDrawSeed();
  const start = new Date(Date.now() - DAY);
  return prisma.campaign.create({
    data: {
      status: "active",
      title: `Test Giveaway ${randomBytes(3).toString("hex")}`,
      description: "A campaign made by a test.",
      brandName: "Test Brand",
      // The official rules' sponsor (decision 053); the grand prize's value is left to each test.
      sponsorLegalName: "Test Brand LLC",
      sponsorAddress: "1 Test Street, Springfield, IL 62701, USA",
      productType: "t-shirt",
      planId: "pro_tee",
      // What the Pro Tee gives a campaign at launch (its entry limit, analytics level and branding).
      entryLimit: null,
      analyticsLevel: "advanced",
      customBranding: true,
      startDate: start,
      durationDays: 7,
      endDate: new Date(start.getTime() + 7 * DAY),
      termsAccepted: true,
      drawSeed: seed,
      drawCommitment: commitment,
      launchedAt: start,
      ...overrides,
    },
  });
}
