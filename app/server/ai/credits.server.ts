import { aiCreditFigures, planCredits, type AiCreditFigures } from "../../domain/ai-credits";
import { prisma } from "../core/db.server";

/**
 * AI credits (decision 021): a generation spends the campaign's plan credits first, then the
 * user's own. Every decrement is a conditional update inside one transaction, so two requests at
 * once can never spend the same credit: the loser's update matches no row and it rolls back.
 */
export interface CreditSpend {
  campaignId: string | null;
  userId: string;
  fromCampaign: number;
  fromUser: number;
}

class InsufficientCredits extends Error {}

/**
 * A draft's plan credits are spendable once, whatever its plan: choosing a plan leaves it that
 * plan's credits less the generations the campaign has already had (Campaign.aiGenerationsUsed,
 * which counts every generation, also those paid with the user's own credits), never less than 0.
 * Growth (5) with 3 used has 2 left; switching to Pro (15) leaves 12, and back to Growth 2 again.
 * spendCredits and refundCredits keep remainingGenerations at exactly this figure.
 */
export function planCreditsLeft(planCredits: number, generationsUsed: number): number {
  return Math.max(0, planCredits - Math.max(0, generationsUsed));
}

/**
 * The one AI-credit figure (decision 049) every page shows: the user's balance and, for one of
 * their campaigns, its plan credits used and left. `available` is what availableCredits checks.
 */
export async function creditFigures(userId: string, campaignId: string | null): Promise<AiCreditFigures> {
  const [user, campaign] = await Promise.all([
    prisma.user.findUnique({ where: { id: userId }, select: { aiDesignCredits: true } }),
    campaignId
      ? prisma.campaign.findFirst({
          where: { id: campaignId, creatorId: userId },
          select: { remainingGenerations: true, plan: { select: { name: true, aiCredits: true } } },
        })
      : null,
  ]);
  const plan = campaign
    ? campaign.plan
      ? planCredits(campaign.plan.name, campaign.plan.aiCredits, campaign.remainingGenerations)
      : campaign.remainingGenerations > 0
        ? planCredits(null, 0, campaign.remainingGenerations)
        : null
    : null;
  return aiCreditFigures(user?.aiDesignCredits ?? 0, plan);
}

export async function availableCredits(userId: string, campaignId: string | null): Promise<number> {
  const [user, campaign] = await Promise.all([
    prisma.user.findUnique({ where: { id: userId }, select: { aiDesignCredits: true } }),
    campaignId ? prisma.campaign.findFirst({ where: { id: campaignId, creatorId: userId }, select: { remainingGenerations: true } }) : null,
  ]);
  return (user?.aiDesignCredits ?? 0) + (campaign?.remainingGenerations ?? 0);
}

export async function spendCredits(userId: string, campaignId: string | null, count: number): Promise<CreditSpend | null> {
  try {
    return await prisma.$transaction(async (tx) => {
      const campaign = campaignId
        ? await tx.campaign.findFirst({ where: { id: campaignId, creatorId: userId }, select: { remainingGenerations: true } })
        : null;
      const fromCampaign = Math.min(count, Math.max(0, campaign?.remainingGenerations ?? 0));
      const fromUser = count - fromCampaign;
      if (campaignId && campaign) {
        const spent = await tx.campaign.updateMany({
          where: { id: campaignId, creatorId: userId, remainingGenerations: { gte: fromCampaign } },
          data: { remainingGenerations: { decrement: fromCampaign }, aiGenerationsUsed: { increment: count } },
        });
        if (spent.count !== 1) throw new InsufficientCredits();
      }
      if (fromUser > 0) {
        const spent = await tx.user.updateMany({
          where: { id: userId, aiDesignCredits: { gte: fromUser } },
          data: { aiDesignCredits: { decrement: fromUser } },
        });
        if (spent.count !== 1) throw new InsufficientCredits();
      }
      return { campaignId: campaign ? campaignId : null, userId, fromCampaign, fromUser };
    });
  } catch (error) {
    if (error instanceof InsufficientCredits) return null;
    throw error;
  }
}

/** Gives back the credits of generations that failed: the user's own first, then the campaign's. */
export async function refundCredits(spend: CreditSpend, count: number): Promise<void> {
  const toUser = Math.min(count, spend.fromUser);
  const toCampaign = Math.min(count - toUser, spend.fromCampaign);
  await prisma.$transaction([
    ...(toUser > 0 ? [prisma.user.update({ where: { id: spend.userId }, data: { aiDesignCredits: { increment: toUser } } })] : []),
    ...(spend.campaignId && count > 0
      ? [
          prisma.campaign.update({
            where: { id: spend.campaignId },
            data: { remainingGenerations: { increment: toCampaign }, aiGenerationsUsed: { decrement: count } },
          }),
        ]
      : []),
  ]);
}
