import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CampaignInfoSchema, PRODUCT_TYPES } from "~/domain/campaign-schemas";
import type { WizardValues } from "~/domain/wizard";
import { FieldErrors, FormErrors } from "../ui/field";
import { AccentColorField, HideBrandingField, PageLayoutField } from "./brand-page-fields";
import { ChoiceChip, ImageField, InputField, TextAreaField } from "../ui/form-fields";
import { HiddenStepFields, Section, StepHeading } from "./step-layout";
import { StepActions } from "./wizard-shell";

export interface StepProps {
  values: WizardValues;
  lastResult: SubmissionResult<string[]> | null | undefined;
  duplicateId: string | null;
  backHref: string | null;
}

/** Options every step's form shares: validate on submit, then as you type (blur errors would shift the page under the buttons). */
export function stepFormOptions(id: string, { values, lastResult }: Pick<StepProps, "values" | "lastResult">) {
  return {
    id,
    lastResult,
    // The draft's values cover every step; each form reads the fields it has.
    defaultValue: values as never,
    shouldValidate: "onSubmit" as const,
    shouldRevalidate: "onInput" as const,
  };
}

export function ContinueButton({ label = "Continue" }: { label?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" name="intent" value="next" className="btn-primary" disabled={busy}>
      {busy ? "Saving..." : label}
    </button>
  );
}

export function CampaignInfoStep(props: StepProps & { signedIn: boolean; branding?: { planChosen: boolean; customBranding: boolean } }) {
  const [form, fields] = useForm({
    ...stepFormOptions("campaign-info", props),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CampaignInfoSchema }),
  });
  const errors = (props.lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      <HiddenStepFields step={1} duplicateId={props.duplicateId} />
      <StepHeading text="Tell entrants what they can win and who is giving it away.">Step 1: Campaign Info &amp; Branding</StepHeading>
      <FormErrors id={form.errorId} errors={form.errors} />

      <Section title="Giveaway details">
        <InputField meta={fields.title} label="Giveaway Title" placeholder="Win our limited summer tee" maxLength={100} />
        <TextAreaField meta={fields.description} label="Description" maxLength={500} />
        <fieldset>
          <legend className="label">Product</legend>
          <div className="grid grid-cols-3 gap-2">
            {PRODUCT_TYPES.map((type) => (
              <ChoiceChip
                key={type.key}
                type="radio"
                name={fields.productType.name}
                value={type.key}
                defaultChecked={(fields.productType.initialValue ?? "t-shirt") === type.key}
                className="justify-center p-3"
              >
                {type.label}
              </ChoiceChip>
            ))}
          </div>
          <FieldErrors id={fields.productType.errorId} errors={fields.productType.errors} />
        </fieldset>
      </Section>

      <Section title="Your brand">
        <InputField meta={fields.brandName} label="Brand Name" maxLength={50} autoComplete="organization" />
        <InputField
          meta={fields.brandUrl}
          label="Brand URL"
          placeholder="example.com"
          hint="Your website; https:// is added when you leave it out."
          autoComplete="url"
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField meta={fields.instagramHandle} label="Instagram" placeholder="@yourbrand" />
          <InputField meta={fields.xHandle} label="X (Twitter)" placeholder="@yourbrand" />
          <InputField meta={fields.tiktokHandle} label="TikTok" placeholder="@yourbrand" />
        </div>
        <InputField
          meta={fields.supportEmail}
          label="Support email (optional)"
          type="email"
          placeholder="help@example.com"
          hint="Where winners' replies to our emails go. You can change it after launch."
          autoComplete="email"
        />
        <ImageField
          name="logoFile"
          label="Brand Logo"
          limitMb={5}
          currentUrl={props.values.logoUrl}
          removeName="removeLogo"
          signedIn={props.signedIn}
          errors={errors.logoFile}
        />
      </Section>

      <Section title="Your campaign page">
        <ImageField
          name="coverFile"
          label="Cover Image (wide, shown across the top of the campaign page)"
          limitMb={10}
          currentUrl={props.values.coverImageUrl}
          removeName="removeCover"
          signedIn={props.signedIn}
          errors={errors.coverFile}
        />
        <PageLayoutField name={fields.pageLayout.name} value={props.values.pageLayout} errors={fields.pageLayout.errors} />
        <AccentColorField meta={fields.accentColor} />
        <HideBrandingField
          name={fields.hideGiveawearBranding.name}
          defaultChecked={props.values.hideGiveawearBranding === "on"}
          planChosen={props.branding?.planChosen ?? false}
          customBranding={props.branding?.customBranding ?? false}
        />
      </Section>

      <Section title="Bonus prize">
        <div className="bonus-fields-wrap space-y-4">
          <fieldset>
            <legend className="label">Offering a bonus product/service (besides the printed prize)?</legend>
            <div className="flex gap-3">
              {(["yes", "no"] as const).map((choice) => (
                <ChoiceChip
                  key={choice}
                  type="radio"
                  name={fields.isPromotingProduct.name}
                  value={choice}
                  defaultChecked={(fields.isPromotingProduct.initialValue ?? "no") === choice}
                  className="px-4 py-2"
                >
                  {choice === "yes" ? "Yes" : "No"}
                </ChoiceChip>
              ))}
            </div>
          </fieldset>
          <div className="bonus-fields space-y-4">
            <InputField meta={fields.productTitle} label="Bonus Item Title" maxLength={100} />
            <InputField meta={fields.productValue} label="Approximate Value" placeholder="$25" maxLength={30} />
            <TextAreaField meta={fields.productDescription} label="Bonus Description" rows={3} maxLength={300} />
            <ImageField
              name="productImageFile"
              label="Bonus Item Image"
              limitMb={10}
              currentUrl={props.values.productImageUrl}
              removeName="removeProductImage"
              signedIn={props.signedIn}
              errors={errors.productImageFile}
            />
          </div>
        </div>
      </Section>

      <StepActions backHref={props.backHref}>
        <ContinueButton />
      </StepActions>
    </Form>
  );
}
