import { expect, test, type Page } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import {
  insertAdditionalPrize,
  insertCampaign,
  insertEntry,
  pastDates,
  signedClaimToken,
  updateCampaign,
  userIdByEmail,
} from "./campaigns";
import { signIn, uniqueEmail } from "./support";

// axe-core on the pages decision 050 changed (the wizard's shipping countries and prize kinds, the
// claim forms of a printed prize and of a gift, the draw panel's tiers), light and dark: no serious
// or critical violation. In its own *a11y.spec.ts file: axe runs in the page, so no-js skips it.

const DAY = 24 * 60 * 60 * 1000;

async function creator(page: Page): Promise<string> {
  const email = uniqueEmail("creator-a11y");
  await signIn(page, email);
  return userIdByEmail(email);
}

/** A drawn campaign of `creatorId` with a 2nd-place gift; answers the grand prize's and the gift's claim paths. */
async function drawn(creatorId: string) {
  const deadline = new Date(Date.now() + 14 * DAY);
  const campaign = insertCampaign({ creatorId, status: "completed", ...pastDates(), shipCountries: "CA,GB,US" });
  const winner = insertEntry(campaign.id, uniqueEmail("winner"));
  const second = insertEntry(campaign.id, uniqueEmail("second"));
  updateCampaign(campaign.id, {
    winnerEntryId: winner.id,
    winnerEmail: winner.email,
    claimDeadline: deadline,
    winnersNotifiedAt: new Date(),
  });
  insertAdditionalPrize(campaign.id, {
    rank: 2,
    title: "Signed poster",
    kind: "gift",
    needsAddress: true,
    winnerEntryId: second.id,
    winnerEmail: second.email,
    claimDeadline: deadline,
  });
  const sign = (rank: number, entryId: string) => signedClaimToken({ campaignId: campaign.id, rank, entryId, deadline });
  return { campaign, grand: `/claim/${await sign(1, winner.id)}`, gift: `/claim/${await sign(2, second.id)}` };
}

const PAGES: Record<string, (creatorId: string) => Promise<string>> = {
  "wizard step 4 (shipping countries, prize kinds)": async (creatorId) => {
    const { id } = insertCampaign({ creatorId, status: "draft", shipCountries: "CA,GB" });
    insertAdditionalPrize(id, { rank: 2, title: "Tote bag", kind: "gift", needsAddress: true });
    return `/create-campaign-v2?step=4&campaignId=${id}`;
  },
  "the claim form of a printed prize": async (creatorId) => (await drawn(creatorId)).grand,
  "the claim form of a gift": async (creatorId) => (await drawn(creatorId)).gift,
  "the draw panel with its tiers": async (creatorId) => `/dashboard/campaigns/${(await drawn(creatorId)).campaign.id}/draw`,
};

// Each page is set up once and checked in both themes (violationsInEachTheme).
test.describe.configure({ timeout: 60_000 });

for (const [name, path] of Object.entries(PAGES)) {
  test(`${name} has no serious accessibility violation, light or dark`, async ({ page }) => {
    const target = await path(await creator(page));
    expect(await violationsInEachTheme(page, () => openPage(page, target))).toEqual({ light: [], dark: [] });
  });
}
