/**
 * The creator's preview of the emails a campaign's entrants get (decision 081): each entrant
 * template as the outbox would render it for this campaign (its brand's frame, sender name and
 * Reply-To, the admin's current wording), filled with a sample entrant's details. Nothing is sent
 * or stored. Only the campaign's creator and admins see it.
 */
import { formatZonedDateTime } from "../../domain/campaign-time-zone";
import { SAMPLE_TOKENS } from "../../domain/templates";
import { referralPath } from "../../paths";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { publicUrl } from "../core/public-url.server";
import { fromAddress } from "../../domain/email-brand";
import { EMAIL_BRAND_CAMPAIGN_FIELDS, contactLine, emailBrand } from "./brand.server";
import { renderTemplate } from "./outbox.server";

/** The emails an entrant of a campaign can get, in the order they come. */
export const PREVIEW_EMAILS = [
  { id: "entry_confirm_request", label: "Confirm your entry" },
  { id: "entry_confirmation", label: "Entry receipt" },
  { id: "reminder_48h", label: "48-hour reminder" },
  { id: "list_frozen", label: "Entries are closed" },
  { id: "winner_notification", label: "Winner" },
  { id: "additional_prize_winner", label: "2nd or 3rd prize winner" },
  { id: "claim_reminder", label: "Claim reminder" },
  { id: "order_shipped", label: "Prize shipped" },
  { id: "gift_delivered", label: "Gift delivered" },
] as const;

const SAMPLE_ENTRANT = SAMPLE_TOKENS.email ?? "jamie.fan@example.com";

export interface EmailPreview {
  campaign: { id: string; title: string };
  emails: { id: string; label: string }[];
  selected: { id: string; label: string; subject: string; from: string; replyTo: string | null; html: string; text: string } | null;
}

/**
 * The preview of `emailId` (the first email when it names none or one that is not an entrant's), or
 * null when the user may not see this campaign: only its creator and admins may.
 */
export async function emailPreview(
  user: { id: string; isAdmin: boolean },
  campaignId: string,
  emailId: string | null,
): Promise<EmailPreview | null> {
  const campaign = await prisma.campaign.findFirst({
    where: { id: campaignId, ...(user.isAdmin ? {} : { creatorId: user.id }) },
    select: { id: true, endDate: true, timeZone: true, ...EMAIL_BRAND_CAMPAIGN_FIELDS },
  });
  if (!campaign) return null;
  const chosen = PREVIEW_EMAILS.find((email) => email.id === emailId) ?? PREVIEW_EMAILS[0];
  const template = await prisma.emailTemplate.findUnique({ where: { id: chosen.id }, select: { subject: true, htmlBody: true } });
  const emails = PREVIEW_EMAILS.map(({ id, label }) => ({ id, label }));
  if (!template) return { campaign: { id: campaign.id, title: campaign.title }, emails, selected: null };

  const brand = emailBrand(campaign);
  // The sample's own picture and logo tokens would stand in for the brand's: they are left out.
  const { brand_logo_url: _logo, prize_image_url: _prize, prize_name: _name, ...sample } = SAMPLE_TOKENS;
  const rendered = renderTemplate(template, {
    to: SAMPLE_ENTRANT,
    template: chosen.id,
    brand,
    // Replies to winner and prize emails reach the brand's support address (decision 051).
    replyTo: null,
    tokens: {
      ...sample,
      email: SAMPLE_ENTRANT,
      brand_name: campaign.brandName,
      campaign_title: campaign.title,
      campaign_end_date: campaign.endDate ? formatZonedDateTime(campaign.endDate, campaign.timeZone) : sample.campaign_end_date,
      referral_link: publicUrl(referralPath(campaign.id, "sample-entry")),
      contact_line: contactLine(campaign),
      // The entry actions' lines (decision 077) are the campaign's own; a sample shows none.
      actions_offer: "",
      entry_actions: "",
      actions_link: "",
    },
  });
  const address = fromAddress(getConfig().MAIL_FROM);
  return {
    campaign: { id: campaign.id, title: campaign.title },
    emails,
    selected: {
      id: chosen.id,
      label: chosen.label,
      subject: rendered.subject,
      from: rendered.fromName ? `${rendered.fromName} <${address}>` : getConfig().MAIL_FROM,
      replyTo: rendered.replyTo,
      html: rendered.html,
      text: rendered.text,
    },
  };
}
