/**
 * What an entrant's emails carry: the confirm link with its signed token, the entrant's referral link,
 * and the receipt (entry id, time, weight).
 */
import { timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { formatReceiptTime } from "../../domain/campaign-time-zone";
import { type EntrantLanguage, entrantLanguage } from "../../domain/entrant-language";
import { REFERRAL_BONUS_ENTRIES, entryWeight } from "../../domain/entries";
import { drawAnchorTokensIn } from "../../i18n/notice-emails";
import { type EntrantText, entrantText } from "../../i18n/entrant";
import { confirmEntryPath, referralPath } from "../../paths";
import { keyedHash } from "../core/keyed-hash.server";
import type { CONFIRMATION_CAMPAIGN_FIELDS } from "./store.server";
import type { Prisma } from "../core/db.server";

export type ConfirmationCampaign = Prisma.CampaignGetPayload<{ select: typeof CONFIRMATION_CAMPAIGN_FIELDS }>;

/**
 * The language of a campaign's emails to its entrants (decision 097): the campaign's own (a visitor's
 * Accept-Language changes the page, not yet the emails, which no request may be sending).
 */
export function emailLanguage(campaign: Pick<ConfirmationCampaign, "language">): EntrantLanguage {
  return entrantLanguage(campaign.language);
}

/**
 * The campaign's end as its entrants read it: in its time zone, named (decision 095), in its
 * language's words (decision 097).
 */
function endDateToken(campaign: ConfirmationCampaign): string {
  if (!campaign.endDate) return "";
  const language = emailLanguage(campaign);
  // The same words for every entrant of a campaign: formatted once (about 45 µs of every entry's CPU).
  const key = `${language}|${campaign.timeZone ?? ""}|${campaign.endDate.getTime()}`;
  let text = endDateTexts.get(key);
  if (text === undefined) {
    text = entrantText(language).dateTime(campaign.endDate, campaign.timeZone);
    endDateTexts.set(key, text);
  }
  return text;
}

/** Campaign ends as their entrants' emails name them, by language, time zone and instant (the 1,000 latest used). */
const endDateTexts = new LRUCache<string, string>({ max: 1000 });

/** The draw's commitment and planned round in the email's language (decision 093; 097). */
function anchorTokens(campaign: ConfirmationCampaign) {
  return drawAnchorTokensIn(emailLanguage(campaign), campaign);
}

/** The entry_confirm_request email's tokens: the campaign and the link to the confirm page. */
export function confirmRequestTokens(
  campaign: ConfirmationCampaign,
  entry: { id: string; campaignId: string; email: string },
  origin: string,
) {
  return {
    email: entry.email,
    brand_name: campaign.brandName,
    campaign_title: campaign.title,
    campaign_end_date: endDateToken(campaign),
    confirm_link: `${origin}${confirmEntryPath(entry.campaignId, confirmToken(entry.id))}`,
    // Entrants hold copies (decision 093): the draw's commitment and planned round, before they confirm.
    ...anchorTokens(campaign),
  };
}

/**
 * A referral offer with the campaign's referral cap when it has one (decision 104): the cap's sentence
 * after it, or before it when the offer ends with a colon (the link follows it).
 */
export function withReferralCap(offer: string, text: EntrantText, referralCap: number | null): string {
  if (referralCap === null) return offer;
  const cap = text.t("referralCap", { count: referralCap });
  return /:\s*$/.test(offer) ? `${cap} ${offer}` : `${offer} ${cap}`;
}

/**
 * The entry_confirmation email's tokens: the campaign, the coupon, the entrant's own referral link,
 * and the receipt (entry id, time, weight at confirmation).
 */
export function confirmationTokens(
  campaign: ConfirmationCampaign,
  entry: { id: string; campaignId: string; email: string; createdAt: Date; bonusEntries: number },
  referralsEnabled: boolean,
  origin: string,
  /** The entry actions' lines and the personal link (actionEmailTokens, decision 077). */
  actions: { actions_offer: string; entry_actions: string; actions_link: string },
) {
  return {
    ...actions,
    email: entry.email,
    brand_name: campaign.brandName,
    campaign_title: campaign.title,
    campaign_end_date: endDateToken(campaign),
    entry_coupon: campaign.giveCouponToEntrants
      ? `${campaign.entrantCouponCode}${campaign.entrantCouponDescription ? ` (${campaign.entrantCouponDescription})` : ""}`
      : "",
    referral_offer: referralsEnabled
      ? withReferralCap(
          entrantText(emailLanguage(campaign)).t("referralOfferEntered", { bonus: REFERRAL_BONUS_ENTRIES }),
          entrantText(emailLanguage(campaign)),
          campaign.referralCap,
        )
      : entrantText(emailLanguage(campaign)).t("referralOfferShare"),
    referral_link: referralLink(origin, entry.campaignId, entry.id),
    entry_id: entry.id,
    entry_time: formatReceiptTime(entry.createdAt, campaign.timeZone),
    entry_weight: entryWeight(entry),
    ...anchorTokens(campaign),
  };
}

/**
 * The token in the confirm link: the entry id and an HMAC of it under the session secret, so only
 * the inbox we sent it to can confirm (entry ids are published with the draw).
 */
export function confirmToken(entryId: string): string {
  return `${entryId}-${keyedHash(`entry-confirm:${entryId}`).slice(0, 32)}`;
}

/** The entry id a confirm token names, or null when the token is not one we made. */
export function entryIdFromConfirmToken(token: string): string | null {
  const match = /^([a-z0-9]{8,40})-([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, entryId = "", mac = ""] = match;
  const expected = keyedHash(`entry-confirm:${entryId}`).slice(0, 32);
  return timingSafeEqual(Buffer.from(mac), Buffer.from(expected)) ? entryId : null;
}

export function referralLink(origin: string, campaignId: string, entryId: string): string {
  return `${origin}${referralPath(campaignId, entryId)}`;
}
