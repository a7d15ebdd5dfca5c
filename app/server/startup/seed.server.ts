import { CONSENT_WORDINGS, consentWordingId } from "../../domain/consent";
import { DEFAULTS_BEFORE_DATA_LINK, EARLIER_EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_DEFAULTS } from "../../domain/email-template-defaults";
import { EARLIER_PLAN_DESCRIPTIONS, EARLIER_PLAN_FEATURES, PLAN_CATALOGUE } from "../../domain/plans";
import { EARLIER_PLATFORM_SETTING_DEFAULTS, PLATFORM_SETTING_DEFAULTS } from "../../domain/platform-settings";
import { DEFAULT_COUPONS } from "../../domain/pricing";
import { SLIDER_DEFAULTS } from "../../domain/slider";
import { type Prisma, type PrismaClient, clientProvider, getDatabaseUrl, getPrisma } from "../core/db.server";
import { migrate } from "./migrate.server";
import { writeDemoDesigns } from "./demo-designs.server";
import { seedDemoCampaigns } from "./demo.server";
import { log } from "../core/log.server";

/**
 * Reference data every install needs, plus optional demo campaigns.
 *
 * Idempotent and safe on every start: rows are created when missing and otherwise not touched, so
 * whatever an admin edits (plans, templates, settings, the SAVE10 coupon) stays as edited. The one
 * update: an email template still holding an earlier seeded default, word for word (so never edited),
 * becomes the current default. To retire a seeded plan or coupon, deactivate it: a deleted one comes
 * back on the next start.
 */

type Tx = Prisma.TransactionClient;

export type SeedResult = {
  plans: number;
  coupons: number;
  emailTemplates: number;
  /** Unedited templates brought up to the current default (EARLIER_EMAIL_TEMPLATE_DEFAULTS). */
  emailTemplatesUpdated: number;
  /**
   * Plans whose unedited feature lines or description were brought up to the current catalogue
   * (EARLIER_PLAN_FEATURES, EARLIER_PLAN_DESCRIPTIONS); a plan with both counts twice.
   */
  plansUpdated: number;
  platformSettings: number;
  /** Unedited settings brought up to the current default (EARLIER_PLATFORM_SETTING_DEFAULTS). */
  platformSettingsUpdated: number;
  sliderImages: number;
  /** Consent wordings written from the code's versions (decision 054). */
  consentWordings: number;
  demoCampaigns: number;
  demoEntries: number;
};

/** Two instances starting against one Postgres would otherwise both insert the demo campaigns. */
const SEED_LOCK_KEY = 7_240_611_004;

