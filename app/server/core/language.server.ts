/**
 * Which language an entrant's answer speaks (decision 097): the campaign's own, or one it allows
 * that the request's Accept-Language prefers. For the page's action and the entry lane, which
 * answer before any page is rendered.
 */
import { campaignLanguageFor, type EntrantLanguage } from "../../domain/entrant-language";
import { prisma } from "./db.server";

export async function requestLanguage(campaignId: string, acceptLanguage: string | null | undefined): Promise<EntrantLanguage> {
  if (!/^[a-z0-9]{8,40}$/i.test(campaignId)) return "en";
  const campaign = await prisma.campaign.findUnique({ where: { id: campaignId }, select: { language: true, otherLanguages: true } });
  return campaign ? campaignLanguageFor(campaign, acceptLanguage) : "en";
}
