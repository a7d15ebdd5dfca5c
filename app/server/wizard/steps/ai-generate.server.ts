import { AI_STYLES } from "../../../domain/ai-prompts";
import { aiGenerationProblem, confirmDesignLabel } from "../../../domain/campaign-schemas";
import { availableCredits, refundCredits, spendCredits } from "../../ai/credits.server";
import { generateDesign } from "../../ai/designs.server";
import { nextStep, saveStep, type StepAction } from "../step.server";
import { log } from "../../core/log.server";

/**
 * Step 3, "Generate": saves the prompts, spends a credit per prompt, and generates a design for each
 * in its style. Credits of generations that fail are refunded; when all fail, the error is shown.
 */
export const generateDesigns: StepAction = async (step, formData) => {
  const { user } = step;
  if (!user) {
    return {
      kind: "sign-in",
      step: 3,
      extra: { mode: "ai" },
      toast: { type: "info", title: "Authentication Required", description: "Please sign in to generate designs." },
    };
  }
  const prompts = [1, 2, 3].map((n) =>
    String(formData.get(`aiPrompt${n}`) ?? "")
      .trim()
      .slice(0, 1000),
  );
  const saved = await saveStep(step, {
    designMode: "ai",
    aiPrompt1: prompts[0],
    aiPrompt2: prompts[1],
    aiPrompt3: prompts[2],
    designPrompt: prompts.find(Boolean) ?? "",
  });
  const backToAi = { mode: "ai" };
  const problem = aiGenerationProblem(prompts, await availableCredits(user.id, saved.id));
  if (problem) return nextStep(step, saved, 3, { type: "error", ...problem }, backToAi);
  const jobs = prompts.flatMap((prompt, index) => (prompt ? [{ prompt, style: AI_STYLES[index] ?? AI_STYLES[0] }] : []));
  const spend = await spendCredits(user.id, saved.id, jobs.length);
  if (!spend) {
    const now = aiGenerationProblem(prompts, await availableCredits(user.id, saved.id)) ?? {
      title: "Insufficient Credits",
      description: "Login or upgrade plan.",
    };
    return nextStep(step, saved, 3, { type: "error", ...now }, backToAi);
  }
  let failures = 0;
  let lastError: unknown = null;
  for (const job of jobs) {
    try {
      await generateDesign({ ...job, userId: user.id, campaignId: saved.id });
    } catch (error) {
      failures += 1;
      lastError = error;
      log.error({ err: error }, "ai: generation failed");
    }
  }
  if (failures) await refundCredits(spend, failures);
  if (failures === jobs.length) {
    const description = lastError instanceof Error && lastError.message ? lastError.message : "Could not generate designs.";
    return nextStep(step, saved, 3, { type: "error", title: "AI Generation Failed", description }, backToAi);
  }
  return nextStep(
    step,
    saved,
    3,
    { type: "success", title: "Designs Ready", description: `Pick a design, then press “${confirmDesignLabel(saved.productType)}”.` },
    { mode: "ai", generated: "1" },
  );
};
