import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FROZEN_REASON, LiveEditSchema, platformHandleHint, type LiveEditPage } from "~/domain/live-edit";
import { FormErrors } from "../ui/field";
import { AccentColorField, PageLayoutField } from "./brand-page-fields";
import { ImageField, InputField, TextAreaField } from "../ui/form-fields";
import { Section, StepHeading } from "./step-layout";
import { myCampaignsPath } from "~/paths";
import type { CreatorActionsView } from "~/domain/entry-action-forms";
import { EntryActionsForms, EntryActionsSection } from "../entry-actions/entry-actions-section";

/**
 * A live campaign's edit page (decision 048): its presentation as a form, and what the official
 * rules and the draw depend on shown read-only with the reason. A plain multipart POST to the same
 * address, so it works without JavaScript.
 */
export function LiveEditForm({
  page,
  actions,
  lastResult,
  actionResult,
  viewHref,
}: {
  page: LiveEditPage;
  /** The entry actions section (decision 076): added until the entry list is frozen, locked once completed. */
  actions: CreatorActionsView;
  lastResult: SubmissionResult<string[]> | null | undefined;
  actionResult: SubmissionResult<string[]> | null | undefined;
  viewHref: string;
}) {
  const [form, fields] = useForm({
    id: "live-edit",
    lastResult,
    defaultValue: page.values as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LiveEditSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const v = page.values;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={myCampaignsPath()} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          ← Back to My Campaigns
        </Link>
        <Link to={viewHref} reloadDocument className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          View the live page
        </Link>
      </div>
      <StepHeading text="Your giveaway is live. Its presentation is yours to change; the changes show on its page at once.">
        Edit live campaign
      </StepHeading>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <input type="hidden" name="intent" value="live-edit" />
        <FormErrors id={form.errorId} errors={form.errors} />

        <Section title="Giveaway details">
          <InputField meta={fields.title} label="Giveaway Title" maxLength={100} />
          <TextAreaField meta={fields.description} label="Description" maxLength={500} />
          <InputField
            meta={fields.campaignCopy}
            label="Share text (optional)"
            maxLength={200}
            hint="What search results and shared links show under the title. Leave empty to use the description."
          />
        </Section>

        <Section title="Your brand">
          <InputField meta={fields.brandUrl} label="Brand URL" placeholder="example.com" />
          <div className="grid gap-4 sm:grid-cols-3">
            {/* A platform listed at launch may be corrected, not removed; none may be added (decision 057). */}
            <InputField
              meta={fields.instagramHandle}
              label="Instagram"
              placeholder="@yourbrand"
              required={Boolean(v.instagramHandle)}
              disabled={!v.instagramHandle}
              hint={platformHandleHint("Instagram", Boolean(v.instagramHandle))}
            />
            <InputField
              meta={fields.xHandle}
              label="X (Twitter)"
              placeholder="@yourbrand"
              required={Boolean(v.xHandle)}
              disabled={!v.xHandle}
              hint={platformHandleHint("X", Boolean(v.xHandle))}
            />
            <InputField
              meta={fields.tiktokHandle}
              label="TikTok"
              placeholder="@yourbrand"
              required={Boolean(v.tiktokHandle)}
              disabled={!v.tiktokHandle}
              hint={platformHandleHint("TikTok", Boolean(v.tiktokHandle))}
            />
          </div>
          <InputField
            meta={fields.supportEmail}
            label="Support email (optional)"
            type="email"
            placeholder="help@example.com"
            hint="Winners' replies to our emails go here."
            autoComplete="email"
          />
          <ImageField
            name="logoFile"
            label="Brand Logo"
            limitMb={5}
            currentUrl={v.logoUrl}
            removeName="removeLogo"
            signedIn
            errors={errors.logoFile}
          />
        </Section>

        <Section title="Your campaign page">
          <ImageField
            name="coverFile"
            label="Cover Image (wide, shown across the top of the campaign page)"
            limitMb={10}
            currentUrl={v.coverImageUrl}
            removeName="removeCover"
            signedIn
            errors={errors.coverFile}
          />
          <PageLayoutField name={fields.pageLayout.name} value={v.pageLayout ?? ""} errors={fields.pageLayout.errors} />
          <AccentColorField meta={fields.accentColor} />
        </Section>

        {page.has.bonusItem || page.has.entrantCoupon || page.has.winnerGift || page.prizes.length ? (
          <Section title="Rewards and prizes: descriptions and pictures">
            {page.has.bonusItem ? (
              <>
                <TextAreaField meta={fields.productDescription} label="Bonus Description" rows={3} maxLength={300} />
                <ImageField
                  name="productImageFile"
                  label="Bonus Item Image"
                  limitMb={10}
                  currentUrl={v.productImageUrl}
                  removeName="removeProductImage"
                  signedIn
                  errors={errors.productImageFile}
                />
              </>
            ) : null}
            {page.has.entrantCoupon ? (
              <TextAreaField meta={fields.entrantCouponDescription} label="Coupon Description" rows={2} maxLength={200} />
            ) : null}
            {page.has.winnerGift ? (
              <>
                <TextAreaField meta={fields.winnerBonusGiftInstructions} label="Bonus Gift Instructions" rows={3} maxLength={500} />
                <ImageField
                  name="winnerBonusGiftImageFile"
                  label="Bonus Gift Image"
                  limitMb={2}
                  currentUrl={v.winnerBonusGiftImageUrl}
                  removeName="removeWinnerBonusGiftImage"
                  signedIn
                  errors={errors.winnerBonusGiftImageFile}
                />
              </>
            ) : null}
            {page.prizes.map((prize, index) => (
              <div key={prize.rank}>
                <input type="hidden" name={`additionalPrizes[${index}].imageUrl`} value={prize.imageUrl ?? ""} />
                <ImageField
                  name={`additionalPrizes[${index}].imageFile`}
                  label={`Prize ${prize.rank} picture: ${prize.title}`}
                  limitMb={2}
                  currentUrl={prize.imageUrl}
                  signedIn
                  errors={errors[`additionalPrizes[${index}].imageFile`] ?? errors[`additionalPrizes[${index}].imageUrl`]}
                />
              </div>
            ))}
          </Section>
        ) : null}

        <section className="card space-y-3 p-5 sm:p-6" aria-labelledby="frozen-heading" data-testid="frozen-fields">
          <h2 id="frozen-heading" className="text-lg font-semibold">
            Fixed at launch
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{FROZEN_REASON}</p>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {page.frozen.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-medium text-slate-700 dark:text-slate-300">{row.label}</dt>
                <dd className="min-w-0 wrap-anywhere text-slate-900 dark:text-slate-100">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Save changes"}
          </button>
        </div>
      </Form>
      <div className="mt-6">
        <Section title="Entry actions">
          <EntryActionsSection view={actions} result={actionResult} hidden={{}} live />
        </Section>
        <EntryActionsForms view={actions} hidden={{}} />
      </div>
    </div>
  );
}
