import type { PageLayout } from "./page-layout";
import type { EntrantLanguage } from "./entrant-language";
import type { EntrantAction } from "./entrant-actions";
import type { AccentTheme } from "./brand-colors";
import type { PublicPhase } from "./campaign-status";
import type { EntryConsentLabels } from "./consent";
import { REFERRAL_BONUS_ENTRIES, type ShareLink } from "./entries";
import type { CampaignColorImage, CampaignImage } from "./mockups";
import { endSentence } from "./sentences";

/**
 * What the public campaign page shows (app/server/campaigns/campaign-page.server.ts reads it; the campaign
 * components render it): plain data, dates as ISO strings.
 */

export interface CampaignWinners {
  grandPrize: string;
  additional: { rank: number; title: string; name: string }[];
}

export type CampaignPageState =
  | { view: "preview" }
  | { view: "upcoming" }
  | { view: "entered" }
  /** Entered, waiting for the emailed confirmation (decision 038). */
  | { view: "pending" }
  | { view: "form" }
  | { view: "full" }
  | { view: "winner" }
  | { view: "ended" };

export interface CampaignPageData {
  view: CampaignPageState["view"];
  /** The language the page speaks to this visitor (decision 097): the campaign's, or one it allows that Accept-Language prefers. */
  language: EntrantLanguage;
  /** Only the creator can see it (draft or unpaid): banner and noindex, whatever the view. */
  preview: boolean;
  referralsEnabled: boolean;
  /** The most friends whose referrals earn an entrant bonus entries (decision 104), or null for no limit. */
  referralCap: number | null;
  phase: PublicPhase;
  now: string;
  pageUrl: string;
  /** The prize in the first colour: the compact picture beside the title. */
  image: CampaignImage | null;
  /** The prize in each of the campaign's colours, first colour first: the colour switcher. */
  colorImages: CampaignColorImage[];
  /** Absolute URL of the 1200×630 share card (Open Graph / Twitter), versioned by the campaign's last change. */
  cardImage: string;
  /** The brand's accent (decision 043), or null for the site's colours. */
  accent: AccentTheme | null;
  /** How the page is arranged (decision 106). */
  layout: PageLayout;
  /** Whether the "Powered by Giveawear" line shows: always, unless custom branding is on and the creator hid it. */
  poweredBy: boolean;
  /** The entry limit is reached: no countdown call to action, no promise of bonus entries. */
  full: boolean;
  /** The entry form's consent boxes: the exact words and the versions an entry records (decision 054). */
  consent: EntryConsentLabels;
  campaign: {
    id: string;
    title: string;
    description: string;
    campaignCopy: string;
    brandName: string;
    brandUrl: string;
    logoUrl: string | null;
    coverImageUrl: string | null;
    socials: { instagram: string; x: string; tiktok: string };
    /** The handles as links to the brand's profiles. */
    socialLinks: SocialLink[];
    productType: string;
    colors: string[];
    sizes: string[];
    bonusProduct: { title: string; value: string; description: string; imageUrl: string | null } | null;
    bonusGift: string | null;
    additionalPrizes: { rank: number; title: string; imageUrl: string | null }[];
    startDate: string | null;
    endDate: string | null;
    /** The start and end in the campaign's time zone, with its name (decision 095): "Friday 5 December 2025, 23:59 New York time". */
    startText: string | null;
    endText: string | null;
    entryCount: number;
    entryLimit: number | null;
    drawCommitment: string | null;
    revealedSeed: string | null;
    /** What was published at launch about the draw (decision 042): launch time and beacon round. */
    fairness: {
      launchedAt: string | null;
      /** The launch and the round's time in the campaign's zone with their UTC instants, written on the server (decision 096). */
      launchedText: string | null;
      /** null for campaigns launched before beacons: their round is chosen when the list is frozen. */
      beacon: { round: number; roundTime: string | null; roundTimeText: string | null; chain: string; demo: boolean } | null;
    };
  };
  winners: CampaignWinners | null;
  lockedEmail: string | null;
  entry: {
    /** The receipt: the entry's id, its time (receiptTime) and whether it is confirmed. */
    id: string;
    enteredAt: string;
    confirmed: boolean;
    email: string;
    bonusEntries: number;
    referralLink: string;
    shareLinks: ShareLink[];
    coupon: { code: string; description: string } | null;
    /** The campaign's entry actions as this entry sees them (decision 077); done ones ticked. */
    actions: EntrantAction[];
  } | null;
}

