import type { PlatformSettingsInput } from "../../domain/platform-settings";
import { prisma } from "../db.server";
import { clearPlatformSettingsCache } from "../settings.server";

/** Saves all four platform settings at once (decision 017); booleans as "true"/"false". */
export async function savePlatformSettings(values: PlatformSettingsInput): Promise<void> {
  const rows: Record<string, string> = {
    homepageCopy: values.homepageCopy,
    promoBanner: values.promoBanner,
    referralsEnabled: String(values.referralsEnabled),
    autoPickWinnerEnabled: String(values.autoPickWinnerEnabled),
  };
  await prisma.$transaction(
    Object.entries(rows).map(([key, value]) =>
      prisma.platformSetting.upsert({ where: { key }, create: { key, value }, update: { value } }),
    ),
  );
  // This process's readers see the change at once; other instances within their 5-second cache.
  clearPlatformSettingsCache();
}
