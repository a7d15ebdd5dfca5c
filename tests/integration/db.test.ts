import { createHash } from "node:crypto";
import { readdirSync, readlinkSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHAIN, roundAt } from "../../app/domain/beacon";
import { productSizes } from "../../app/domain/campaign-schemas";
import { type ActionKind, EntryActionInputSchema, actionDay } from "../../app/domain/entry-actions";
import { formatPrice, lowestPaidPlan, planFeatureList } from "../../app/domain/plans";
import { type PrismaClient, createPrismaClient, isUniqueConstraintError } from "../../app/server/core/db.server";
import { actionBlockQuery, entryBlockQuery } from "../../app/server/draw/freeze.server";
import { withListDriver } from "../../app/server/draw/list-driver.server";
import { closeDrivers, driverFor } from "../../app/server/core/driver.server";
import { migrate, migrationsDirectory, readMigrationsList, withSchemaEngine } from "../../app/server/startup/migrate.server";
import { DATA_LINK_FOOTER, EARLIER_EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_DEFAULTS } from "../../app/domain/email-template-defaults";
import { seed } from "../../app/server/startup/seed.server";
import { SQLITE_EXPRESSION_INDEXES, pendingSchemaSql } from "../../scripts/db/new-migration";
import { postgresSchemaIsInSync } from "../../scripts/db/sync-postgres-schema";
import { type TestDatabase, createTestDatabase, testProvider } from "../helpers/database";

const provider = testProvider();

/** Where a /proc/self/fd link points, or null when the descriptor closed meanwhile (the readdir's own, say). */
function readlinkOrNothing(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}

/** Applies the migration folders up to and including `last`, as a database deployed back then has them. */
async function migrateThrough(url: string, last: string): Promise<void> {
  const list = await readMigrationsList(migrationsDirectory(provider));
  const migrationsList = { ...list, migrationDirectories: list.migrationDirectories.filter((dir) => dir.path <= last) };
  await withSchemaEngine(url, (engine) => engine.applyMigrations({ migrationsList, filters: { externalTables: [], externalEnums: [] } }));
}

async function localMigrations(): Promise<{ name: string; checksum: string }[]> {
  const dir = migrationsDirectory(provider);
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      checksum: createHash("sha256")
        .update(await readFile(path.join(dir, name, "migration.sql")))
        .digest("hex"),
    })),
  );
}

/** Everything the seed writes, in a comparable form. */
async function snapshot(prisma: PrismaClient) {
  return {
    plans: await prisma.plan.findMany({ orderBy: { id: "asc" } }),
    coupons: await prisma.coupon.findMany({ orderBy: { code: "asc" } }),
    templates: await prisma.emailTemplate.findMany({ orderBy: { id: "asc" } }),
    settings: await prisma.platformSetting.findMany({ orderBy: { key: "asc" } }),
    slider: await prisma.homepageSliderImage.findMany({ orderBy: { displayOrder: "asc" } }),
    users: await prisma.user.count(),
    campaigns: await prisma.campaign.count(),
    entries: await prisma.entry.count(),
    prizes: await prisma.additionalPrize.count(),
    orders: await prisma.order.count(),
  };
}

