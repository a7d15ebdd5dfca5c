/**
 * The official rules' text (decisions 015, 053), built from the campaign's fixed-at-launch facts.
 * Pure: the route (routes/campaign.$campaignId.rules.tsx) reads the campaign and renders the
 * sections; the draw section's live facts (commitment, beacon) and the links are added there.
 */
import { campaignTimeZone, DEFAULT_TIME_ZONE, timeZoneLabel } from "./campaign-time-zone";
import { formatPrice } from "./plans";
import { ACTION_MESSAGES } from "./entry-actions";
import { rulesActionLine } from "./entry-action-forms";
import { endSentence } from "./sentences";

/** Above this total prize value New York and Florida require registration and bonding. */
export const REGISTRATION_THRESHOLD_CENTS = 500_000;
/** What the review step's checkbox stores in Campaign.excludedRegions. */
export const NY_FL_REGIONS = "US-NY,US-FL";
export const REGION_NAMES: Record<string, string> = { "US-NY": "New York", "US-FL": "Florida" };

export const NY_FL_WARNING =
  "The prizes are worth more than $5,000 in total. New York and Florida require a sweepstakes of this size to be registered with the state and bonded before it starts. Unless the sponsor has done so, exclude residents of New York and Florida.";
export const NY_FL_CHECKBOX = "Exclude residents of New York and Florida from this giveaway";

/**
 * The wording of the rules a campaign launches with, stored on it at launch (Campaign.rulesVersion,
 * decision 057): a launched campaign's rules never change, so a new wording is a new version and
 * campaigns launched before it keep theirs.
 *
 * 1: decision 053's rules.
 * 2: the sponsor without the brand's URL (editable while live, decision 048), the published winners
 *    list and the winner's objection (publicity), and the entrant's self-service data rights (privacy).
 */
/** The entry period's "All times are …" sentence for the campaign's zone (decision 095). */
function timesSentence(zone: string | undefined): string {
  const z = campaignTimeZone(zone);
  return z === DEFAULT_TIME_ZONE ? "All times are Coordinated Universal Time (UTC)." : `All times are ${timeZoneLabel(z)} (${z}).`;
}

export const RULES_VERSION = 2;
/** The first version whose rules announce the winners list with the winner's region. */
export const RULES_VERSION_WITH_WINNERS_LIST = 2;

/** A stored version this code can render (anything unknown reads as the current one). */
export function rulesVersionOf(stored: number | null | undefined): number {
  return stored === 1 ? 1 : RULES_VERSION;
}

/** Total of the values known (null ones count nothing). */
export function totalPrizeValueCents(values: readonly (number | null | undefined)[]): number {
  return values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

export function needsRegistrationWarning(totalCents: number): boolean {
  return totalCents > REGISTRATION_THRESHOLD_CENTS;
}

/** "US-NY,US-FL" → ["New York", "Florida"]; unknown codes are shown as stored. */
export function excludedRegionNames(column: string): string[] {
  return column
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => REGION_NAMES[code] ?? code);
}

export interface RulesPrize {
  rank: number;
  /** "Grand prize: one t-shirt …" — the description without its value. */
  description: string;
  valueCents: number | null;
}

export interface RulesInput {
  sponsorLegalName: string;
  sponsorAddress: string;
  /** The brand as entrants know it (Campaign.brandName); the sponsor when no legal name was given. */
  brandName: string;
  brandUrl: string | null;
  minimumAge: number;
  /** The shipping sentence of decision 050 ("The prize ships to: …"). */
  shipping: string;
  excludedRegions: string;
  start: string;
  end: string;
  /**
   * The campaign's IANA zone (decision 095); start and end are written in it. UTC keeps the sentence
   * every campaign launched before zones has, so no launched campaign's wording changes.
   */
  timeZone?: string;
  entryLimit: number | null;
  referralsEnabled: boolean;
  referralBonus: number;
  /** The most friends whose referrals earn one entrant bonus entries (decision 104); null or absent: no limit. */
  referralCap?: number | null;
  prizes: RulesPrize[];
  /** Extra rewards stated without a value of their own (bonus gift, bonus item). */
  extras: string[];
  claimWindowDays: number;
  /** The social platforms the brand lists (Instagram, X, TikTok). */
  platforms: string[];
  /** The launch time, formatted (UTC); null for a draft preview. */
  launchedAt: string | null;
  /** The wording (Campaign.rulesVersion; a draft preview shows RULES_VERSION). */
  version: number;
  /** Where the winners list is published (version 2): the page's path, e.g. "/campaign/<id>/winners". */
  winnersPath: string;
  /** Where entrants find the privacy page (version 2), e.g. "/privacy". */
  privacyPath: string;
  /** The campaign's entry actions as they stand (decision 076): listed with their bonus and verification. */
  actions?: readonly { label: string; kind: string; bonus: number }[];
  /** The change log of a live campaign's actions, one line each (actionChangeLine), oldest first. */
  actionChanges?: readonly string[];
}

