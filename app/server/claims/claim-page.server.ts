/**
 * What the claim page's loader and action hand to the page: the state as plain data (ISO dates),
 * its HTTP status, and, in the entrant's language (decision 097), the page's words, its dates
 * written in the campaign's zone, and the product, colour and country names.
 */
import type { ClaimPageView, ClaimSummary } from "../../domain/claim-page";
import { PRODUCT_COLORS, parseProductColors, productLabel, type ProductType } from "../../domain/campaign-schemas";
import { countryName } from "../../domain/claims";
import type { EntrantLanguage } from "../../domain/entrant-language";
import { campaignImage, mockupUrl } from "../../domain/mockups";
import { maskEmail } from "../../domain/profile";
import type { ClaimWords } from "../../i18n/claim-text";
import { claimDe } from "../../i18n/claim/de";
import { claimEn } from "../../i18n/claim/en";
import { claimEs } from "../../i18n/claim/es";
import { claimFr } from "../../i18n/claim/fr";
import { claimPt } from "../../i18n/claim/pt";
import { entrantText } from "../../i18n/entrant";
import type { ClaimCampaign, ClaimState } from "./claim.server";
import { objectionView } from "./objection.server";

export const CLAIM_WORDS: Record<EntrantLanguage, ClaimWords> = { en: claimEn, es: claimEs, fr: claimFr, de: claimDe, pt: claimPt };

function summary(campaign: ClaimCampaign, chosenColor?: string | null): ClaimSummary {
  const colors = parseProductColors(campaign.selectedColors);
  return {
    campaignId: campaign.id,
    title: campaign.title,
    timeZone: campaign.timeZone,
    brandName: campaign.brandName,
    productType: campaign.productType,
    productName: productLabel(campaign.productType),
    // Once claimed, the prize is pictured in the colour the winner chose.
    image: campaignImage(chosenColor ? { ...campaign, selectedColors: chosenColor } : campaign),
    colorImages: Object.fromEntries(
      (colors.length ? colors : ["white" as const]).map((key) => [
        key,
        mockupUrl(campaign.finalDesignUrl, campaign.productType as ProductType, key, 400),
      ]),
    ),
    bonusGift: campaign.bonusGift,
    prize: campaign.prize,
  };
}

export function claimView(state: ClaimState): ClaimPageView {
  switch (state.kind) {
    case "invalid":
      return { kind: "invalid" };
    case "superseded":
      return { kind: "superseded", campaign: summary(state.campaign) };
    case "expired":
      return { kind: "expired", campaign: summary(state.campaign), deadline: state.deadline.toISOString() };
    case "claimed":
      return {
        kind: "claimed",
        campaign: summary(state.campaign, state.order.color),
        order: {
          ...state.order,
          colorName: state.order.color ? (PRODUCT_COLORS.find((color) => color.key === state.order.color)?.name ?? state.order.color) : "",
          shipCountryName: countryName(state.order.shipCountry),
          claimedAt: state.order.claimedAt.toISOString(),
          deliveredAt: state.order.deliveredAt?.toISOString() ?? null,
        },
        winnerEmail: maskEmail(state.winnerEmail),
      };
    case "open":
      return {
        kind: "open",
        campaign: summary(state.campaign),
        deadline: state.deadline.toISOString(),
        options: state.options,
        winnerEmail: state.winnerEmail,
      };
  }
}

/**
 * 404 for links we never signed, 410 for links whose prize is gone (expired or redrawn), and 409
 * for a claim sent on an already claimed prize. Reading a claimed link is the "Claim received"
 * page the claim redirects to, so it answers 200.
 */
export function claimStatus(state: ClaimState, method: "GET" | "POST"): number {
  switch (state.kind) {
    case "invalid":
      return 404;
    case "superseded":
    case "expired":
      return 410;
    case "claimed":
      return method === "POST" ? 409 : 200;
    case "open":
      return 200;
  }
}

const capitalised = (word: string, locale: string) => word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);

/**
 * The view in `language`: its product, colour and country names in the language's words, and
 * `dates`, each instant the page shows written in the campaign's zone (ISO → text), so the
 * browser renders the server's very text. English keeps the names as they were.
 */
export function claimViewIn(view: ClaimPageView, language: EntrantLanguage): { view: ClaimPageView; dates: Record<string, string> } {
  if (view.kind === "invalid") return { view, dates: {} };
  const text = entrantText(language);
  const zone = view.campaign.timeZone;
  const dates: Record<string, string> = {};
  const write = (iso: string | null | undefined) => {
    if (iso) dates[iso] = text.dateTime(new Date(iso), zone);
  };
  if (view.kind === "open" || view.kind === "expired") write(view.deadline);
  if (view.kind === "claimed")
    [view.order.claimedAt, view.order.deliveredAt, view.order.progress.shippedAt, view.order.progress.deliveredAt].forEach(write);
  if (language === "en") return { view, dates };

  const regions = new Intl.DisplayNames([text.locale], { type: "region", fallback: "none" });
  const country = (code: string | null, english: string) => (code ? (regions.of(code) ?? english) : english);
  const colour = (key: string) => capitalised(text.t(`color_${key}` as "color_white"), text.locale);
  const campaign = {
    ...view.campaign,
    productName: capitalised(text.t(`product_${view.campaign.productType}` as "product_mug"), text.locale),
  };
  switch (view.kind) {
    case "superseded":
    case "expired":
      return { view: { ...view, campaign }, dates };
    case "claimed":
      return {
        view: {
          ...view,
          campaign,
          order: {
            ...view.order,
            colorName: view.order.color ? colour(view.order.color) : "",
            shipCountryName: country(view.order.shipCountry, view.order.shipCountryName),
          },
        },
        dates,
      };
    case "open": {
      const colors = view.options.colors.map((color) => ({
        ...color,
        name: capitalised(text.t(`color_${color.key}` as "color_white"), text.locale),
      }));
      const countries = view.options.countries
        .map((option) => ({ ...option, name: country(option.code, option.name) }))
        .sort((a, b) => a.name.localeCompare(b.name, text.locale));
      return { view: { ...view, campaign, options: { ...view.options, colors, countries } }, dates };
    }
  }
}

/**
 * A redrawn link's objection (decision 105): the form, or when it was sent with that time written
 * in the campaign's zone and `language`; null unless the draw record marks the link's pick replaced.
 */
export async function claimObjection(
  token: string,
  view: ClaimPageView,
  language: EntrantLanguage,
): Promise<{ objection: { sentAt: string | null } | null; dates: Record<string, string> }> {
  if (view.kind !== "superseded") return { objection: null, dates: {} };
  const objection = await objectionView(token);
  const sentAt = objection?.sentAt;
  return { objection, dates: sentAt ? { [sentAt]: entrantText(language).dateTime(new Date(sentAt), view.campaign.timeZone) } : {} };
}
