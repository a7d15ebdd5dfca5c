/**
 * What every email to a prize winner has in common (decision 051): the prize named as the winner
 * knows it ("You won Night Owl Club Tee from Owl Labs!"), its picture and the brand's logo as
 * absolute URLs, the prize's own signed claim link, and a contact that reaches a person: the
 * brand's support address as Reply-To when the campaign has one, else our contact form (the sender
 * is a no-reply address, so no email asks for a reply without one).
 *
 * draw/notify.server.ts (the winner emails) and jobs/claim-reminders.server.ts (reminders, the
 * creator's unclaimed-prize notice) both build their tokens here.
 */
import { grandPrizeName } from "../../domain/winner-emails";
import {
  EMAIL_BRAND_CAMPAIGN_FIELDS,
  type EmailBrandCampaign,
  contactLine,
  emailImageUrl,
  grandPrizeImageUrl,
} from "../email/brand.server";
import { claimPath } from "../../paths";
import { claimToken } from "./claim.server";
import { GRAND_PRIZE_RANK } from "../../domain/claims";
import { publicUrl } from "../core/public-url.server";
import { type EntrantLanguage, entrantLanguage } from "../../domain/entrant-language";
import { entrantText } from "../../i18n/entrant";
import { winnerTokenWords } from "../../i18n/entrant-emails";

/** The campaign fields the winner emails read: its brand's (decision 081) and its id. */
export interface WinnerEmailCampaign extends EmailBrandCampaign {
  id: string;
  /** The campaign's zone: the claim deadline is written in it (decision 096). */
  timeZone: string;
  /** The entrants' language (decision 097): the winner's emails speak it. */
  language?: string;
}

export const WINNER_EMAIL_CAMPAIGN_FIELDS = { id: true, timeZone: true, language: true, ...EMAIL_BRAND_CAMPAIGN_FIELDS } as const;

/** The language of a campaign's winner emails (decision 097): the campaign's own, like its confirmation emails. */
export function winnerEmailLanguage(campaign: { language?: string }): EntrantLanguage {
  return entrantLanguage(campaign.language);
}

/** A claim deadline as the winner reads it: in the campaign's zone (decision 096), in the winner's language's words (decision 097). */
export function claimDeadlineText(deadline: Date, language: EntrantLanguage, zone: string): string {
  // entrantText's dateTime is formatZonedDateTime in English and the locale's words otherwise.
  return entrantText(language).dateTime(deadline, zone);
}

/** One prize and its current winner: the grand prize (rank 1) or a tier's AdditionalPrize. */
export interface WinnerEmailPrize {
  rank: number;
  entryId: string;
  /** null only for a tier drawn without a deadline: then the email keeps the claim_link it was given. */
  deadline: Date | null;
  /** A tier's title ("$25 gift card"); the grand prize is named from the campaign. */
  title?: string;
  /** A tier's own picture, if it has one. */
  imageUrl?: string | null;
}

export function prizeName(
  campaign: Pick<WinnerEmailCampaign, "title" | "productType">,
  prize: Pick<WinnerEmailPrize, "rank" | "title">,
  /** The email's or text's language (decision 097): the grand prize named in its words. */
  language: EntrantLanguage = "en",
): string {
  const tier = prize.rank !== GRAND_PRIZE_RANK ? prize.title?.trim() : "";
  return (
    tier ||
    (winnerTokenWords(language)?.grandPrize(campaign.title, campaign.productType) ?? grandPrizeName(campaign.title, campaign.productType))
  );
}

/** The signed link to this prize's own claim page (the token carries the rank, decision 013). */
export async function prizeClaimLink(
  campaignId: string,
  prize: Pick<WinnerEmailPrize, "rank" | "entryId"> & { deadline: Date },
): Promise<string> {
  return publicUrl(claimPath(await claimToken({ campaignId, entryId: prize.entryId, deadline: prize.deadline, rank: prize.rank })));
}

/**
 * The tokens every winner email shares: prize_name, prize_image_url, brand_logo_url, claim_link,
 * claim_deadline, contact_line (and brand_name, campaign_title). A template's `<img>` whose URL
 * comes out empty is dropped when the email is rendered (email/outbox.server.ts).
 */
export async function winnerEmailTokens(
  campaign: WinnerEmailCampaign,
  prize: WinnerEmailPrize,
  /** The email's language (decision 097): only for a template written in it, so no email mixes two. */
  language: EntrantLanguage = "en",
): Promise<Record<string, string>> {
  const { deadline } = prize;
  return {
    brand_name: campaign.brandName,
    campaign_title: campaign.title,
    prize_name: prizeName(campaign, prize, language),
    // PNG and JPEG renditions (decision 081: Outlook shows no WebP).
    prize_image_url: prize.rank === GRAND_PRIZE_RANK ? grandPrizeImageUrl(campaign) : emailImageUrl(prize.imageUrl, 800, "jpeg"),
    brand_logo_url: emailImageUrl(campaign.logoUrl, 400, "png"),
    ...(deadline
      ? {
          claim_link: await prizeClaimLink(campaign.id, { ...prize, deadline }),
          claim_deadline: claimDeadlineText(deadline, language, campaign.timeZone),
        }
      : {}),
    contact_line: contactLine(campaign, language),
  };
}
