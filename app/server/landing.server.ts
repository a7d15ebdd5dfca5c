import { platformSettings } from "./settings.server";

export interface LandingTexts {
  /** The hero's lead paragraph. */
  homepageCopy: string;
  /** Shown above the hero when not empty. */
  promoBanner: string;
}

/**
 * The admin's homepage copy and promo banner (DECISIONS 17) for every landing page (/, /start,
 * /home, /go). An empty copy, or settings that cannot be read, give the page's own text: a
 * settings hiccup never takes a landing page down.
 */
export async function landingTexts(defaultCopy: string): Promise<LandingTexts> {
  try {
    const settings = await platformSettings();
    return { homepageCopy: settings.homepageCopy.trim() || defaultCopy, promoBanner: settings.promoBanner.trim() };
  } catch (error) {
    console.error("landing: reading the platform settings failed; showing the default texts", error);
    return { homepageCopy: defaultCopy, promoBanner: "" };
  }
}
