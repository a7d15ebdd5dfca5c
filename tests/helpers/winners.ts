/**
 * Drawn campaigns, winner emails and the claim page, for the claim and draw tests: campaigns are
 * written directly, so these tests do not depend on the draw implementation.
 */
import { expect } from "vitest";
import { prisma } from "~/server/core/db.server";
import { createCampaign } from "./campaigns";
import { postForm as postFormTo } from "./http";

export const DAY = 24 * 60 * 60 * 1000;
export const SECRET = () => process.env.SESSION_SECRET ?? "";

let seq = 0;
export function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${Date.now()}@example.com`;
}

export async function addEntry(campaignId: string, email = uniqueEmail("fan")) {
  // Confirmed at once and counted, as the confirm step leaves it (decision 038).
  const [entry] = await prisma.$transaction([
    prisma.entry.create({
      data: { campaignId, email, emailNormalized: email.toLowerCase(), agreedToTerms: true, confirmedAt: new Date() },
    }),
    prisma.campaign.update({ where: { id: campaignId }, data: { entryCount: { increment: 1 } } }),
  ]);
  return entry;
}

/** A campaign that ended and was drawn, written directly (independent of the draw implementation). */
export async function drawnCampaign(
  options: {
    creatorId?: string;
    deadline?: Date;
    productType?: string;
    selectedSizes?: string;
    prizes?: { rank: number; title: string; code?: string; kind?: "gift" | "merch"; needsAddress?: boolean; deadline?: Date }[];
    /** Campaign.shipCountries (decision 050): "" = every partner country. */
    shipCountries?: string;
    finalDesignUrl?: string;
    selectedAiDesignId?: string;
  } = {},
) {
  const campaign = await createCampaign({
    status: "completed",
    creatorId: options.creatorId ?? null,
    startDate: new Date(Date.now() - 9 * DAY),
    endDate: new Date(Date.now() - 2 * DAY),
    productType: options.productType ?? "t-shirt",
    selectedSizes: options.selectedSizes ?? "S,M,L",
    selectedColors: "white,black",
    giveBonusGiftToWinner: true,
    winnerBonusGiftName: "Studio gift card",
    winnerBonusGiftCode: "GIFT-4242",
    winnerBonusGiftInstructions: "Redeem at checkout.",
    shipCountries: options.shipCountries ?? "",
    ...(options.finalDesignUrl ? { finalDesignUrl: options.finalDesignUrl } : {}),
    ...(options.selectedAiDesignId ? { selectedAiDesignId: options.selectedAiDesignId } : {}),
  });
  const winner = await addEntry(campaign.id, uniqueEmail("winner"));
  await addEntry(campaign.id);
  const prizeWinners = [];
  for (const prize of options.prizes ?? []) {
    const entry = await addEntry(campaign.id, uniqueEmail(`prize${prize.rank}`));
    prizeWinners.push(entry);
    await prisma.additionalPrize.create({
      data: {
        campaignId: campaign.id,
        rank: prize.rank,
        title: prize.title,
        code: prize.code ?? null,
        kind: prize.kind ?? "gift",
        needsAddress: prize.needsAddress ?? false,
        winnerEntryId: entry.id,
        winnerEmail: entry.email,
        claimDeadline: prize.deadline ?? new Date(Date.now() + 30 * DAY),
      },
    });
  }
  const deadline = options.deadline ?? new Date(Date.now() + 14 * DAY);
  await prisma.campaign.update({
    where: { id: campaign.id },
    data: { winnerEntryId: winner.id, winnerEmail: winner.email, claimDeadline: deadline },
  });
  return { campaign, winner, prizeWinners, deadline };
}

/** The /claim/... path of the newest winner email to `to`. */
export async function claimPathFromEmail(to: string): Promise<string> {
  const email = await prisma.outboundEmail.findFirstOrThrow({
    where: { to, template: "winner_notification" },
    orderBy: { createdAt: "desc" },
  });
  const path = /https?:\/\/[^/\s]+(\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(email.text ?? "")?.[1];
  expect(path, "the winner email carries a claim link").toBeTruthy();
  return path ?? "";
}

export function decode(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** The app's pages as a browser asks for them: `url` answers the base URL of the app under test. */
export function pagesOf(url: () => string) {
  async function getPage(path: string, cookie = ""): Promise<{ status: number; html: string; response: Response }> {
    const response = await fetch(`${url()}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    return { status: response.status, html: decode(await response.text()), response };
  }

  /** What a browser without JavaScript sends. */
  function postForm(path: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
    return postFormTo(url(), path, fields, { Cookie: cookie });
  }

  return { getPage, postForm };
}

export const CLAIM = {
  size: "M",
  style: "Women's fit",
  color: "black",
  shipName: "Grace Hopper",
  shipLine1: "1 Compiler Court",
  shipLine2: "Apt 7",
  shipCity: "Arlington",
  shipRegion: "VA",
  shipPostalCode: "22201",
  shipCountry: "US",
  shipPhone: "+1 555 0100",
};

export const orders = (campaignId: string) => prisma.order.findMany({ where: { campaignId } });
