import { parseWithZod } from "@conform-to/zod/v4";
import { PlanSelectionSchema } from "../../../domain/campaign-schemas";
import { applyCoupon } from "../../../domain/pricing";
import { planCreditsLeft } from "../../ai/credits.server";
import { prisma } from "../../core/db.server";
import { invalid, nextStep, saveStep, type StepAction } from "../step.server";

/** Step 2: the plan, priced with the coupon already applied. */
export const choosePlan: StepAction = async (step, formData) => {
  const submission = parseWithZod(formData, { schema: PlanSelectionSchema });
  if (submission.status !== "success") return invalid(submission.reply());
  const plan = await prisma.plan.findFirst({ where: { id: submission.value.planId, active: true } });
  if (!plan) return invalid(submission.reply({ fieldErrors: { planId: ["Please select a plan."] } }));
  const campaign = step.campaign;
  const coupon = campaign?.couponCode ? await prisma.coupon.findUnique({ where: { code: campaign.couponCode } }) : null;
  // Another plan brings its credits less the generations already had (planCreditsLeft), never a
  // fresh allowance; the write holds only if no generation landed since the count was read.
  const used = campaign?.aiGenerationsUsed ?? 0;
  const planChanged = campaign?.planId !== plan.id;
  const saved = await saveStep(
    step,
    {
      planId: plan.id,
      ...(planChanged ? { remainingGenerations: planCreditsLeft(plan.aiCredits, used) } : {}),
      ...applyCoupon(plan.priceCents, coupon, new Date()),
    },
    undefined,
    planChanged ? { aiGenerationsUsed: used } : undefined,
  );
  return nextStep(step, saved, 3);
};
