/** Platform settings (decision 017): what an install starts with, and what a missing row reads as. */

export const PLATFORM_SETTING_DEFAULTS: Record<string, string> = {
  homepageCopy: "Design. Launch. Ship. Everything handled in one place. Turn fans into customers with branded shirt giveaways.",
  promoBanner: "Launch your first giveaway free with the Starter Tee plan.",
  referralsEnabled: "true",
  autoPickWinnerEnabled: "true",
};
