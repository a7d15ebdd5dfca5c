import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "react-router";
import { SHIRT_COLORS, SHIRT_SIZES, ShirtDesignSchema } from "~/domain/campaign-schemas";
import { FieldErrors, FormErrors } from "../ui/field";
import { ChoiceChip, HiddenStepFields, ImageField, Section, StepHeading } from "./fields";
import { ContinueButton, stepFormOptions, type StepProps } from "./step-campaign-info";
import { StepActions } from "./wizard-shell";

export function ShirtDesignStep(
  props: StepProps & { signedIn: boolean; credits: number; modeHref: (mode: "upload" | "ai") => string; signInHref: string },
) {
  const [form, fields] = useForm({
    ...stepFormOptions("shirt-design", props),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShirtDesignSchema }),
  });
  const mode = props.values.designMode;
  const errors = (props.lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const colors = (fields.selectedColors.initialValue as string[] | undefined) ?? props.values.selectedColors;
  const sizes = (fields.selectedSizes.initialValue as string[] | undefined) ?? props.values.selectedSizes;
  const designUrl = props.values.finalDesignUrl;
  const tabClass = (active: boolean) =>
    `flex-1 rounded-lg px-4 py-2.5 text-center text-sm font-semibold ${active ? "bg-white shadow dark:bg-slate-700" : "text-slate-700 hover:text-slate-900 dark:text-slate-300"}`;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      <HiddenStepFields step={3} duplicateId={props.duplicateId} />
      <input type="hidden" name="designMode" value={mode} />
      <input type="hidden" name="finalDesignUrl" value={designUrl} />
      <StepHeading text="Upload your artwork or let the AI designer make one, then pick colours and sizes.">
        Step 3: T-Shirt Design
      </StepHeading>
      <FormErrors id={form.errorId} errors={form.errors} />

      <div role="tablist" aria-label="Design source" className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        <Link to={props.modeHref("upload")} role="tab" aria-selected={mode === "upload"} className={tabClass(mode === "upload")} replace>
          Upload Your Own
        </Link>
        <Link to={props.modeHref("ai")} role="tab" aria-selected={mode === "ai"} className={tabClass(mode === "ai")} replace>
          Use AI Designer
        </Link>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title={mode === "upload" ? "Your design" : "AI designer"}>
          {mode === "upload" ? (
            <>
              <ImageField
                name="designFile"
                label="Custom Design"
                limitMb={5}
                currentUrl={null}
                signedIn={props.signedIn}
                errors={errors.designFile}
              />
              <button type="submit" name="intent" value="confirm-design" className="btn-secondary w-full">
                This Is My Shirt
              </button>
            </>
          ) : (
            <div className="space-y-4">
              <div>
                <label htmlFor={fields.designPrompt.id} className="label">
                  Describe your design
                </label>
                <textarea
                  id={fields.designPrompt.id}
                  name={fields.designPrompt.name}
                  defaultValue={(fields.designPrompt.initialValue as string | undefined) ?? ""}
                  rows={3}
                  className="input"
                  aria-invalid={fields.designPrompt.errors ? true : undefined}
                />
                <FieldErrors id={fields.designPrompt.errorId} errors={fields.designPrompt.errors} />
              </div>
              <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
                Generating designs from your prompts arrives with the AI designer. Until then, upload your own artwork.
                {props.signedIn ? ` You have ${props.credits} AI design credits.` : ""}
              </p>
              {!props.signedIn ? (
                <Link to={props.signInHref} className="btn-secondary w-full">
                  Sign In &amp; Generate Designs
                </Link>
              ) : null}
            </div>
          )}
        </Section>

        <Section title="Preview">
          {designUrl ? (
            <div>
              <img
                src={designUrl}
                alt="Your confirmed design"
                width={320}
                height={320}
                className="mx-auto aspect-square w-full max-w-xs rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0%_25%,transparent_0%_50%)] bg-[length:20px_20px] object-contain dark:border-slate-700"
              />
              <p className="mt-2 text-center text-sm font-medium text-emerald-700 dark:text-emerald-400">Design locked in</p>
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
              No design yet. Upload one and press “This Is My Shirt”.
            </p>
          )}
          <FieldErrors id={fields.finalDesignUrl.errorId} errors={fields.finalDesignUrl.errors} />
        </Section>
      </div>

      <Section title="Colours and sizes">
        <fieldset aria-describedby={fields.selectedColors.errorId}>
          <legend className="label">Shirt colours</legend>
          <div className="flex flex-wrap gap-3">
            {SHIRT_COLORS.map((color) => (
              <ChoiceChip
                key={color.key}
                type="checkbox"
                name={fields.selectedColors.name}
                value={color.key}
                defaultChecked={colors.includes(color.key)}
                className="px-3 py-2"
              >
                <span aria-hidden="true" className="h-5 w-5 rounded-full border border-slate-400" style={{ backgroundColor: color.hex }} />
                {color.name}
              </ChoiceChip>
            ))}
          </div>
          <FieldErrors id={fields.selectedColors.errorId} errors={fields.selectedColors.errors} />
        </fieldset>
        <fieldset aria-describedby={fields.selectedSizes.errorId}>
          <legend className="label">Sizes</legend>
          <div className="flex flex-wrap gap-2">
            {SHIRT_SIZES.map((size) => (
              <ChoiceChip
                key={size}
                type="checkbox"
                name={fields.selectedSizes.name}
                value={size}
                defaultChecked={sizes.includes(size)}
                className="min-w-14 justify-center px-3 py-2"
              >
                {size}
              </ChoiceChip>
            ))}
          </div>
          <FieldErrors id={fields.selectedSizes.errorId} errors={fields.selectedSizes.errors} />
        </fieldset>
      </Section>

      <StepActions backHref={props.backHref}>
        <ContinueButton />
      </StepActions>
    </Form>
  );
}
