import type { AdditionalPrize, Campaign, Prisma } from "../core/db.server";
import { prisma } from "../core/db.server";
import { EDITABLE_STATUSES, isEditableStatus } from "../../domain/campaign-status";
import { createDraft, LAUNCHED_NOT_EDITABLE, stripIdentity } from "./drafts.server";
import type { CurrentUser } from "../auth/session.server";
import { CampaignStatus } from "../../domain/campaign-status";

export interface Persisted {
  campaign: Campaign;
  cookies: string[];
}

/**
 * A wizard write that found the campaign launched (or gone) by the time it ran, or changed since the
 * step read it ("changed": the write's `unchanged` condition no longer held); nothing was changed.
 */
export class WizardWriteRefused extends Error {
  override name = "WizardWriteRefused";
  constructor(readonly reason: "launched" | "gone" | "changed") {
    super(
      reason === "launched"
        ? LAUNCHED_NOT_EDITABLE.description
        : reason === "changed"
          ? "The campaign changed while this step was being saved."
          : "The campaign is no longer there.",
    );
  }
}

export interface PrizeInput {
  rank: number;
  title: string;
  code: string | null;
  imageUrl: string | null;
  kind: string;
  needsAddress: boolean;
  /** Approximate retail value in cents, for the official rules (decision 053). */
  valueCents: number | null;
}

/** Whether a write changes what the campaign costs: its plan, coupon or totals. */
function changesPrice(campaign: Campaign, data: Partial<Campaign>): boolean {
  return (["planId", "couponCode", "discountCents", "totalCents"] as const).some(
    (key) => key in data && data[key] !== undefined && data[key] !== campaign[key],
  );
}

/**
 * Saves a step: updates the draft, or creates it on the first save (from the campaign being copied,
 * when there is one, prizes included). `prizes`, when given, replace the campaign's prizes in the
 * same transaction.
 *
 * The update is one conditional write on the campaign's id, its owner (or, for a visitor, its draft
 * token) and an editable status, so a launch or payment that lands while the step is being saved
 * wins and the step changes nothing (WizardWriteRefused). A campaign waiting for payment whose price
 * changes goes back to a draft: the checkout already opened was for the old price, so it can no
 * longer put the campaign live, and launching again prices it anew.
 *
 * `unchanged`, when given, is part of the same condition: values the write was computed from (the
 * plan credits left depend on the generations used), so a change that lands meanwhile refuses the
 * write ("changed") rather than being overwritten with a figure made from the old value.
 */
export async function persistStep(
  campaign: Campaign | null,
  user: CurrentUser | null,
  data: Partial<Campaign>,
  copyFrom: CopySource | null,
  prizes?: PrizeInput[],
  unchanged?: Prisma.CampaignWhereInput,
): Promise<Persisted> {
  if (campaign) {
    const id = campaign.id;
    // Decided in the write, not from the status read earlier: a launch may have moved it meanwhile.
    const backToDraft = changesPrice(campaign, data);
    const updated = await prisma.$transaction(async (tx) => {
      const written = await tx.campaign.updateMany({
        where: {
          id,
          creatorId: user?.id ?? null,
          ...(user ? {} : { draftToken: campaign.draftToken ?? "" }),
          status: { in: [...EDITABLE_STATUSES] },
          ...unchanged,
        },
        data: { ...data, ...(backToDraft ? { status: CampaignStatus.draft } : {}) },
      });
      if (written.count !== 1) return null;
      if (prizes) {
        await tx.additionalPrize.deleteMany({ where: { campaignId: id } });
        await tx.additionalPrize.createMany({ data: prizes.map((p) => ({ ...p, campaignId: id })) });
      }
      return tx.campaign.findUniqueOrThrow({ where: { id } });
    });
    if (!updated) {
      const now = await prisma.campaign.findUnique({ where: { id }, select: { status: true } });
      if (now && !isEditableStatus(now.status)) throw new WizardWriteRefused("launched");
      throw new WizardWriteRefused(now && unchanged ? "changed" : "gone");
    }
    return { campaign: updated, cookies: [] };
  }
  const { additionalPrizes: copiedPrizes, ...source } = copyFrom ?? { additionalPrizes: [] };
  const { campaign: created, setCookie } = await createDraft(user, { ...(copyFrom ? stripIdentity(source) : {}), ...data });
  const initialPrizes: PrizeInput[] =
    prizes ??
    copiedPrizes.map((p) => ({
      rank: p.rank,
      title: p.title,
      imageUrl: p.imageUrl,
      code: p.code,
      kind: p.kind,
      needsAddress: p.needsAddress,
      valueCents: p.valueCents,
    }));
  if (initialPrizes.length) {
    await prisma.additionalPrize.createMany({ data: initialPrizes.map((p) => ({ ...p, campaignId: created.id })) });
  }
  return { campaign: created, cookies: [setCookie] };
}

export type CopySource = Campaign & { additionalPrizes: AdditionalPrize[] };

/** The user's own campaign to copy (duplicateId), with its prizes. */
export function findCopySource(user: CurrentUser | null, duplicateId: string | null): Promise<CopySource | null> {
  if (!user || !duplicateId) return Promise.resolve(null);
  return prisma.campaign.findFirst({ where: { id: duplicateId, creatorId: user.id }, include: { additionalPrizes: true } });
}
