import { parseWithZod } from "@conform-to/zod/v4";
import { CampaignInfoSchema, DEFAULT_GARMENT_SIZES, madeProductColors, sizesAfterProductChange } from "../../../domain/campaign-schemas";
import { previewAfterLogin, takeUpload, uploadRefused } from "../images.server";
import { planHasCustomBranding } from "../page.server";
import { invalid, nextStep, saveStep, type StepAction } from "../step.server";

/**
 * Step 1: the campaign, the brand and the product, with the logo, the campaign page's cover image and
 * accent colour, and the promoted product's image.
 */
export const saveCampaignInfo: StepAction = async (step, formData) => {
  const submission = parseWithZod(formData, { schema: CampaignInfoSchema });
  if (submission.status !== "success") return invalid(submission.reply());
  const value = submission.value;
  const pending: string[] = [];
  const logo = await takeUpload(formData, "logoFile", "logo", step.user);
  if (logo.kind === "refused") return uploadRefused(submission.reply({ fieldErrors: { logoFile: [logo.message] } }), logo);
  if (logo.kind === "visitor") pending.push(logo.name);
  // The cover is a wide photo like a product picture: the same limits (10 MB, 2000 px), the same folder.
  const cover = await takeUpload(formData, "coverFile", "product_image", step.user);
  if (cover.kind === "refused") return uploadRefused(submission.reply({ fieldErrors: { coverFile: [cover.message] } }), cover);
  if (cover.kind === "visitor") pending.push(cover.name);
  const productImage = value.isPromotingProduct
    ? await takeUpload(formData, "productImageFile", "product_image", step.user)
    : ({ kind: "none" } as const);
  if (productImage.kind === "refused") {
    return uploadRefused(submission.reply({ fieldErrors: { productImageFile: [productImage.message] } }), productImage);
  }
  if (productImage.kind === "visitor") pending.push(productImage.name);
  // Sizes chosen for another product that this one is not made in (a t-shirt's XS, now a hoodie) go;
  // a mug keeps none, and a garment left with none gets the default sizes.
  const sizesBefore = (step.campaign ?? step.copyFrom)?.selectedSizes ?? DEFAULT_GARMENT_SIZES.join(",");
  const selectedSizes = sizesAfterProductChange(value.productType, sizesBefore);
  // Likewise colours: a mug is made in White only, so a shirt's Black goes when it becomes a mug.
  const colorsBefore = (step.campaign ?? step.copyFrom)?.selectedColors ?? "white";
  const madeColors = madeProductColors(value.productType, colorsBefore).join(",");
  // Dropping "Powered by Giveawear" is a custom-branding plan's feature: without one the choice is not kept.
  const planId = (step.campaign ?? step.copyFrom)?.planId;
  const hideGiveawearBranding = value.hideGiveawearBranding && (await planHasCustomBranding(planId));
  const saved = await saveStep(step, {
    ...value,
    hideGiveawearBranding,
    ...(selectedSizes !== null ? { selectedSizes } : {}),
    ...(madeColors !== colorsBefore ? { selectedColors: madeColors } : {}),
    ...(logo.kind === "stored" ? { logoUrl: logo.url } : formData.get("removeLogo") === "on" ? { logoUrl: null } : {}),
    ...(cover.kind === "stored" ? { coverImageUrl: cover.url } : formData.get("removeCover") === "on" ? { coverImageUrl: null } : {}),
    // "No" removes the bonus image along with its text (SPEC 4).
    ...(!value.isPromotingProduct
      ? { productImageUrl: null }
      : productImage.kind === "stored"
        ? { productImageUrl: productImage.url }
        : formData.get("removeProductImage") === "on"
          ? { productImageUrl: null }
          : {}),
  });
  return nextStep(step, saved, 2, previewAfterLogin(pending));
};