/**
 * What a page an entrant reaches from a campaign needs to wear that campaign's frame (decisions 043,
 * 080): the brand's name, site, logo, cover, profiles and accent, and whether "Powered by Giveawear" shows.
 */
export interface BrandFrameData {
  campaignId: string;
  brandName: string;
  brandUrl: string;
  logoUrl: string | null;
  coverImageUrl: string | null;
  socialLinks: SocialLink[];
  accent: AccentTheme | null;
  poweredBy: boolean;
}

export interface SocialLink {
  network: "instagram" | "x" | "tiktok";
  label: "Instagram" | "X" | "TikTok";
  handle: string;
  href: string;
}

const PROFILE: Record<SocialLink["network"], { label: SocialLink["label"]; pattern: RegExp; url: (handle: string) => string }> = {
  instagram: { label: "Instagram", pattern: /^[A-Za-z0-9_.]{1,30}$/, url: (h) => `https://www.instagram.com/${h}` },
  x: { label: "X", pattern: /^[A-Za-z0-9_]{1,15}$/, url: (h) => `https://x.com/${h}` },
  tiktok: { label: "TikTok", pattern: /^[A-Za-z0-9_.]{1,24}$/, url: (h) => `https://www.tiktok.com/@${h}` },
};

/**
 * The brand's profiles from its step-1 handles, in Instagram, X, TikTok order. A leading @ is
 * dropped; a handle that is not one the network allows (older rows, hand edits) is left out rather
 * than linked.
 */
export function socialLinks(socials: { instagram: string; x: string; tiktok: string }): SocialLink[] {
  return (["instagram", "x", "tiktok"] as const).flatMap((network) => {
    const handle = socials[network].trim().replace(/^@/, "");
    const profile = PROFILE[network];
    return profile.pattern.test(handle) ? [{ network, label: profile.label, handle, href: profile.url(handle) }] : [];
  });
}

/**
 * What an entrant's share says. Only the sharer earns bonus entries (the friend gets none), and only
 * while referrals are on and the giveaway can still take the friend's entry; otherwise no bonus claim.
 */
export function shareText(title: string, brandName: string, bonusOffered: boolean, words?: ShareWords): string {
  const invite = endSentence(words?.invite ?? `Enter ${title} by ${brandName}`);
  const bonus = words?.bonus ?? `Each friend who enters through my link and confirms gives me ${REFERRAL_BONUS_ENTRIES} bonus entries.`;
  return bonusOffered ? `${invite} ${bonus}` : invite;
}

/**
 * A share's words in the entrant's language (decision 097), filled: the invitation, the bonus line,
 * the email's subject and the email button's name. Without them, English.
 */
export interface ShareWords {
  invite: string;
  bonus: string;
  subject: string;
  email: string;
}

/** The entrant's share buttons: email, X, Facebook (which takes only the link) and WhatsApp. */
export function campaignShareLinks(url: string, title: string, text: string, words?: ShareWords): ShareLink[] {
  const e = encodeURIComponent;
  const subject = words?.subject ?? `Enter "${title}"`;
  return [
    { network: "email", label: words?.email ?? "Email", href: `mailto:?subject=${e(subject)}&body=${e(`${text} ${url}`)}` },
    { network: "x", label: "X", href: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}` },
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
    { network: "whatsapp", label: "WhatsApp", href: `https://wa.me/?text=${e(`${text} ${url}`)}` },
  ];
}