export async function seed(prisma: PrismaClient, { demo }: { demo: boolean }): Promise<SeedResult> {
  const postgres = clientProvider(prisma) === "postgresql";
  // The demo campaigns' print files (uploads, outside the database): written when missing.
  if (demo) await writeDemoDesigns();
  return prisma.$transaction(
    async (tx) => {
      if (postgres) await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const result: SeedResult = {
        plans: await seedPlans(tx),
        plansUpdated: await updateUneditedPlanFeatures(tx),
        coupons: await seedCoupons(tx),
        emailTemplates: await seedEmailTemplates(tx),
        emailTemplatesUpdated: await updateUneditedEmailTemplates(tx),
        platformSettings: await seedPlatformSettings(tx),
        platformSettingsUpdated: await updateUneditedPlatformSettings(tx),
        sliderImages: await seedSliderImages(tx),
        consentWordings: await seedConsentWordings(tx),
        demoCampaigns: 0,
        demoEntries: 0,
      };
      if (demo) Object.assign(result, await seedDemoCampaigns(tx));
      return result;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}

/** Migrates and seeds the app's database; the server awaits this before taking requests. */
export async function ensureDatabase(prisma: PrismaClient = getPrisma(), url: string = getDatabaseUrl()) {
  const started = performance.now();
  const applied = await migrate(url);
  const seeded = await seed(prisma, { demo: process.env.DEMO_DATA !== "false" });
  const created = Object.entries(seeded)
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${count} ${what}`);
  if (applied.length || created.length) {
    const parts = [applied.length ? `applied ${applied.join(", ")}` : "", created.length ? `seeded ${created.join(", ")}` : ""];
    log.info(`[db] ${parts.filter(Boolean).join("; ")} (${Math.round(performance.now() - started)} ms)`);
  }
  return { applied, seeded };
}

/** The defaults whose key is not among the keys already present. */
function missing<T>(defaults: readonly T[], keyOf: (item: T) => string, present: readonly string[]): T[] {
  const have = new Set(present);
  return defaults.filter((item) => !have.has(keyOf(item)));
}

async function seedPlans(tx: Tx): Promise<number> {
  const present = (await tx.plan.findMany({ select: { id: true } })).map((row) => row.id);
  const data = missing(PLAN_CATALOGUE, (plan) => plan.id, present).map((plan) => ({
    ...plan,
    features: plan.features.join("\n"),
  }));
  return data.length ? (await tx.plan.createMany({ data })).count : 0;
}

/**
 * Brings a stored plan whose feature lines (or description) still equal an earlier seeded text,
 * word for word, up to the current one (decisions 046, 069: the lines describe what is built).
 * Conditional on the old text, so an admin's edit is never overwritten.
 */
async function updateUneditedPlanFeatures(tx: Tx): Promise<number> {
  let updated = 0;
  for (const plan of PLAN_CATALOGUE) {
    const earlier = EARLIER_PLAN_FEATURES[plan.id];
    if (earlier) {
      const { count } = await tx.plan.updateMany({
        where: { id: plan.id, features: { in: earlier.map((lines) => lines.join("\n")) } },
        data: { features: plan.features.join("\n") },
      });
      updated += count;
    }
    // Likewise a description that promised what no plan gives (decision 069).
    const descriptions = EARLIER_PLAN_DESCRIPTIONS[plan.id];
    if (descriptions) {
      const { count } = await tx.plan.updateMany({
        where: { id: plan.id, description: { in: [...descriptions] } },
        data: { description: plan.description },
      });
      updated += count;
    }
  }
  return updated;
}

async function seedCoupons(tx: Tx): Promise<number> {
  const present = (await tx.coupon.findMany({ select: { code: true } })).map((row) => row.code);
  const data = missing(DEFAULT_COUPONS, (coupon) => coupon.code, present).map((coupon) => ({ ...coupon }));
  return data.length ? (await tx.coupon.createMany({ data })).count : 0;
}

async function seedEmailTemplates(tx: Tx): Promise<number> {
  const present = (await tx.emailTemplate.findMany({ select: { id: true } })).map((row) => row.id);
  const data = missing(EMAIL_TEMPLATE_DEFAULTS, (template) => template.id, present).map(({ id, name, subject, htmlBody }) => ({
    id,
    name,
    subject,
    htmlBody,
  }));
  return data.length ? (await tx.emailTemplate.createMany({ data })).count : 0;
}

/**
 * Brings each stored template that still holds an earlier default, exactly, up to the current one.
 * The update is conditional on the old text, so an edit saved meanwhile is never overwritten.
 */
async function updateUneditedEmailTemplates(tx: Tx): Promise<number> {
  const stored = await tx.emailTemplate.findMany({ select: { id: true, subject: true, htmlBody: true } });
  let updated = 0;
  for (const row of stored) {
    const current = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.id === row.id);
    const earlier = [...EARLIER_EMAIL_TEMPLATE_DEFAULTS, ...DEFAULTS_BEFORE_DATA_LINK].some(
      (old) => old.id === row.id && old.subject === row.subject && old.htmlBody === row.htmlBody,
    );
    if (!current || !earlier) continue;
    const { count } = await tx.emailTemplate.updateMany({
      where: { id: row.id, subject: row.subject, htmlBody: row.htmlBody },
      data: { subject: current.subject, htmlBody: current.htmlBody },
    });
    updated += count;
  }
  return updated;
}

async function seedPlatformSettings(tx: Tx): Promise<number> {
  const present = (await tx.platformSetting.findMany({ select: { key: true } })).map((row) => row.key);
  const data = missing(Object.entries(PLATFORM_SETTING_DEFAULTS), ([key]) => key, present).map(([key, value]) => ({
    key,
    value,
  }));
  return data.length ? (await tx.platformSetting.createMany({ data })).count : 0;
}

/** A setting still holding an earlier default, exactly, gets the current one (an admin's text is kept). */
async function updateUneditedPlatformSettings(tx: Tx): Promise<number> {
  let updated = 0;
  for (const [key, earlier] of Object.entries(EARLIER_PLATFORM_SETTING_DEFAULTS)) {
    const value = PLATFORM_SETTING_DEFAULTS[key];
    if (value === undefined) continue;
    const { count } = await tx.platformSetting.updateMany({ where: { key, value: { in: [...earlier] } }, data: { value } });
    updated += count;
  }
  return updated;
}

/**
 * Every consent wording version in the code (decision 054) as a ConsentWording row: missing ones are
 * created; a stored one is never changed (entries name it; a new wording is a new version).
 */
async function seedConsentWordings(tx: Tx): Promise<number> {
  const present = await tx.consentWording.findMany({ select: { id: true, text: true } });
  const stored = new Map(present.map((row) => [row.id, row.text]));
  for (const wording of CONSENT_WORDINGS) {
    const text = stored.get(consentWordingId(wording));
    if (text !== undefined && text !== wording.text) {
      log.warn(
        `[db] consent wording ${consentWordingId(wording)} differs from the stored one; keeping the stored words (add a new version instead)`,
      );
    }
  }
  const data = missing(CONSENT_WORDINGS, consentWordingId, [...stored.keys()]).map((wording) => ({
    id: consentWordingId(wording),
    kind: wording.kind,
    version: wording.version,
    language: wording.language ?? "en",
    text: wording.text,
  }));
  return data.length ? (await tx.consentWording.createMany({ data })).count : 0;
}

/** Slider images have no natural key; defaults go in only while the slider is empty. */
async function seedSliderImages(tx: Tx): Promise<number> {
  if ((await tx.homepageSliderImage.count()) > 0) return 0;
  const data = SLIDER_DEFAULTS.map((image, index) => ({ ...image, sourceType: "url", displayOrder: index + 1 }));
  return (await tx.homepageSliderImage.createMany({ data })).count;
}