export interface RulesParagraph {
  text: string;
  testId?: string;
}

export interface RulesSection {
  id: string;
  heading: string;
  paragraphs: RulesParagraph[];
  items?: string[];
  /** Paragraphs after the list (the entry actions' change log). */
  after?: RulesParagraph[];
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/** "Version 2, fixed at launch on …" (or, before launch, that it is fixed when it launches). */
export function rulesVersionLine(launchedAt: string | null, version: number = RULES_VERSION): string {
  return launchedAt
    ? `Version ${version}, fixed at launch on ${launchedAt}. These rules cannot change while the giveaway runs.`
    : "Draft: these rules are fixed when the giveaway launches.";
}

export function sponsorName(input: Pick<RulesInput, "sponsorLegalName" | "brandName">): string {
  return input.sponsorLegalName.trim() || input.brandName.trim() || "the campaign's creator";
}

/** Decision 104: the referral cap in the rules' words, or nothing without one (earlier rules keep their wording). */
function capSentence(input: RulesInput): string {
  const cap = input.referralCap ?? null;
  if (cap === null) return "";
  return cap === 1
    ? ` Only the first friend whose entry is confirmed earns you bonus entries: at most ${input.referralBonus} bonus entries from referrals per entrant.`
    : ` Only the first ${cap.toLocaleString("en-US")} friends whose entries are confirmed earn you bonus entries: at most ${(cap * input.referralBonus).toLocaleString("en-US")} bonus entries from referrals per entrant.`;
}

/**
 * Section 6: referrals and the entry actions (decision 076). A campaign without actions keeps its
 * wording; one with actions (or whose actions changed) lists each with its bonus and verification, says
 * they close with entries, and logs every change made while it ran.
 */
function bonusSection(input: RulesInput, p: (text: string, testId?: string) => RulesParagraph): RulesSection {
  const actions = input.actions ?? [];
  const changes = input.actionChanges ?? [];
  const withActions = actions.length > 0 || changes.length > 0;
  const only = withActions
    ? " Referrals and the entry actions below are the only ways to get more than one entry."
    : " Bonus entries are the only way to get more than one entry.";
  const referrals = input.referralsEnabled
    ? p(
        `After entering you receive a personal referral link. Each different person who enters for the first time through your link adds ${input.referralBonus} bonus entries to yours once they confirm their entry. Referring yourself, repeated entries, unconfirmed entries and unknown links earn nothing.${capSentence(input)}${only}`,
        "rules-bonus",
      )
    : withActions
      ? p("Referral bonuses are not offered in this giveaway: sharing it does not add entries to yours.", "rules-bonus")
      : p(
          "Bonus entries are not offered in this giveaway. You are welcome to share it with friends, but sharing does not add entries to yours.",
          "rules-bonus",
        );
  if (!withActions)
    return { id: "bonus", heading: "6. Bonus entries", paragraphs: [referrals, p(ACTION_MESSAGES.consentNeverEarns, "rules-consent")] };
  return {
    id: "bonus",
    heading: "6. Bonus entries",
    paragraphs: [
      referrals,
      p(
        actions.length
          ? "After confirming your entry you may also do the entry actions below, each once (or once per calendar day where it says so), for the bonus entries it states. Each says how its completion is known: tracked (counted when you follow our link, or press our button, from your own entry), verified (counted when the code you type matches), answered (counted when you answer; the answer is not judged) or self-reported (your word, which we cannot check; the sponsor may reject a false claim, which removes only that action's bonus)."
          : "This giveaway offers no entry actions now; the changes made while it ran are listed below.",
        "rules-actions-intro",
      ),
      p(ACTION_MESSAGES.closesWithEntries, "rules-actions-close"),
      p(ACTION_MESSAGES.consentNeverEarns, "rules-consent"),
    ],
    items: actions.map((action) => rulesActionLine(action)),
    after: changes.length
      ? [
          p(
            "Changes to the entry actions while the giveaway ran (an action someone completed can no longer be removed or changed):",
            "rules-action-changes",
          ),
          ...changes.map((line) => p(line, "rules-action-change")),
        ]
      : [],
  };
}

/** Every section of the rules, in order. */
export function buildOfficialRules(input: RulesInput): RulesSection[] {
  const sponsor = sponsorName(input);
  const brand = input.brandName.trim();
  const excluded = excludedRegionNames(input.excludedRegions);
  const total = totalPrizeValueCents(input.prizes.map((p) => p.valueCents));
  const p = (text: string, testId?: string): RulesParagraph => (testId ? { text, testId } : { text });
  const v1 = input.version === 1;
  // Version 1 named the brand's URL, which a live campaign may edit (decision 048); later versions
  // name the sponsor by its legal name and postal address only, which are fixed at launch.
  const url = v1 && input.brandUrl ? `, ${input.brandUrl}` : "";

  return [
    {
      id: "sponsor",
      heading: "1. Sponsor",
      paragraphs: [
        p(
          endSentence(`This giveaway is sponsored by ${sponsor}${brand && brand !== sponsor ? ` (trading as ${brand})` : ""}${url}`),
          "rules-sponsor",
        ),
        p(
          input.sponsorAddress.trim() ? `Sponsor address: ${input.sponsorAddress.trim()}` : "Sponsor address: not provided.",
          "rules-sponsor-address",
        ),
      ],
    },
    {
      id: "no-purchase",
      heading: "2. No purchase necessary",
      paragraphs: [
        p(
          "NO PURCHASE NECESSARY TO ENTER OR WIN. Every entry is free. A purchase does not improve your chances of winning.",
          "rules-no-purchase",
        ),
      ],
    },
    {
      id: "eligibility",
      heading: "3. Eligibility",
      paragraphs: [
        p(
          `Open to individuals who are ${input.minimumAge} years of age or older at the time of entry and who live in a country the prize ships to.`,
          "rules-eligibility",
        ),
        p(input.shipping, "rules-shipping"),
        ...(excluded.length ? [p(`Residents of ${list(excluded)} are not eligible to enter or win.`, "rules-excluded-regions")] : []),
        p(
          "Employees of the sponsor, and their immediate families and members of their households, are not eligible. Void where prohibited or restricted by law.",
        ),
      ],
    },
    {
      id: "period",
      heading: "4. Entry period",
      paragraphs: [
        p(
          `Entries open on ${input.start} and close on ${input.end}. ${timesSentence(input.timeZone)} Entries received outside this period are not accepted.`,
          "rules-period",
        ),
      ],
    },
    {
      id: "how-to-enter",
      heading: "5. How to enter",
      paragraphs: [
        p(
          "Enter your email address on the giveaway page and agree to these rules. We then email you a link to confirm your entry. Your entry counts once you confirm it from that email; if you are signed in and enter with your account's email address, it is confirmed at once. Entries not confirmed by the end of the giveaway are not in the draw.",
        ),
        p(
          `One entry per person: addresses that reach the same inbox count once (upper and lower case, "+" tags and, for Gmail, dots are ignored). Throwaway (disposable) email addresses are not accepted.${
            input.entryLimit !== null
              ? ` The giveaway accepts at most ${input.entryLimit.toLocaleString("en-US")} entries. Pending entries do not hold a place: the entry limit counts confirmed entries only, so when the limit is reached, entries still waiting for confirmation can no longer be confirmed.`
              : ""
          }`,
        ),
      ],
    },
    bonusSection(input, p),
    {
      id: "disqualification",
      heading: "7. Disqualification",
      paragraphs: [
        p(
          "The sponsor may disqualify entries until the entry list is frozen at the end of the giveaway: suspected duplicates, fake or automated entries, and entries that break these rules. A disqualified entry is not in the draw and earns its referrer no bonus. Disqualified entry ids are published on the draw page with the reason.",
        ),
      ],
    },
    {
      id: "prizes",
      heading: "8. Prizes",
      paragraphs: [
        p(
          `Total approximate retail value of all prizes: ${formatPrice(total)}${
            input.prizes.some((prize) => prize.valueCents === null) ? " (not counting prizes whose value was not provided)" : ""
          }.`,
          "rules-total-value",
        ),
        p("Prizes are not transferable and cannot be exchanged for cash. Any taxes on a prize are the winner's responsibility."),
      ],
      items: [
        ...input.prizes.map(
          (prize) =>
            `${prize.description} Approximate retail value: ${prize.valueCents === null ? "not provided" : formatPrice(prize.valueCents)}.`,
        ),
        ...input.extras,
      ],
    },
    {
      id: "odds",
      heading: "9. Odds",
      paragraphs: [
        p("The odds of winning depend on the number of eligible entries received, each counted with its bonus entries.", "rules-odds"),
      ],
    },
    {
      id: "draw",
      heading: "10. How the winners are drawn",
      paragraphs: [
        p(
          "Winners are drawn at random after the giveaway ends, by the published draw procedure below. Each entry has a weight of one plus its bonus entries. The draw mixes a secret chosen when the giveaway launched, whose fingerprint was published then, with a public random beacon round that does not exist until after the entry list is frozen; anyone can re-run it from the published files.",
        ),
      ],
    },
    {
      id: "claim",
      heading: "11. Winner notification, claim and unclaimed prizes",
      paragraphs: [
        p(
          `Winners are notified by email at the address they entered with. To receive a prize, its winner follows their own link in that email and gives what the prize needs (for a printed prize, their choice and a shipping address in one of the countries above). Each prize must be claimed within ${input.claimWindowDays} days of the notification.`,
          "rules-claim",
        ),
        p(
          "A prize that is not claimed in time is forfeited and may be drawn again (a redraw) among the remaining eligible entries, by the same published procedure.",
          "rules-unclaimed",
        ),
      ],
    },
    {
      id: "publicity",
      heading: "12. Publicity",
      paragraphs: v1
        ? [
            p(
              "The sponsor uses a winner's name or likeness for publicity only with the winner's consent. Without it, the winner is shown on the giveaway page only as a masked email address (for example abc***@example.com), or not at all if the sponsor hides it.",
              "rules-publicity",
            ),
          ]
        : [
            p(
              "The sponsor uses a winner's name or likeness for publicity only with the winner's consent. Without it, a winner is shown only as a masked email address (for example abc***@example.com) or by a display name the winner chooses, or not at all if the sponsor hides the winners.",
              "rules-publicity",
            ),
            p(
              `After the draw, the winners list is published at ${input.winnersPath} and stays available after the giveaway ends. For each prize it shows the winner's display name or masked email address and, once the prize is claimed with a postal address, their region (state or province, or country). Any winner may object to being listed, at any time, from their claim page (the link in their winner email); the list then says "Winner chose not to be listed" and shows nothing about them.`,
              "rules-winners-list",
            ),
          ],
    },
    {
      id: "privacy",
      heading: "13. Privacy and your rights",
      paragraphs: v1
        ? [
            p(
              "Your email address is used to run this giveaway and to contact you if you win. The sponsor may send you news and offers only if you ticked the separate, optional marketing box. You may ask to see, correct or erase your personal data, or withdraw marketing consent, at any time by writing to us through our contact form (/contact); the Privacy Policy says how your data is handled.",
              "rules-privacy",
            ),
          ]
        : [
            p(
              `Your email address is used to run this giveaway and to contact you if you win. The sponsor may send you news and offers only if you ticked the separate, optional marketing box. At any time you can see your data, export it, withdraw your marketing consent and erase your data: from the link in any email we send you, or from the form on our privacy page (${input.privacyPath}), which emails you that link. To correct your data, write to us through our contact form (/contact). The Privacy Policy says what we collect, why, for how long and who receives it.`,
              "rules-privacy",
            ),
          ],
    },
    {
      id: "platform",
      heading: "14. Giveawear's role",
      paragraphs: [
        p(
          `Giveawear provides the service: the entry form, the draw and the fulfilment of printed prizes on the sponsor's behalf. The sponsor, ${sponsor}, runs this giveaway and is responsible for it and for its prizes.`,
          "rules-platform",
        ),
      ],
    },
    ...(input.platforms.length
      ? [
          {
            id: "release",
            heading: "15. Social platforms",
            paragraphs: [
              p(
                `This promotion is in no way sponsored, endorsed or administered by, or associated with, ${orList(input.platforms)}. By entering, you release ${list(input.platforms)} from any liability in connection with it.`,
                "rules-release",
              ),
            ],
          },
        ]
      : []),
  ];
}
