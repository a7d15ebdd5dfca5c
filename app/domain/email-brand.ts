/**
 * The brand in every email to an entrant (decision 081): the sender's name ("Kestrel Coffee via
 * Giveawear"), the brand's logo and the prize's picture in the header, buttons in the campaign's
 * accent colour when white text reads on it, and a footer naming Giveawear. The frame wraps whatever
 * body the template has, so an admin's edited template gets the brand without changing.
 */
import { AA_CONTRAST, ACCENT_PATTERN, contrastWithWhite } from "./brand-colors";
import { DEFAULT_BUTTON_COLOR, GIVEAWEAR_EMAIL_FOOTER, GIVEAWEAR_EMAIL_HEADER, brandLogo, prizeImage } from "./email-template-defaults";

/** What an entrant's email shows of the campaign's brand. URLs are absolute, PNG or JPEG, or "". */
export interface EmailBrand {
  name: string;
  /** The brand's logo (absolute URL of a PNG rendition), or "" without one. */
  logoUrl: string;
  /** The prize's picture (absolute URL of a JPEG or PNG rendition), or "". */
  prizeImageUrl: string;
  prizeName: string;
  /** "#RRGGBB" or "" (the campaign's accent colour as saved). */
  accentColor: string;
  /** The brand's support address, or "": the Reply-To of every email to its entrants. */
  supportEmail: string;
  /** Whether the footer says "Powered by Giveawear" (the campaign page's choice, poweredByGiveawear). */
  poweredBy: boolean;
}

/**
 * The From header's display name: "<Brand> via Giveawear", or null without a brand name (then
 * MAIL_FROM's own name stays). Line breaks and quotes are taken out so it cannot change the header.
 */
export function emailSenderName(brandName: string): string | null {
  const name = brandName
    .replace(/[\r\n\t"\\<>]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60)
    .trim();
  return name ? `${name} via Giveawear` : null;
}

/** The address part of a From value, `Giveawear <no-reply@x.example>` or `no-reply@x.example`. */
export function fromAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** The buttons' colour: the campaign's accent when white text on it reaches AA (4.5:1), else ours. */
export function emailButtonColor(accentColor: string): string {
  if (!ACCENT_PATTERN.test(accentColor)) return DEFAULT_BUTTON_COLOR;
  return contrastWithWhite(accentColor) >= AA_CONTRAST ? accentColor.toLowerCase() : DEFAULT_BUTTON_COLOR;
}

/** The tokens the frame itself uses; a template's own tokens of the same name win (a 2nd prize's picture). */
export function brandTokens(brand: EmailBrand): Record<string, string> {
  return {
    brand_name: brand.name,
    brand_logo_url: brand.logoUrl,
    prize_image_url: brand.prizeImageUrl,
    prize_name: brand.prizeName,
  };
}

/**
 * A template's body inside the brand's frame, before its tokens are filled: the Giveawear wordmark
 * and tagline of the default layout are replaced by the brand's header (logo, name, prize picture)
 * and a footer, the body's own copies of the logo and the prize picture are left out (the header
 * shows them), and the default buttons take the accent colour when it passes AA.
 */
export function brandedEmailBody(body: string, brand: Pick<EmailBrand, "accentColor" | "poweredBy">): string {
  const button = emailButtonColor(brand.accentColor);
  const inner = body
    .replace(GIVEAWEAR_EMAIL_HEADER, "")
    .replace(GIVEAWEAR_EMAIL_FOOTER, "")
    .replace(`${brandLogo}\n`, "")
    .replace(brandLogo, "")
    .replace(`${prizeImage}\n`, "")
    .replace(prizeImage, "")
    .replaceAll(`background:${DEFAULT_BUTTON_COLOR}`, `background:${button}`);
  return `<div style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:0 auto;color:#1f2937;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;border-bottom:3px solid ${button};margin:0 0 16px"><tr>
<td style="padding:0 12px 12px 0;width:1%;white-space:nowrap"><img src="{{brand_logo_url}}" alt="" height="48" style="display:block;height:48px;width:auto;max-width:200px;border:0"></td>
<td style="padding:0 0 12px;font-size:20px;font-weight:bold;color:#111827">{{brand_name}}</td>
</tr></table>
<p style="text-align:center;margin:0 0 16px"><img src="{{prize_image_url}}" alt="{{prize_name}}" width="280" style="width:280px;max-width:100%;height:auto;border-radius:8px;border:0"></p>
${inner}
<p style="font-size:12px;color:#6b7280;margin-top:32px;border-top:1px solid #e5e7eb;padding-top:12px">${brand.poweredBy ? "{{brand_name}} runs this giveaway on Giveawear. Powered by Giveawear." : "{{brand_name}} runs this giveaway."}</p>
</div>`;
}
