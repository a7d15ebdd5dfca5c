import { parseWithZod } from "@conform-to/zod/v4";
import { reviewProblems } from "../../../domain/campaign-schemas";
import { formatPrice } from "../../../domain/plans";
import { applyCoupon, couponProblem, CouponFormSchema, INVALID_COUPON_DESCRIPTION, INVALID_COUPON_TITLE } from "../../../domain/pricing";
import { prisma } from "../../core/db.server";
import { startCheckout } from "../../payments/launch.server";
import { clearDraftCookie } from "../drafts.server";
import { launchCampaign } from "../launch.server";
import { invalid, nextStep, saveStep, type StepAction } from "../step.server";

/** Step 5, "Apply": a coupon code, checked and priced now (launch prices it again); an empty code removes it. */
export const applyCouponCode: StepAction = async (step, formData) => {
  const { campaign } = step;
  const submission = parseWithZod(formData, { schema: CouponFormSchema });
  if (submission.status !== "success" || !campaign) {
    return invalid(submission.reply(), { type: "error", title: INVALID_COUPON_TITLE, description: INVALID_COUPON_DESCRIPTION });
  }
  const plan = campaign.planId ? await prisma.plan.findUnique({ where: { id: campaign.planId } }) : null;
  const code = submission.value.couponCode;
  const coupon = code ? await prisma.coupon.findUnique({ where: { code } }) : null;
  const problem = code ? couponProblem(coupon, new Date()) : null;
  if (problem) {
    return invalid(submission.reply({ fieldErrors: { couponCode: [`${problem.title}: ${problem.description}`] } }), {
      type: "error",
      title: problem.title,
      description: problem.description,
    });
  }
  const price = applyCoupon(plan?.priceCents ?? 0, coupon, new Date());
  const saved = await saveStep(step, { couponCode: code || null, ...price });
  return nextStep(
    step,
    saved,
    5,
    code
      ? { type: "success", title: "Coupon Applied", description: `${code} takes ${formatPrice(price.discountCents)} off.` }
      : { type: "info", title: "Coupon Removed" },
  );
};

/** Step 5, "Launch": a signed-in creator's ready campaign goes live (free) or to the checkout. */
export const launchFromReview: StepAction = async (step, formData) => {
  const { user, campaign } = step;
  if (!user) {
    return {
      kind: "sign-in",
      step: 5,
      reason: "launch",
      toast: { type: "error", title: "Authentication Required", description: "Please sign in to launch your campaign." },
    };
  }
  if (!campaign) return { kind: "problems", problems: reviewProblems({}) };
  // Decision 053: above $5,000 of prizes the creator may exclude New York and Florida (the checkbox).
  const launch = await launchCampaign(campaign, { excludeNyFl: formData.get("excludeNyFl") === "on" });
  if (launch.kind === "problems") return { kind: "problems", problems: launch.problems };
  step.cookies.push(await clearDraftCookie());
  if (launch.kind === "free") return { kind: "launched", campaignId: launch.campaignId };
  try {
    const checkout = await startCheckout({ campaignId: launch.campaignId, customerEmail: user.email });
    return { kind: "checkout", url: checkout.url };
  } catch (error) {
    return {
      kind: "next",
      step: 5,
      campaignId: launch.campaignId,
      toast: {
        type: "error",
        title: "Submission Failed",
        description: error instanceof Error ? error.message : "Could not process your request. Please try again.",
      },
    };
  }
};
