import { z } from "zod";
import { DEFAULT_RETENTION_DAYS, RETENTION_DAYS_LIMITS } from "./data-rights";
import { onOff } from "./form-values";

/** Platform settings (decision 017): what an install starts with (and a missing row reads as), and the admin's form. */

export const PLATFORM_SETTING_DEFAULTS: Record<string, string> = {
  homepageCopy: "Design. Launch. Ship. Everything handled in one place. Turn fans into customers with branded shirt giveaways.",
  // Empty (no banner) by default: a banner is an offer, and only the admin knows which one checkout
  // honours (decision 046). The plan cards and the home page already state the prices.
  promoBanner: "",
  referralsEnabled: "true",
  autoPickWinnerEnabled: "true",
  // Decision 054: days after a campaign's fulfilment until entrants without marketing consent are erased.
  entrantDataRetentionDays: String(DEFAULT_RETENTION_DAYS),
};

/** Defaults earlier versions seeded; a stored value still equal to one is brought up to the current default. */
export const EARLIER_PLATFORM_SETTING_DEFAULTS: Record<string, readonly string[]> = {
  promoBanner: ["Launch your first giveaway free with the Starter Tee plan."],
};

const RETENTION_MESSAGE = `Enter the retention period as a whole number of days from ${RETENTION_DAYS_LIMITS.min} to ${RETENTION_DAYS_LIMITS.max}.`;

/** A stored retention period, or the default when the row holds something else. */
export function retentionDays(value: string | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= RETENTION_DAYS_LIMITS.min && days <= RETENTION_DAYS_LIMITS.max ? days : DEFAULT_RETENTION_DAYS;
}

export const SETTINGS_LIMITS = { homepageCopy: 500, promoBanner: 200 } as const;

export const PlatformSettingsSchema = z.object({
  homepageCopy: z
    .string({ error: "Homepage copy is required." })
    .trim()
    .min(1, "Homepage copy is required.")
    .max(SETTINGS_LIMITS.homepageCopy, `Homepage copy can be at most ${SETTINGS_LIMITS.homepageCopy} characters.`),
  promoBanner: z
    .string({ error: "Enter the promo banner as text." })
    .trim()
    .max(SETTINGS_LIMITS.promoBanner, `The promo banner can be at most ${SETTINGS_LIMITS.promoBanner} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  referralsEnabled: onOff("Referral bonus entries"),
  autoPickWinnerEnabled: onOff("Pick winners automatically"),
  /**
   * Absent from a form that predates it (or a hand-made one): the stored value stays as it is.
   */
  entrantDataRetentionDays: z
    .string({ error: RETENTION_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, RETENTION_MESSAGE)
    .transform(Number)
    .refine((days) => days >= RETENTION_DAYS_LIMITS.min && days <= RETENTION_DAYS_LIMITS.max, RETENTION_MESSAGE)
    .optional(),
});

export type PlatformSettingsInput = z.output<typeof PlatformSettingsSchema>;