describe(`database (${provider})`, () => {
  describe("migrations", () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase({ migrate: false });
    });
    afterAll(async () => {
      await db?.cleanup();
    });

    it("apply to an empty database and are recorded the way Prisma records them", async () => {
      const expected = await localMigrations();
      expect(expected.length).toBeGreaterThan(0);

      const applied = await migrate(db.url);

      expect(applied).toEqual(expected.map((migration) => migration.name));
      const rows = await db.prisma.$queryRawUnsafe<
        { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown }[]
      >("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name");
      expect(rows.map((row) => ({ name: row.migration_name, checksum: row.checksum }))).toEqual(expected);
      for (const row of rows) {
        expect(row.finished_at).not.toBeNull();
        expect(row.rolled_back_at).toBeNull();
      }
    });

    it("apply nothing the second time", async () => {
      expect(await migrate(db.url)).toEqual([]);
    });

    it("let several instances migrate one fresh database at the same time", async () => {
      const fresh = await createTestDatabase({ migrate: false });
      try {
        const results = await Promise.all([migrate(fresh.url), migrate(fresh.url), migrate(fresh.url)]);
        const names = (await localMigrations()).map((migration) => migration.name);
        expect(results.flat().sort()).toEqual(names);
        const [{ count }] = await fresh.prisma.$queryRawUnsafe<[{ count: bigint | number }]>(
          "SELECT COUNT(*) AS count FROM _prisma_migrations",
        );
        expect(Number(count)).toBe(names.length);
      } finally {
        await fresh.cleanup();
      }
    });

    it("enforce foreign keys (and keep SQLite in WAL mode)", async () => {
      await expect(db.prisma.session.create({ data: { userId: "no-such-user", expiresAt: new Date() } })).rejects.toThrow();
      if (provider === "sqlite") {
        const [journal] = await db.prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
        expect(journal?.journal_mode).toBe("wal");
      }
    });

    it("match schema.prisma exactly (no schema change is missing a migration)", async () => {
      expect(await pendingSchemaSql(provider)).toBe("");
    });

    it("give the freeze's block queries indexes they read in order, times included (decision 115)", async () => {
      await migrate(db.url); // whether or not the tests before ran
      const kinds = new Map([["action-1", "tracked"]]);
      const entryBlock = entryBlockQuery(provider, "campaign-1", 2_000, [], { createdAt: "2026-12-01T10:00:00.000+00:00", id: "a" });
      const actionBlock = actionBlockQuery(provider, "campaign-1", kinds, new Date(), 4_000, [], null);
      await withListDriver(db.prisma, async (driver) => {
        if (provider === "sqlite") {
          // Each index schema.prisma describes holds, besides its columns, the time in milliseconds
          // (what pendingSchemaSql leaves out of the comparison exists), and the queries read it from
          // there: no date function is called per line.
          for (const name of SQLITE_EXPRESSION_INDEXES) {
            const columns = await driver.rows(`SELECT "cid", "name" FROM pragma_index_xinfo(?) WHERE "key" = 1`, [name]);
            expect(columns.filter(([cid]) => Number(cid) === -2)).toHaveLength(1);
            expect(columns.length).toBeGreaterThan(5);
          }
          for (const query of [entryBlock, actionBlock]) {
            const called = (await driver.rows(`EXPLAIN ${query.sql}`, query.params)).map((op) => String(op[5] ?? ""));
            expect(called.filter((p4) => /^(julianday|unixepoch)\(/.test(p4))).toEqual([]);
          }
          return;
        }
        // The entry ids are ordered byte by byte in the index, as draw.csv orders them: the index is
        // read in order, with no sort of its own.
        await driver.rows("SET enable_seqscan = off");
        try {
          const [[plan]] = (await driver.rows(`EXPLAIN (FORMAT JSON) ${entryBlock.sql}`, entryBlock.params)) as [[unknown]];
          const text = JSON.stringify(plan);
          expect(text).toMatch(/"Node Type":"Index Only Scan"/);
          expect(text).not.toMatch(/Sort/);
        } finally {
          await driver.rows("RESET enable_seqscan");
        }
      });
    });

    it("keep an additional prize's deadline when its column is renamed to claimDeadline", async () => {
      const renaming = "20261124053225_additional_prize_claim_deadline";
      const sql = await readFile(path.join(migrationsDirectory(provider), renaming, "migration.sql"), "utf8");
      // A rename, not the drop and add the schema engine writes for one. The earlier name lives only in the migrations.
      const earlierName = /ALTER TABLE "AdditionalPrize" RENAME COLUMN "(\w+)" TO "claimDeadline";/.exec(sql)?.[1];
      expect(earlierName).toBeTruthy();
      const names = (await localMigrations()).map((migration) => migration.name);
      const previous = names[names.indexOf(renaming) - 1];
      expect(previous).toBeTruthy();

      const old = await createTestDatabase({ migrate: false });
      try {
        await migrateThrough(old.url, previous!);
        // The Campaign table of that time differs from today's, so the campaign is written in SQL
        // too (only columns it had); the prize's deadline is copied from the campaign's, so it is
        // stored as the driver stores dates.
        const deadline = new Date("2026-07-01T12:00:00.000Z");
        const campaign = { id: "migrated-campaign" };
        await old.prisma
          .$executeRaw`INSERT INTO "Campaign" ("id", "title", "brandName", "startDate", "endDate", "status", "claimDeadline", "updatedAt")
          VALUES (${campaign.id}, 'Migrated giveaway', 'Old Brand', ${new Date("2026-05-01T00:00:00.000Z")}, ${new Date("2026-06-01T00:00:00.000Z")}, 'completed', ${deadline}, ${deadline})`;
        await old.prisma.$executeRawUnsafe(
          `INSERT INTO "AdditionalPrize" ("id", "campaignId", "rank", "title", "winnerEmail", "${earlierName}")
           SELECT 'prize-2', "id", 2, 'Store credit', 'fan@example.com', "claimDeadline" FROM "Campaign" WHERE "id" = '${campaign.id}'`,
        );
        await old.prisma.$executeRawUnsafe(
          `INSERT INTO "AdditionalPrize" ("id", "campaignId", "rank", "title") VALUES ('prize-3', '${campaign.id}', 3, 'Stickers')`,
        );
        await old.prisma.$disconnect();

        expect(await migrate(old.url)).toEqual(names.slice(names.indexOf(renaming)));

        const prizes = await old.prisma.additionalPrize.findMany({ where: { campaignId: campaign.id }, orderBy: { rank: "asc" } });
        expect(prizes.map(({ id, rank, title, winnerEmail, claimDeadline }) => ({ id, rank, title, winnerEmail, claimDeadline }))).toEqual([
          { id: "prize-2", rank: 2, title: "Store credit", winnerEmail: "fan@example.com", claimDeadline: deadline },
          { id: "prize-3", rank: 3, title: "Stickers", winnerEmail: null, claimDeadline: null },
        ]);
        expect(await pendingSchemaSql(provider)).toBe("");
      } finally {
        await old.cleanup();
      }
    });
  });

  describe("what every connection promises (decision 065)", () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      delete process.env.SQLITE_SYNCHRONOUS;
      await db?.cleanup();
    });

    /** synchronous (SQLite: 2 FULL, 1 NORMAL) and secure_delete, as the app's Prisma client and the list driver's connection see them. */
    async function sqliteSettings(client: PrismaClient) {
      const pragma = async (name: string) =>
        Number(Object.values((await client.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`))[0]!)[0]);
      const driver = await withListDriver(client, async (list) => [
        Number((await list.rows("PRAGMA synchronous"))[0]![0]),
        Number((await list.rows("PRAGMA secure_delete"))[0]![0]),
      ]);
      return { prisma: [await pragma("synchronous"), await pragma("secure_delete")], driver };
    }

    it(
      provider === "sqlite"
        ? "SQLite: synchronous = FULL and secure_delete on every connection; NORMAL only when asked"
        : "PostgreSQL: synchronous_commit on",
      async () => {
        if (provider === "postgresql") {
          const [row] = await db.prisma.$queryRawUnsafe<{ synchronous_commit: string }[]>("SHOW synchronous_commit");
          expect(row?.synchronous_commit).toBe("on");
          return;
        }
        expect(await sqliteSettings(db.prisma)).toEqual({ prisma: [2, 1], driver: [2, 1] });
        process.env.SQLITE_SYNCHRONOUS = "normal";
        const relaxed = createPrismaClient(db.url);
        try {
          expect(await sqliteSettings(relaxed)).toEqual({ prisma: [1, 1], driver: [1, 1] });
        } finally {
          await relaxed.$disconnect();
          delete process.env.SQLITE_SYNCHRONOUS;
        }
      },
    );

    // SQLite's alone (PostgreSQL syncs its own log); read from Linux's /proc, where the suite runs.
    if (provider === "sqlite")
      it("SQLite: the driver syncs its commits' WAL through one file it keeps open until the connection closes", async () => {
        const sqliteDriver = () => {
          const driver = driverFor(db.prisma);
          if (driver.provider !== "sqlite") throw new Error("a SQLite driver was expected");
          return driver;
        };
        const commit = (version: number) => {
          const driver = sqliteDriver();
          return driver.commit(
            () => driver.db.pragma(`user_version = ${version}`),
            () => true,
          );
        };
        const wal = `${sqliteDriver().db.name}-wal`;
        /** This process's open files that are the WAL (/proc/self/fd: SQLite's connections', and the driver's for its syncs). */
        const walFiles = () => readdirSync("/proc/self/fd").filter((fd) => readlinkOrNothing(`/proc/self/fd/${fd}`) === wal).length;
        await commit(1);
        const open = walFiles();
        for (let version = 2; version <= 6; version++) await commit(version);
        expect(walFiles()).toBe(open);
        expect(sqliteDriver().db.pragma("user_version", { simple: true })).toBe(6);
        // The connection and the file its syncs use, closed together; a later use opens both again.
        await closeDrivers();
        expect(walFiles()).toBe(open - 2);
        await commit(0);
        expect(walFiles()).toBe(open);
      });
  });

  it("keeps prisma/postgres/schema.prisma in sync with prisma/schema.prisma", () => {
    expect(postgresSchemaIsInSync()).toBe(true);
  });

  describe("seed", () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.cleanup();
    });

    it("fills an empty database with the catalogue and 12 demo campaigns", async () => {
      const result = await seed(db.prisma, { demo: true });
      expect(result).toMatchObject({ plans: 3, coupons: 1, platformSettings: 5, sliderImages: 3, demoCampaigns: 12 });

      const plans = await db.prisma.plan.findMany({ orderBy: { sortOrder: "asc" } });
      expect(plans.map((plan) => [plan.id, plan.name, plan.priceCents, plan.entryLimit, plan.aiCredits])).toEqual([
        ["starter_tee", "Starter Tee", 0, 50, 1],
        ["growth_tee", "Growth Tee", 2900, 500, 5],
        ["pro_tee", "Pro Tee", 7900, null, 15],
      ]);
      // What each plan gives a campaign (decision 046); no stored "Most Popular": the badge is computed from launches.
      expect(plans.map((plan) => [plan.id, plan.analyticsLevel, plan.customBranding])).toEqual([
        ["starter_tee", "basic", false],
        ["growth_tee", "standard", false],
        ["pro_tee", "advanced", true],
      ]);
      expect(plans.filter((plan) => plan.popular)).toEqual([]);
      for (const plan of plans) {
        const creditLine = planFeatureList(plan.features).find((line) => /AI design credit/.test(line));
        expect(creditLine?.startsWith(String(plan.aiCredits))).toBe(true);
      }
      const cheapest = lowestPaidPlan(plans);
      expect(cheapest?.id).toBe("growth_tee");
      expect(formatPrice(cheapest?.priceCents ?? 0)).toBe("$29.00");

      const save10 = await db.prisma.coupon.findUnique({ where: { code: "SAVE10" } });
      expect(save10).toMatchObject({ kind: "percent", percentOff: 10, active: true });

      const templates = await db.prisma.emailTemplate.findMany();
      expect(templates.map((template) => template.id).sort()).toEqual(EMAIL_TEMPLATE_DEFAULTS.map((t) => t.id).sort());
      const login = templates.find((template) => template.id === "login_code");
      expect(login?.subject).toBe("Your Giveawear sign-in code");
      expect(login?.htmlBody).toContain("{{code}}");
      expect(login?.htmlBody).toContain("{{magic_link}}");
      expect(login?.htmlBody).toContain("valid for 10 minutes");

      const settings = Object.fromEntries((await db.prisma.platformSetting.findMany()).map((row) => [row.key, row.value]));
      expect(settings).toMatchObject({ referralsEnabled: "true", autoPickWinnerEnabled: "true" });
      expect(settings).toMatchObject({ entrantDataRetentionDays: "90" });
      expect(Object.keys(settings).sort()).toEqual([
        "autoPickWinnerEnabled",
        "entrantDataRetentionDays",
        "homepageCopy",
        "promoBanner",
        "referralsEnabled",
      ]);

      const slider = await db.prisma.homepageSliderImage.findMany({ orderBy: { displayOrder: "asc" } });
      expect(slider.map((image) => image.imageUrl)).toEqual(["/images/slider-1.svg", "/images/slider-2.svg", "/images/slider-3.svg"]);
      expect(slider.some((image) => image.overlayText === "Your Design Here")).toBe(true);
    });

    it("makes demo campaigns with 20 to 169 entries, every product type, live and past", async () => {
      const now = new Date();
      const campaigns = await db.prisma.campaign.findMany({
        include: {
          _count: { select: { entries: true } },
          creator: true,
          plan: true,
          entries: { select: { createdAt: true, confirmedAt: true, disqualifiedAt: true, disqualifyReason: true } },
        },
      });
      expect(campaigns).toHaveLength(12);
      expect(new Set(campaigns.map((campaign) => campaign.productType))).toEqual(new Set(["t-shirt", "hoodie", "mug"]));

      const live = campaigns.filter((c) => c.status === "active" && c.startDate! < now && c.endDate! > now);
      const past = campaigns.filter((c) => c.status === "completed" && c.endDate! < now);
      expect(live.length).toBeGreaterThan(0);
      expect(past.length).toBeGreaterThan(0);
      expect(live.length + past.length).toBe(12);

      for (const campaign of campaigns) {
        // Decision 110: each demo round is the first at or after the end plus the margin it records (3 s demo rounds).
        expect(campaign.drawBeaconMarginMinutes).toBe(10);
        expect(roundAt(DEMO_CHAIN, campaign.endDate!.getTime() + 10 * 60_000)).toBe(campaign.drawBeaconRound);
        expect(campaign.creator?.email).toBe("demo@giveawear.example");
        expect(campaign._count.entries).toBeGreaterThanOrEqual(20);
        expect(campaign._count.entries).toBeLessThanOrEqual(169);
        // Demo entrants confirmed at once; entryCount counts confirmed entries not disqualified (decision 038).
        for (const entry of campaign.entries) expect(entry.confirmedAt).toEqual(entry.createdAt);
        expect(campaign.entryCount).toBe(campaign.entries.filter((entry) => entry.disqualifiedAt === null).length);
        if (campaign.entryLimit !== null) expect(campaign.entryCount).toBeLessThanOrEqual(campaign.entryLimit);
        expect(campaign.entryLimit).toBe(campaign.plan?.entryLimit ?? null);
        expect(campaign.endDate!.getTime() - campaign.startDate!.getTime()).toBe(campaign.durationDays * 24 * 3600 * 1000);
        expect(campaign.drawCommitment).toBe(
          createHash("sha256")
            .update(campaign.drawSeed ?? "")
            .digest("hex"),
        );
      }
      // Garments offer only sizes they are made in (no hoodie in XS); a mug is made in none and stores none.
      for (const campaign of campaigns.filter((c) => c.productType !== "mug")) {
        const made: string[] = productSizes(campaign.productType);
        expect(campaign.selectedSizes).not.toBe("");
        expect(campaign.selectedSizes.split(",").filter((size) => !made.includes(size))).toEqual([]);
      }
      for (const campaign of campaigns.filter((c) => c.productType === "mug")) expect(campaign.selectedSizes).toBe("");
      // A mug's winner chooses no size or style, in the demo orders as in a real claim.
      const mugOrders = await db.prisma.order.findMany({ where: { campaign: { productType: "mug" } } });
      expect(mugOrders.length).toBeGreaterThan(0);
      for (const order of mugOrders) expect(order).toMatchObject({ size: null, style: null });
      for (const campaign of past) {
        const winner = await db.prisma.entry.findUnique({ where: { id: campaign.winnerEntryId ?? "" } });
        expect(winner?.campaignId).toBe(campaign.id);
        expect(winner?.email).toBe(campaign.winnerEmail);
      }

      // A few past entries were disqualified by the creator's review before the end, with a public reason; live ones none.
      const disqualified = past.flatMap((campaign) =>
        campaign.entries.filter((entry) => entry.disqualifiedAt !== null).map((entry) => ({ entry, endDate: campaign.endDate! })),
      );
      expect(disqualified.length).toBeGreaterThan(0);
      for (const { entry, endDate } of disqualified) {
        expect(["duplicate", "fake"]).toContain(entry.disqualifyReason);
        expect(entry.disqualifiedAt!.getTime()).toBeLessThan(endDate.getTime());
      }
      for (const campaign of live) expect(campaign.entries.filter((entry) => entry.disqualifiedAt !== null)).toEqual([]);
      const referralsOfDisqualified = await db.prisma.entry.count({
        where: { OR: [{ disqualifiedAt: { not: null }, referrerId: { not: null } }, { referrer: { disqualifiedAt: { not: null } } }] },
      });
      expect(referralsOfDisqualified).toBe(0);

      const referred = await db.prisma.entry.findMany({
        where: { referrerId: { not: null } },
        include: { referrer: true },
      });
      expect(referred.length).toBeGreaterThan(0);
      for (const entry of referred) {
        expect(entry.referrer?.campaignId).toBe(entry.campaignId);
        expect(entry.referrer!.createdAt.getTime()).toBeLessThanOrEqual(entry.createdAt.getTime());
      }
      // bonusEntries: 3 per credited referral plus the counted action bonuses (decision 074).
      const bonus = await db.prisma.entry.aggregate({ _sum: { bonusEntries: true, actionBonus: true } });
      expect(bonus._sum.bonusEntries).toBe(referred.length * 3 + (bonus._sum.actionBonus ?? 0));
      const orders = await db.prisma.order.findMany();
      expect(orders).toHaveLength(past.length);
      for (const order of orders) {
        for (const time of [order.createdAt, order.submittedAt, order.fulfilledAt, order.shippedAt]) {
          if (time) expect(time.getTime()).toBeLessThanOrEqual(now.getTime());
        }
      }
      const domains = await db.prisma.entry.findMany({ select: { email: true } });
      for (const { email } of domains) expect(email).toMatch(/@(example\.(com|net|org)|(mail|inbox)\.example)$/);
    });

    it("gives most demo campaigns a mix of entry actions within their plan, completed by their entrants", async () => {
      const campaigns = await db.prisma.campaign.findMany({
        include: {
          entryActions: { include: { completions: true } },
          entries: { select: { id: true, createdAt: true, disqualifiedAt: true, bonusEntries: true, actionBonus: true } },
        },
      });
      const offering = campaigns.filter((campaign) => campaign.entryActions.length > 0);
      expect(offering.length).toBeGreaterThan(campaigns.length / 2);
      expect(offering.filter((campaign) => new Set(campaign.entryActions.map((action) => action.kind)).size > 1).length).toBeGreaterThan(
        campaigns.length / 2,
      );
      const actions = campaigns.flatMap((campaign) => campaign.entryActions);
      // Every kind across them, questions with choices and with free text alike.
      expect(new Set(actions.map((action) => action.kind))).toEqual(new Set(["visit", "code", "question", "daily", "follow"]));
      const questions = actions.filter((action) => action.kind === "question");
      expect(questions.some((action) => action.choices === "")).toBe(true);
      expect(questions.some((action) => action.choices !== "")).toBe(true);
      for (const action of actions) {
        const { kind, label, bonus, url, code, question, choices } = action;
        expect(
          EntryActionInputSchema.safeParse({ kind, label, bonus, url, code, question, choices, platform: action.platform }).success,
        ).toBe(true);
      }
      const now = Date.now();
      for (const campaign of campaigns) {
        if (campaign.entryActionLimit !== null) expect(campaign.entryActions.length).toBeLessThanOrEqual(campaign.entryActionLimit);
        const entries = new Map(campaign.entries.map((entry) => [entry.id, entry]));
        const counted = new Map<string, number>();
        for (const action of campaign.entryActions) {
          expect(action.completions.length, `${campaign.title}: ${action.label}`).toBeGreaterThan(0);
          for (const completion of action.completions) {
            const entry = entries.get(completion.entryId)!;
            expect(entry.disqualifiedAt).toBeNull();
            expect(completion.completedAt.getTime()).toBeGreaterThanOrEqual(entry.createdAt.getTime());
            expect(completion.completedAt.getTime()).toBeLessThan(Math.min(now, campaign.endDate!.getTime()));
            expect(completion.bonus).toBe(action.bonus);
            expect(completion.day).toBe(actionDay(action.kind as ActionKind, completion.completedAt));
            if (action.kind === "question" || action.kind === "follow") expect(completion.answer).toBeTruthy();
            if (completion.disqualifiedAt === null) counted.set(entry.id, (counted.get(entry.id) ?? 0) + completion.bonus);
          }
        }
        for (const entry of campaign.entries) expect(entry.actionBonus).toBe(counted.get(entry.id) ?? 0);
      }
      expect(
        await db.prisma.actionCompletion.count({ where: { disqualifiedAt: { not: null }, disqualifyReason: "false_claim" } }),
      ).toBeGreaterThan(0);
      // Daily returns: some entrants came back on more than one day.
      const dailyDays = await db.prisma.actionCompletion.groupBy({
        by: ["actionId", "entryId"],
        where: { day: { not: "" } },
        _count: true,
      });
      expect(dailyDays.some((group) => group._count > 1)).toBe(true);
    });

    it("changes nothing when run again", async () => {
      const before = await snapshot(db.prisma);
      const result = await seed(db.prisma, { demo: true });
      expect(Object.values(result).every((count) => count === 0)).toBe(true);
      expect(await snapshot(db.prisma)).toEqual(before);
    });

    it("keeps an admin's edits and restores only what is missing", async () => {
      await db.prisma.plan.update({ where: { id: "growth_tee" }, data: { priceCents: 3900 } });
      await db.prisma.platformSetting.delete({ where: { key: "promoBanner" } });
      const result = await seed(db.prisma, { demo: true });
      expect(result).toMatchObject({ plans: 0, platformSettings: 1, demoCampaigns: 0 });
      expect((await db.prisma.plan.findUniqueOrThrow({ where: { id: "growth_tee" } })).priceCents).toBe(3900);
    });

    it("brings an email template still holding an earlier default up to date, and leaves an edited one alone", async () => {
      const current = (id: string) => EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === id)!;
      // What earlier versions seeded: the referral line promised 3 bonus entries whatever the setting.
      // (From the text before double opt-in, which added the receipt: decision 038.)
      const beforeOptIn = EARLIER_EMAIL_TEMPLATE_DEFAULTS.find(
        (template) => template.id === "entry_confirmation" && template.htmlBody.includes("{{referral_offer}}"),
      )!.htmlBody;
      const oldEntered = beforeOptIn.replace(
        "<p>{{referral_offer}}</p>",
        "<p>Want better odds? Share your personal link: every friend who enters through it earns you 3 bonus entries.</p>",
      );
      // (The reminder as it was before the data-page line, decision 054.)
      const oldReminder = current("reminder_48h")
        .htmlBody.replace(`\n${DATA_LINK_FOOTER}`, "")
        .replace(
          "<p>{{referral_offer}}</p>",
          "<p>You are entered. There is still time to earn 3 bonus entries for every friend who enters through your link:</p>",
        );
      expect(oldEntered).not.toBe(current("entry_confirmation").htmlBody);
      expect(oldReminder).not.toBe(current("reminder_48h").htmlBody);
      await db.prisma.emailTemplate.update({ where: { id: "entry_confirmation" }, data: { htmlBody: oldEntered } });
      // An admin edited the reminder's old text: a single word differs.
      const edited = oldReminder.replace("There is still time", "There is plenty of time");
      await db.prisma.emailTemplate.update({ where: { id: "reminder_48h" }, data: { htmlBody: edited } });
      const editedBefore = await db.prisma.emailTemplate.findUniqueOrThrow({ where: { id: "reminder_48h" } });

      const result = await seed(db.prisma, { demo: true });

      expect(result).toMatchObject({ emailTemplates: 0, emailTemplatesUpdated: 1 });
      const entered = await db.prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } });
      expect(entered.subject).toBe("You're entered: {{campaign_title}}");
      expect(entered.htmlBody).toBe(current("entry_confirmation").htmlBody);
      expect(entered.htmlBody).toContain("<p>{{referral_offer}}</p>");
      expect(entered.htmlBody).not.toContain("bonus entries");
      expect(await db.prisma.emailTemplate.findUniqueOrThrow({ where: { id: "reminder_48h" } })).toEqual(editedBefore);

      // The unedited old reminder is brought up to date too, and a second run changes nothing.
      await db.prisma.emailTemplate.update({ where: { id: "reminder_48h" }, data: { htmlBody: oldReminder } });
      expect((await seed(db.prisma, { demo: true })).emailTemplatesUpdated).toBe(1);
      expect((await db.prisma.emailTemplate.findUniqueOrThrow({ where: { id: "reminder_48h" } })).htmlBody).toBe(
        current("reminder_48h").htmlBody,
      );
      const before = await snapshot(db.prisma);
      const again = await seed(db.prisma, { demo: true });
      expect(Object.values(again).every((count) => count === 0)).toBe(true);
      expect(await snapshot(db.prisma)).toEqual(before);
    });

    it("leaves a template whose subject an admin changed, even when its body is an earlier default", async () => {
      const entered = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === "entry_confirmation")!;
      const oldBody = entered.htmlBody.replace(
        "<p>{{referral_offer}}</p>",
        "<p>Want better odds? Share your personal link: every friend who enters through it earns you 3 bonus entries.</p>",
      );
      await db.prisma.emailTemplate.update({
        where: { id: "entry_confirmation" },
        data: { subject: "Thanks for entering {{campaign_title}}", htmlBody: oldBody },
      });
      expect((await seed(db.prisma, { demo: true })).emailTemplatesUpdated).toBe(0);
      expect(await db.prisma.emailTemplate.findUniqueOrThrow({ where: { id: "entry_confirmation" } })).toMatchObject({
        subject: "Thanks for entering {{campaign_title}}",
        htmlBody: oldBody,
      });
    });
  });

  describe("constraints", () => {
    let db: TestDatabase;
    let campaignId: string;
    beforeAll(async () => {
      db = await createTestDatabase();
      await seed(db.prisma, { demo: false });
      const campaign = await db.prisma.campaign.create({
        data: { title: "Constraint test", status: "active", planId: "starter_tee", entryLimit: 50 },
      });
      campaignId = campaign.id;
    });
    afterAll(async () => {
      await db?.cleanup();
    });

    it("allows one entry per campaign and normalised email", async () => {
      const entry = { campaignId, email: "Ann@Example.com", emailNormalized: "ann@example.com", agreedToTerms: true };
      const first = await db.prisma.entry.create({ data: entry });
      expect(first.id).toMatch(/^[a-z0-9]{24,}$/);
      const second = db.prisma.entry.create({ data: { ...entry, email: "ann@example.com" } });
      await expect(second).rejects.toSatisfy(isUniqueConstraintError);
      expect(await db.prisma.entry.count({ where: { campaignId } })).toBe(1);
    });

    it("rejects an entry for a campaign that does not exist", async () => {
      const orphan = db.prisma.entry.create({
        data: {
          campaignId: "no-such-campaign",
          email: "x@example.com",
          emailNormalized: "x@example.com",
          agreedToTerms: true,
        },
      });
      await expect(orphan).rejects.toThrow();
    });

    it("caps entries with a single conditional update, even when they arrive together", async () => {
      const capped = await db.prisma.campaign.create({ data: { title: "Cap", status: "active", entryLimit: 5 } });
      const attempts = await Promise.all(
        Array.from({ length: 12 }, () =>
          db.prisma.campaign.updateMany({
            where: { id: capped.id, entryCount: { lt: 5 } },
            data: { entryCount: { increment: 1 } },
          }),
        ),
      );
      expect(attempts.filter((result) => result.count === 1)).toHaveLength(5);
      expect((await db.prisma.campaign.findUniqueOrThrow({ where: { id: capped.id } })).entryCount).toBe(5);
    });

    it("allows one order per campaign and prize rank, and round-trips big draw weights", async () => {
      await db.prisma.order.create({ data: { campaignId, winnerEmail: "w@example.com" } });
      await expect(db.prisma.order.create({ data: { campaignId, winnerEmail: "v@example.com" } })).rejects.toSatisfy(
        isUniqueConstraintError,
      );
      const draw = await db.prisma.draw.create({
        data: {
          campaignId,
          seed: "s",
          commitment: "c",
          entriesHash: "h",
          totalWeight: 9_007_199_254_740_993n,
          picks: "[]",
        },
      });
      expect((await db.prisma.draw.findUniqueOrThrow({ where: { id: draw.id } })).totalWeight).toBe(9_007_199_254_740_993n);
    });

    it("deletes a campaign together with its entries, prizes, draw and orders", async () => {
      await db.prisma.additionalPrize.create({ data: { campaignId, rank: 2, title: "Runner-up" } });
      await db.prisma.campaign.delete({ where: { id: campaignId } });
      expect(await db.prisma.entry.count({ where: { campaignId } })).toBe(0);
      expect(await db.prisma.order.count({ where: { campaignId } })).toBe(0);
      expect(await db.prisma.draw.count({ where: { campaignId } })).toBe(0);
      expect(await db.prisma.additionalPrize.count({ where: { campaignId } })).toBe(0);
    });
  });
});
