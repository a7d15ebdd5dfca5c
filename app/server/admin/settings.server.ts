import type { PlatformSettingsInput } from "../../domain/platform-settings";
import { prisma } from "../core/db.server";
import { clearPlatformSettingsCache } from "../core/settings.server";

/** Saves the platform settings at once (decision 017); booleans as "true"/"false"; a retention period left out stays as stored. */
export async function savePlatformSettings(values: PlatformSettingsInput): Promise<void> {
  const rows: Record<string, string> = {
    homepageCopy: values.homepageCopy,
    promoBanner: values.promoBanner,
    referralsEnabled: String(values.referralsEnabled),
    autoPickWinnerEnabled: String(values.autoPickWinnerEnabled),
    ...(values.entrantDataRetentionDays === undefined ? {} : { entrantDataRetentionDays: String(values.entrantDataRetentionDays) }),
  };
  await prisma.$transaction(
    Object.entries(rows).map(([key, value]) =>
      prisma.platformSetting.upsert({ where: { key }, create: { key, value }, update: { value } }),
    ),
  );
  // This process's readers see the change at once; other instances within their 5-second cache.
  clearPlatformSettingsCache();
}
