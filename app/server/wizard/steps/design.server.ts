import { parseWithZod } from "@conform-to/zod/v4";
import { CAMPAIGN_MESSAGES, productDesignSchema, productHasSizes, productNoun, withDesignFileFlag } from "../../../domain/campaign-schemas";
import { formFile } from "../../media/uploads.server";
import { aiDesignIdFor } from "../designs.server";
import { DESIGN_IMAGE_KINDS, mayStoreImageUrl, previewAfterLogin, takeUpload, uploadRefused } from "../images.server";
import { invalid, nextStep, saveStep, type StepAction, type StepContext } from "../step.server";

/** Step 3, "Continue": the design (uploaded now, or one already stored), colours and sizes; on to step 4. */
export const saveDesign: StepAction = (step, formData) => designStep(step, formData, false);

/** Step 3, "This Is My Shirt" (Mug, Hoodie): the same save, staying on step 3 with the design locked in; a design is required. */
export const confirmDesign: StepAction = (step, formData) => designStep(step, formData, true);

async function designStep(step: StepContext, formData: FormData, confirm: boolean) {
  const { user } = step;
  const current = step.campaign ?? step.copyFrom;
  // The sizes are checked against the product saved in step 1.
  const schema = productDesignSchema({ productType: current?.productType ?? "t-shirt" });
  const submission = parseWithZod(withDesignFileFlag(formData, formFile(formData, "designFile") !== undefined), { schema });
  if (submission.status !== "success") return invalid(submission.reply());
  // Stored only once the step is known good, so a refused step leaves no file behind.
  const design = await takeUpload(formData, "designFile", "custom_design", user);
  if (design.kind === "refused") return uploadRefused(submission.reply({ fieldErrors: { designFile: [design.message] } }), design);
  const { designMode, designPrompt, selectedColors, selectedSizes } = submission.value;
  // A design URL from the form must be the campaign's current one or the user's own design.
  const formDesignUrl = submission.value.finalDesignUrl;
  const currentDesign = { kept: [current?.finalDesignUrl], kinds: DESIGN_IMAGE_KINDS };
  if (design.kind !== "stored" && formDesignUrl && !(await mayStoreImageUrl(user?.id ?? null, formDesignUrl, currentDesign))) {
    return invalid(submission.reply({ fieldErrors: { finalDesignUrl: [CAMPAIGN_MESSAGES.designNotYours] } }), {
      type: "error",
      title: "Upload Failed",
      description: CAMPAIGN_MESSAGES.designNotYours,
    });
  }
  const finalDesignUrl = design.kind === "stored" ? design.url : formDesignUrl || null;
  const chosenAiId = finalDesignUrl && user ? await aiDesignIdFor(user.id, finalDesignUrl) : null;
  if (confirm && !finalDesignUrl && design.kind !== "visitor") {
    return invalid(submission.reply(), {
      type: "error",
      title: "No Design Locked In",
      description: "Please upload or select an AI design first.",
    });
  }
  const saved = await saveStep(step, {
    designMode,
    designPrompt,
    finalDesignUrl,
    selectedAiDesignId: chosenAiId,
    ...(design.kind === "stored" ? { customDesignUrl: design.url } : {}),
    selectedColors: selectedColors.join(","),
    selectedSizes: selectedSizes.join(","),
  });
  const pending = previewAfterLogin(design.kind === "visitor" ? [design.name] : []);
  if (!confirm) return nextStep(step, saved, 4, pending);
  const product = saved.productType;
  const lockedIn = {
    type: "success",
    title: "Design Locked In",
    description: `This is your ${productNoun(product)}. Choose ${productHasSizes(product) ? "colours and sizes" : "colours"}, then continue.`,
  } as const;
  return nextStep(step, saved, 3, pending ?? lockedIn, { mode: designMode });
}
