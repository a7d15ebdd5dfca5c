import { expect, test, type Page } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import { insertCampaign, insertEntryWith, insertPaidAddOn, userIdByEmail } from "./campaigns";
import { signIn, uniqueEmail } from "./support";

// axe-core on the creator's pages (wizard steps with the brand fields, the plan
// cards and the design step, analytics by plan level, the success page's sharing tools, the
// dashboard's Share panel), light and dark: no serious or critical violation.

async function creator(page: Page): Promise<string> {
  const email = uniqueEmail("creator-a11y");
  await signIn(page, email);
  return userIdByEmail(email);
}

const PAGES: Record<string, (creatorId: string) => string> = {
  "wizard step 1 (brand page fields)": (creatorId) =>
    `/create-campaign-v2?step=1&campaignId=${insertCampaign({ creatorId, status: "draft", accentColor: "#b91c1c" }).id}`,
  "wizard step 2 (plans)": (creatorId) => `/create-campaign-v2?step=2&campaignId=${insertCampaign({ creatorId, status: "draft" }).id}`,
  "wizard step 3 (designer)": (creatorId) =>
    `/create-campaign-v2?step=3&mode=ai&campaignId=${insertCampaign({ creatorId, status: "draft" }).id}`,
  "analytics on basic": (creatorId) => {
    const { id } = insertCampaign({ creatorId, planId: "starter_tee", analyticsLevel: "basic", customBranding: false, entryCount: 1 });
    insertEntryWith(id, uniqueEmail("basic-entrant"));
    return `/dashboard/campaigns/${id}/analytics`;
  },
  "analytics on advanced": (creatorId) => {
    const { id } = insertCampaign({ creatorId, entryCount: 1 });
    insertEntryWith(id, uniqueEmail("advanced-entrant"));
    return `/dashboard/campaigns/${id}/analytics`;
  },
  "a live campaign's edit page (decision 048)": (creatorId) => {
    const { id } = insertCampaign({ creatorId, giveBonusGiftToWinner: true, winnerBonusGiftName: "Tote bag" });
    return `/create-campaign-v2?campaignId=${id}`;
  },
  "the success page (poster and embed code)": (creatorId) => `/campaign-success/${insertCampaign({ creatorId }).id}`,
  // Decision 068: both add-ons offered, a campaign featured for a minute and a report bought.
  "the add-ons page": (creatorId) => {
    const { id } = insertCampaign({ creatorId });
    insertCampaign({ creatorId });
    insertPaidAddOn(id, "featured_boost", 60_000);
    insertPaidAddOn(id, "analytics_report");
    return "/dashboard/addons";
  },
  "the dashboard": (creatorId) => {
    insertCampaign({ creatorId });
    return "/my-campaigns";
  },
};

// Each page is set up once and checked in both themes (violationsInEachTheme).
test.describe.configure({ timeout: 60_000 });

for (const [name, path] of Object.entries(PAGES)) {
  test(`${name} has no serious accessibility violation, light or dark`, async ({ page }) => {
    const target = path(await creator(page));
    expect(await violationsInEachTheme(page, () => openPage(page, target))).toEqual({ light: [], dark: [] });
  });
}
