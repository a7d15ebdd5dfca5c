/** The seeder brings unedited plan feature lines and an unedited promo banner up to date (decision 046), and nothing else. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLIER_PLATFORM_SETTING_DEFAULTS } from "~/domain/platform-settings";
import { EARLIER_PLAN_DESCRIPTIONS, EARLIER_PLAN_FEATURES, PLAN_CATALOGUE } from "~/domain/plans";
import { seed } from "~/server/startup/seed.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, { demo: false });
});

afterAll(async () => {
  await db?.cleanup();
});

describe("seeding plans and the promo banner", () => {
  it("starts a fresh install with no banner and plans whose lines match their level", async () => {
    expect((await db.prisma.platformSetting.findUniqueOrThrow({ where: { key: "promoBanner" } })).value).toBe("");
    const growth = await db.prisma.plan.findUniqueOrThrow({ where: { id: "growth_tee" } });
    expect(growth.features).toBe(PLAN_CATALOGUE[1].features.join("\n"));
    expect(growth).toMatchObject({ analyticsLevel: "standard", customBranding: false });
  });

  it("upgrades what still holds an earlier default, word for word, and keeps an admin's edits", async () => {
    await db.prisma.plan.update({ where: { id: "starter_tee" }, data: { features: EARLIER_PLAN_FEATURES.starter_tee![1]!.join("\n") } });
    await db.prisma.plan.update({ where: { id: "pro_tee" }, data: { features: "Unlimited entries\nOur own words" } });
    await db.prisma.platformSetting.update({
      where: { key: "promoBanner" },
      data: { value: EARLIER_PLATFORM_SETTING_DEFAULTS.promoBanner![0]! },
    });

    const result = await seed(db.prisma, { demo: false });
    expect(result).toMatchObject({ plansUpdated: 1, platformSettingsUpdated: 1 });
    expect((await db.prisma.plan.findUniqueOrThrow({ where: { id: "starter_tee" } })).features).toBe(PLAN_CATALOGUE[0].features.join("\n"));
    expect((await db.prisma.plan.findUniqueOrThrow({ where: { id: "pro_tee" } })).features).toBe("Unlimited entries\nOur own words");
    expect((await db.prisma.platformSetting.findUniqueOrThrow({ where: { key: "promoBanner" } })).value).toBe("");

    await db.prisma.platformSetting.update({ where: { key: "promoBanner" }, data: { value: "Spring sale: SAVE10 takes 10% off" } });
    expect(await seed(db.prisma, { demo: false })).toMatchObject({ plansUpdated: 0, platformSettingsUpdated: 0 });
    expect((await db.prisma.platformSetting.findUniqueOrThrow({ where: { key: "promoBanner" } })).value).toBe(
      "Spring sale: SAVE10 takes 10% off",
    );
  });

  it("brings a description that promised what no plan gives up to the current one, and keeps an admin's (decision 069)", async () => {
    await db.prisma.plan.update({ where: { id: "growth_tee" }, data: { description: EARLIER_PLAN_DESCRIPTIONS.growth_tee![0]! } });
    await db.prisma.plan.update({ where: { id: "pro_tee" }, data: { description: "Our own description" } });
    expect(await seed(db.prisma, { demo: false })).toMatchObject({ plansUpdated: 1 });
    expect((await db.prisma.plan.findUniqueOrThrow({ where: { id: "growth_tee" } })).description).toBe(PLAN_CATALOGUE[1].description);
    expect((await db.prisma.plan.findUniqueOrThrow({ where: { id: "pro_tee" } })).description).toBe("Our own description");
    expect(PLAN_CATALOGUE[1].description).not.toMatch(/reach/);
    expect(PLAN_CATALOGUE[2].description).not.toMatch(/toolkit/);
  });
});
