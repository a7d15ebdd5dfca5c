import type { CsvValue } from "./csv";

/**
 * The creator's entries CSV (decisions 018, 057): one row per counted entry, with its consent
 * marked. Only rows whose entrant gave marketing consent, and has not withdrawn it, carry the
 * contact details (email, phone): the brand may use those for marketing. Every other row carries
 * what running the giveaway needs (the entry's id, status, dates, bonus entries and draw weight),
 * because the platform, not the brand, contacts winners. An erased entry keeps no personal data.
 */

export const ENTRY_CSV_HEADER = [
  "entry_id",
  "status",
  "email",
  "phone",
  "entered_at",
  "confirmed_at",
  "referrals_credited",
  "bonus_entries",
  "weight",
  "marketing_consent",
  "consent_given_at",
  "consent_wording_version",
  "consent_withdrawn_at",
] as const;

export interface ExportedEntry {
  id: string;
  email: string;
  phoneNumber: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  bonusEntries: number;
  /** Referrals that earned this entry its bonus. */
  referrals: number;
  marketingConsent: boolean;
  marketingConsentAt: Date | null;
  marketingWithdrawnAt: Date | null;
  /** The version of the marketing wording shown (ConsentWording.version), when recorded. */
  marketingWordingVersion: number | null;
  erasedAt: Date | null;
}

/** Consent now: given, not withdrawn, not erased. */
export function hasMarketingConsent(entry: Pick<ExportedEntry, "marketingConsent" | "marketingWithdrawnAt" | "erasedAt">): boolean {
  return entry.marketingConsent && entry.marketingWithdrawnAt === null && entry.erasedAt === null;
}

/** One CSV row, in ENTRY_CSV_HEADER's order. */
export function entryCsvValues(entry: ExportedEntry): CsvValue[] {
  const erased = entry.erasedAt !== null;
  const consent = hasMarketingConsent(entry);
  // Consent given at some point (now or before a withdrawal): when, and in which wording. Entries
  // made before consents were recorded with their own time gave it with the entry itself.
  const everGiven = !erased && (entry.marketingConsent || entry.marketingWithdrawnAt !== null || entry.marketingConsentAt !== null);
  return [
    entry.id,
    erased ? "erased" : "confirmed",
    consent ? entry.email : null,
    consent ? entry.phoneNumber : null,
    entry.createdAt,
    entry.confirmedAt,
    entry.referrals,
    entry.bonusEntries,
    1 + entry.bonusEntries,
    consent,
    everGiven ? (entry.marketingConsentAt ?? entry.createdAt) : null,
    everGiven ? entry.marketingWordingVersion : null,
    erased ? null : entry.marketingWithdrawnAt,
  ];
}
