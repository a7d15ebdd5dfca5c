import { parseWithZod } from "@conform-to/zod/v4";
import { parseOtherLanguages } from "../../../domain/entrant-language";
import { campaignWindow, DEFAULT_TIME_ZONE, isSupportedTimeZone, TIME_ZONE_INVALID } from "../../../domain/campaign-time-zone";
import { CAMPAIGN_MESSAGES, dollarsToCents, entryRulesSchema } from "../../../domain/campaign-schemas";
import type { ToastInput } from "../../core/toast.server";
import { draftPrizes } from "../drafts.server";
import { mayStoreImageUrl, PRIZE_IMAGE_KINDS, takeUpload } from "../images.server";
import type { PrizeInput } from "../persist.server";
import { invalid, nextStep, saveStep, type StepAction } from "../step.server";

/** Step 4: dates, entry rules, the entrants' coupon, the winner's bonus gift and the additional prizes. */
export const saveEntryRules: StepAction = async (step, formData) => {
  const { user, campaign } = step;
  const submission = parseWithZod(formData, { schema: entryRulesSchema({ today: new Date() }) });
  // Add/remove prize buttons are Conform intents: the page comes back with the list changed, and
  // without errors: nothing was submitted yet, so a new prize's empty title (or a reward's field) is
  // not "required" until Continue.
  if (submission.status !== "success") {
    if (submission.status === "error") return invalid(submission.reply());
    const { error: _notYet, ...unchecked } = submission.reply();
    return invalid(unchecked, null, 200);
  }
  const value = submission.value;
  // The dates are the chosen zone's 00:00 and 23:59, stored as instants (decision 095).
  const timeZone = value.timeZone || DEFAULT_TIME_ZONE;
  if (!isSupportedTimeZone(timeZone)) return invalid(submission.reply({ fieldErrors: { timeZone: [TIME_ZONE_INVALID] } }));
  const dates = campaignWindow(value.startDate, value.durationDays, timeZone);
  if (!dates) return invalid(submission.reply({ fieldErrors: { startDate: ["Start date is required."] } }));
  // A prize image kept from the form must be one of the campaign's own or the user's upload;
  // checked before any file is stored, so a refusal leaves nothing behind.
  const currentPrizes = campaign ? await draftPrizes(campaign.id) : (step.copyFrom?.additionalPrizes ?? []);
  const prizeImages = { kept: currentPrizes.map((p) => p.imageUrl), kinds: PRIZE_IMAGE_KINDS };
  const keptImages: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  const refusedRanks: number[] = [];
  for (const [index, prize] of value.additionalPrizes.entries()) {
    const name = `additionalPrizes[${index}].imageUrl`;
    const kept = formData.get(name) ?? "";
    const url = typeof kept === "string" ? kept.trim() : null;
    if (url === null || (url && !(await mayStoreImageUrl(user?.id ?? null, url, prizeImages)))) {
      fieldErrors[name] = [CAMPAIGN_MESSAGES.imageNotYours];
      refusedRanks.push(prize.rank);
    }
    keptImages.push(url ?? "");
  }
  if (refusedRanks.length) {
    const description = refusedRanks.map((rank) => `Prize ${rank} image: ${CAMPAIGN_MESSAGES.imageNotYours}`).join(" ");
    return invalid(submission.reply({ fieldErrors }), { type: "error", title: "Upload Failed", description });
  }
  const warnings: string[] = [];
  const gift = value.giveBonusGiftToWinner
    ? await takeUpload(formData, "winnerBonusGiftImageFile", "gift_image", user)
    : ({ kind: "none" } as const);
  if (gift.kind === "refused") warnings.push(`Bonus gift image: ${gift.message}`);
  const prizes: PrizeInput[] = [];
  for (const [index, prize] of value.additionalPrizes.entries()) {
    const image = await takeUpload(formData, `additionalPrizes[${index}].imageFile`, "prize_image", user);
    if (image.kind === "refused") warnings.push(`Prize ${prize.rank} image: ${image.message}`);
    const imageUrl = image.kind === "stored" ? image.url : keptImages[index] || null;
    prizes.push({
      rank: prize.rank,
      title: prize.title,
      code: prize.code || null,
      imageUrl,
      kind: prize.kind,
      needsAddress: prize.needsAddress,
      valueCents: dollarsToCents(prize.value),
    });
  }
  const {
    additionalPrizes: _prizes,
    startDate: _start,
    timeZone: _zone,
    shipScope: _shipScope,
    prizeValue,
    language,
    otherLanguages,
    ...rest
  } = value;
  // Decision 097: saved with the select; a form without it leaves them as they are.
  const languages = language ? { language, otherLanguages: parseOtherLanguages(otherLanguages.join(","), language).join(",") } : {};
  // The prizes are replaced in the same transaction as the step's conditional write.
  const saved = await saveStep(
    step,
    {
      ...rest,
      ...languages,
      startDate: dates.start,
      timeZone,
      prizeValueCents: dollarsToCents(prizeValue),
      endDate: dates.end,
      winnerBonusGiftImageUrl: !value.giveBonusGiftToWinner
        ? null
        : gift.kind === "stored"
          ? gift.url
          : (campaign?.winnerBonusGiftImageUrl ?? null),
    },
    prizes,
  );
  // Gift and prize image problems only warn (SPEC error catalogue); the step is saved.
  const warning: ToastInput | null = warnings.length ? { type: "error", title: "Upload Failed", description: warnings.join(" ") } : null;
  return nextStep(step, saved, 5, warning);
};
