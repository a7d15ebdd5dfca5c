import { platformSettings } from "./settings.server";

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
    console.error("landing: reading the platform settings failed; showing the default texts", error);
    return { homepageCopy: defaultCopy, promoBanner: "", referralsEnabled: false };
  }
}
