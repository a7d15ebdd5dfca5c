/**
 * Platform settings (decision 017): PlatformSetting rows, read as typed values. Booleans are
 * stored as "true"/"false"; a missing row reads as the seeded default.
 */
import { PLATFORM_SETTING_DEFAULTS, retentionDays } from "../../domain/platform-settings";
import { type PrismaClient, prisma } from "./db.server";

export interface PlatformSettings {
  homepageCopy: string;
  promoBanner: string;
  referralsEnabled: boolean;
  autoPickWinnerEnabled: boolean;
  /** Decision 054: days after a campaign's fulfilment until its entrants without marketing consent are erased. */
  entrantDataRetentionDays: number;
}

export type PlatformSettingKey = keyof PlatformSettings;

function parse(values: Record<string, string | undefined>): PlatformSettings {
  const text = (key: PlatformSettingKey) => values[key] ?? PLATFORM_SETTING_DEFAULTS[key] ?? "";
  const flag = (key: PlatformSettingKey) => text(key).trim().toLowerCase() === "true";
  return {
    homepageCopy: text("homepageCopy"),
    promoBanner: text("promoBanner"),
    referralsEnabled: flag("referralsEnabled"),
    autoPickWinnerEnabled: flag("autoPickWinnerEnabled"),
    entrantDataRetentionDays: retentionDays(text("entrantDataRetentionDays")),
  };
}

/** The settings as stored right now (no cache): for jobs, and for the admin page that edits them. */
export async function loadPlatformSettings(db: Pick<PrismaClient, "platformSetting"> = prisma): Promise<PlatformSettings> {
  const rows = await db.platformSetting.findMany({ select: { key: true, value: true } });
  return parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** Pages read settings on every request; an admin's change shows within this long. */
const CACHE_MS = 5000;
let cached: { value: Promise<PlatformSettings>; until: number } | undefined;

/** The platform settings, cached for a few seconds. */
export function platformSettings(): Promise<PlatformSettings> {
  if (cached && cached.until > Date.now()) return cached.value;
  const value = loadPlatformSettings();
  cached = { value, until: Date.now() + CACHE_MS };
  // A failed read is not kept: the next caller tries again.
  value.catch(() => {
    if (cached?.value === value) cached = undefined;
  });
  return value;
}

export async function platformSetting<K extends PlatformSettingKey>(key: K): Promise<PlatformSettings[K]> {
  return (await platformSettings())[key];
}

/** Forget the cached settings (after an admin saves them, and in tests). */
export function clearPlatformSettingsCache(): void {
  cached = undefined;
}
