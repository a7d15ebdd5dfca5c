/**
 * Figures the privacy page states (decision 057), read from where the code takes them, so the page
 * never promises another number than the jobs keep.
 */
import { platformSettings } from "../core/settings.server";

/** Days after a campaign's fulfilment that entrants' personal data is kept without marketing consent (decision 054). */
export async function entrantRetentionDays(): Promise<number> {
  return (await platformSettings()).entrantDataRetentionDays;
}
