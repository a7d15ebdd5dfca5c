import { z } from "zod";

/**
 * What the admin panel's forms share (SPEC "Admin control panel", decisions 003, 016, 017, 019): a
 * checkbox read as on or off, and money typed in dollars (stored in cents). Each form's zod schema,
 * which Conform runs in the browser and the action runs again on the server, lives with its concept:
 * domain/roles, templates, slider, platform-settings, plans and pricing (coupons).
 */

/** A checkbox: ticked ("on") or absent; anything else a crafted request sends is refused by name. */
export function onOff(label: string) {
  return z.boolean({ error: `${label} must be either on or off.` }).default(false);
}

export const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;

export function dollarsToCents(value: string): number {
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function dollars(required: string, invalid: string) {
  return z.string({ error: required }).trim().min(1, required).regex(DOLLARS, invalid).transform(dollarsToCents);
}
