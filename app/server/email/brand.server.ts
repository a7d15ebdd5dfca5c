/**
 * A campaign's brand as its entrants' emails show it (decision 081): the name, the support address
 * (Reply-To), the accent colour, and the logo and the prize's picture as absolute URLs of PNG or
 * JPEG renditions (Outlook shows no WebP).
 */
import type { EntrantLanguage } from "../../domain/entrant-language";
import { winnerTokenWords } from "../../i18n/entrant-emails";
import type { ProductColorKey, ProductType } from "../../domain/campaign-schemas";
import type { EmailBrand } from "../../domain/email-brand";
import { type EmailImageFormat, type UploadWidth, emailImagePath } from "../../domain/images";
import { mockupUrl, parsePartnerMockups } from "../../domain/mockups";
import { poweredByGiveawear } from "../../domain/plan-features";
import { grandPrizeName } from "../../domain/winner-emails";
import { publicUrl } from "../core/public-url.server";
import { href } from "../../paths";

/** The campaign fields an entrant's email reads for its brand. */
export const EMAIL_BRAND_CAMPAIGN_FIELDS = {
  title: true,
  brandName: true,
  supportEmail: true,
  logoUrl: true,
  accentColor: true,
  productType: true,
  finalDesignUrl: true,
  selectedColors: true,
  printifyMockups: true,
  customBranding: true,
  hideGiveawearBranding: true,
} as const;

export interface EmailBrandCampaign {
  title: string;
  brandName: string;
  supportEmail: string;
  logoUrl: string | null;
  accentColor: string;
  productType: string;
  finalDesignUrl: string | null;
  selectedColors: string;
  printifyMockups: string;
  customBranding: boolean;
  hideGiveawearBranding: boolean;
}

/**
 * An image for an email: our upload, mockup or static file as the absolute URL of its PNG or JPEG
 * rendition, a partner's https photo as it is; "" when there is none (the `<img>` is then left out).
 */
export function emailImageUrl(url: string | null | undefined, width: UploadWidth, format: EmailImageFormat): string {
  const path = emailImagePath(url, width, format);
  if (!path) return "";
  return /^https:\/\//i.test(path) ? path : publicUrl(path);
}

/**
 * The grand prize's picture: the print partner's product photo in the first colour, else our mockup
 * of the design on the product (as JPEG), else the design itself (as PNG).
 */
export function grandPrizeImageUrl(
  campaign: Pick<EmailBrandCampaign, "productType" | "finalDesignUrl" | "selectedColors" | "printifyMockups">,
): string {
  const color = (campaign.selectedColors.split(",")[0] || "white") as ProductColorKey;
  const partner = parsePartnerMockups(campaign.printifyMockups)[color];
  if (partner) return emailImageUrl(partner, 800, "jpeg");
  const mockup = mockupUrl(campaign.finalDesignUrl, campaign.productType as ProductType, color, 800);
  return mockup ? emailImageUrl(mockup, 800, "jpeg") : emailImageUrl(campaign.finalDesignUrl, 800, "png");
}

export function emailBrand(campaign: EmailBrandCampaign): EmailBrand {
  return {
    name: campaign.brandName,
    // Shown 48 px high and up to 200 px wide: 400 px wide is sharp on a high-density screen.
    logoUrl: emailImageUrl(campaign.logoUrl, 400, "png"),
    prizeImageUrl: grandPrizeImageUrl(campaign),
    prizeName: grandPrizeName(campaign.title, campaign.productType),
    accentColor: campaign.accentColor,
    supportEmail: campaign.supportEmail,
    poweredBy: poweredByGiveawear(campaign),
  };
}

/** The Reply-To of winner and claim emails: the brand's support address, or none. */
export function winnerReplyTo(campaign: Pick<EmailBrandCampaign, "supportEmail">): string | null {
  return campaign.supportEmail.trim() || null;
}

/** A whole line saying where questions go; never "reply to this email" without a Reply-To. */
export function contactLine(campaign: Pick<EmailBrandCampaign, "supportEmail" | "brandName">, language?: EntrantLanguage): string {
  const support = winnerReplyTo(campaign);
  // The winner's language (decision 097); English keeps the words below.
  const words = winnerTokenWords(language);
  if (words) return support ? words.contactReply(campaign.brandName, support) : words.contactForm(publicUrl(href("/contact")));
  if (support) return `Questions about your prize? Reply to this email to reach ${campaign.brandName || "the brand"} (${support}).`;
  return `Questions about your prize? Please don't reply to this email (nobody reads that mailbox): write to us through our contact form at ${publicUrl(href("/contact"))}.`;
}
