import { platformSettings } from "../core/settings.server";
import { platformFigures } from "../plans/platform-figures.server";
import { log } from "../core/log.server";

export interface LandingTexts {
  /** The hero's lead paragraph. */
  homepageCopy: string;
  /** Shown above the hero when not empty. */
  promoBanner: string;
  /** Whether entrants earn referral bonus entries (referralsEnabled): a page promises them only then. */
  referralsEnabled: boolean;
}

/**
 * The admin's homepage copy and promo banner (decision 017) for every landing page (/, /start,
 * /home, /go), and whether referrals earn bonus entries. An empty copy, or settings that cannot be
 * read, give the page's own text (and no referral promise): a settings hiccup never takes a landing
 * page down.
 */
export async function landingTexts(defaultCopy: string): Promise<LandingTexts> {
  try {
    const settings = await platformSettings();
    return {
      homepageCopy: settings.homepageCopy.trim() || defaultCopy,
      promoBanner: settings.promoBanner.trim(),
      referralsEnabled: settings.referralsEnabled,
    };
  } catch (error) {
    log.error({ err: error }, "landing: reading the platform settings failed; showing the default texts");
    return { homepageCopy: defaultCopy, promoBanner: "", referralsEnabled: false };
  }
}

/**
 * The live platform figures a landing page shows (decision 046), or null when they cannot be
 * counted: the page then leaves the band out rather than failing.
 */
export async function landingFigures(): Promise<{ campaignsRun: number; entries: number; prizesShipped: number } | null> {
  try {
    const { campaignsRun, entries, prizesShipped } = await platformFigures();
    return { campaignsRun, entries, prizesShipped };
  } catch (error) {
    log.error({ err: error }, "landing: counting the platform figures failed; leaving them out");
    return null;
  }
}
