import type { AiCreditFigures } from "~/domain/ai-credits";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link } from "react-router";
import { designPreviewUrl } from "~/domain/ai-prompts";
import {
  confirmDesignLabel,
  madeProductColors,
  productColors,
  productDesignSchema,
  productHasSizes,
  productLabel,
  productNoun,
  productSizes,
} from "~/domain/campaign-schemas";
import { hardToSeeMessage } from "~/domain/design-contrast";
import type { SavedDesign, WizardAiDesign } from "~/domain/wizard";
import { Confetti } from "../ui/confetti";
import { FieldErrors, FormErrors } from "../ui/field";
import { useHydrated } from "../ui/use-hydrated";
import { AiDesigner } from "./ai-designer";
import { MockupStrip } from "./mockup-strip";
import { ChoiceChip, ImageField } from "../ui/form-fields";
import { HiddenStepFields, Section, StepHeading } from "./step-layout";
import { ContinueButton, stepFormOptions, type StepProps } from "./step-campaign-info";
import { StepActions } from "./wizard-shell";

export function ProductDesignStep(
  props: StepProps & {
    signedIn: boolean;
    credits: AiCreditFigures;
    aiDesigns: WizardAiDesign[];
    savedDesigns: SavedDesign[];
    /** Colours the chosen design has too little contrast with (computed on the server from its pixels). */
    hardToSeeColors?: readonly string[];
    /** No Ideogram key: the designer is the built-in one, and says so. */
    aiBuiltIn?: boolean;
    reuseHref: (designUrl: string) => string;
    justGenerated: boolean;
    generateAction: string;
    modeHref: (mode: "upload" | "ai") => string;
    signInHref: string;
  },
) {
  // Sizes depend on the product chosen in step 1: a hoodie, for one, is not made in XS, and a mug has none.
  const productType = props.values.productType;
  const hasSizes = productHasSizes(productType);
  const [form, fields] = useForm({
    ...stepFormOptions("product-design", props),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productDesignSchema({ productType }) }),
  });
  const hydrated = useHydrated();
  const mode = props.values.designMode;
  const errors = (props.lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  // Only the colours the product is made in are offered (a mug: White); a leftover is not shown ticked.
  const offeredColors = productColors(productType);
  const colors = madeProductColors(
    productType,
    (fields.selectedColors.initialValue as string[] | undefined) ?? props.values.selectedColors,
  );
  // With JavaScript the preview follows the colours as they are ticked; without, it shows the saved ones.
  const [previewColors, setPreviewColors] = useState<string[]>(colors);
  const label = productLabel(productType);
  const noun = productNoun(productType);
  const confirmLabel = confirmDesignLabel(productType);
  const sizes = (fields.selectedSizes.initialValue as string[] | undefined) ?? props.values.selectedSizes;
  const designUrl = props.values.finalDesignUrl;
  const chosen = props.aiDesigns.find((d) => d.designUrl === designUrl);
  const previewUrl = chosen?.previewUrl ?? (designUrl ? designPreviewUrl(designUrl) : "");
  const tabClass = (active: boolean) =>
    `flex-1 rounded-lg px-4 py-2.5 text-center text-sm font-semibold ${active ? "bg-white shadow dark:bg-slate-700" : "text-slate-700 hover:text-slate-900 dark:text-slate-300"}`;

  return (
    <div className="space-y-6">
      {props.justGenerated && hydrated ? <Confetti pieces={150} durationMs={5000} /> : null}
      <StepHeading text={`Upload your artwork or let the AI designer make one, then pick ${hasSizes ? "colours and sizes" : "colours"}.`}>
        Step 3: {label} Design
      </StepHeading>

      <div role="tablist" aria-label="Design source" className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        <Link to={props.modeHref("upload")} role="tab" aria-selected={mode === "upload"} className={tabClass(mode === "upload")} replace>
          Upload Your Own
        </Link>
        <Link to={props.modeHref("ai")} role="tab" aria-selected={mode === "ai"} className={tabClass(mode === "ai")} replace>
          Use AI Designer
        </Link>
      </div>

      {mode === "ai" ? (
        <AiDesigner
          prompts={props.values.aiPrompts}
          credits={props.credits}
          signedIn={props.signedIn}
          signInHref={props.signInHref}
          action={props.generateAction}
          duplicateId={props.duplicateId}
          builtIn={props.aiBuiltIn}
        />
      ) : null}

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <HiddenStepFields step={3} duplicateId={props.duplicateId} />
        <input type="hidden" name="designMode" value={mode} />
        <input type="hidden" name="designPrompt" value={props.values.aiPrompts.find((p) => p.trim()) ?? ""} />
        <FormErrors id={form.errorId} errors={form.errors} />

        <div className="grid gap-6 md:grid-cols-2">
          {mode === "upload" ? (
            <Section title="Your design">
              <input type="hidden" name="finalDesignUrl" value={designUrl} />
              <ImageField
                name="designFile"
                label="Custom Design"
                limitMb={5}
                currentUrl={null}
                signedIn={props.signedIn}
                errors={errors.designFile}
              />
              <button type="submit" name="intent" value="confirm-design" className="btn-secondary w-full">
                {confirmLabel}
              </button>
              {props.savedDesigns.length ? (
                <div>
                  <h3 className="label">Reuse a saved design</h3>
                  <ul className="flex gap-2 overflow-x-auto pb-1">
                    {props.savedDesigns.map((saved) => (
                      <li key={saved.id} className="shrink-0">
                        <Link to={props.reuseHref(saved.designUrl)} replace className="block w-20 text-center text-xs" title={saved.name}>
                          <img
                            src={saved.previewUrl}
                            // The link's text below names it.
                            alt=""
                            width={80}
                            height={80}
                            loading="lazy"
                            className="h-20 w-20 rounded-lg border border-slate-200 bg-slate-50 object-contain dark:border-slate-700 dark:bg-slate-800"
                          />
                          <span className="mt-1 block truncate">{saved.title}</span>
                          <span className="block truncate text-slate-600 dark:text-slate-400">{saved.label}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Section>
          ) : (
            <Section title="Your designs">
              {props.aiDesigns.length ? (
                <fieldset>
                  <legend className="sr-only">Choose a design</legend>
                  <div className="grid grid-cols-2 gap-3">
                    {props.aiDesigns.map((design, index) => (
                      <label
                        key={design.id}
                        className="cursor-pointer rounded-xl border-2 border-transparent p-1 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                      >
                        <input
                          type="radio"
                          name="finalDesignUrl"
                          value={design.designUrl}
                          defaultChecked={design.designUrl === designUrl}
                          className="sr-only"
                        />
                        <img
                          src={design.previewUrl}
                          alt={`Design ${index + 1}: ${design.prompt}`}
                          width={200}
                          height={200}
                          loading="lazy"
                          className="aspect-square w-full rounded-lg bg-[repeating-conic-gradient(#e2e8f0_0%_25%,transparent_0%_50%)] bg-[length:16px_16px] object-contain"
                        />
                        <span className="mt-1 block truncate text-xs capitalize text-slate-600 dark:text-slate-400">{design.style}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : (
                <>
                  <input type="hidden" name="finalDesignUrl" value={designUrl} />
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    Your generated designs appear here. Pick one, then press “{confirmLabel}”.
                  </p>
                </>
              )}
              <button type="submit" name="intent" value="confirm-design" className="btn-secondary w-full">
                {confirmLabel}
              </button>
              <FieldErrors id={fields.designPrompt.errorId} errors={fields.designPrompt.errors} />
            </Section>
          )}

          <Section title="Preview">
            {previewUrl ? (
              <div>
                <img
                  src={previewUrl}
                  alt="Your confirmed design"
                  width={320}
                  height={320}
                  className="mx-auto aspect-square w-full max-w-xs rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0%_25%,transparent_0%_50%)] bg-[length:20px_20px] object-contain dark:border-slate-700"
                />
                <p className="mt-2 text-center text-sm font-medium text-emerald-700 dark:text-emerald-400">Design locked in</p>
                <div className="mt-4">
                  <MockupStrip designUrl={designUrl} productType={productType} colors={previewColors} />
                </div>
              </div>
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
                No design yet. {mode === "upload" ? `Upload one and press “${confirmLabel}”.` : "Generate designs and pick one."}
              </p>
            )}
            <FieldErrors id={fields.finalDesignUrl.errorId} errors={fields.finalDesignUrl.errors} />
          </Section>
        </div>

        <Section title={hasSizes ? "Colours and sizes" : "Colours"}>
          <fieldset
            aria-describedby={fields.selectedColors.errorId}
            onChange={(event) =>
              setPreviewColors(
                Array.from(
                  event.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${fields.selectedColors.name}"]:checked`),
                ).map((input) => input.value),
              )
            }
          >
            <legend className="label">{`${noun.charAt(0).toUpperCase()}${noun.slice(1)} colours`}</legend>
            {offeredColors.length === 1 ? (
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{`${label}s come in ${offeredColors[0]?.name} only.`}</p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {offeredColors.map((color) => (
                <ChoiceChip
                  key={color.key}
                  type="checkbox"
                  name={fields.selectedColors.name}
                  value={color.key}
                  defaultChecked={colors.includes(color.key)}
                  className="px-3 py-2"
                >
                  <span
                    aria-hidden="true"
                    className="h-5 w-5 rounded-full border border-slate-400"
                    style={{ backgroundColor: color.hex }}
                  />
                  {color.name}
                </ChoiceChip>
              ))}
            </div>
            <FieldErrors id={fields.selectedColors.errorId} errors={fields.selectedColors.errors} />
            {designUrl && props.hardToSeeColors?.length ? (
              <ul className="mt-3 space-y-1" data-testid="contrast-warnings">
                {offeredColors
                  .filter((color) => props.hardToSeeColors?.includes(color.key))
                  .map((color) => (
                    <li
                      key={color.key}
                      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
                    >
                      {hardToSeeMessage(color.name)}
                    </li>
                  ))}
              </ul>
            ) : null}
          </fieldset>
          {hasSizes ? (
            <fieldset aria-describedby={fields.selectedSizes.errorId}>
              <legend className="label">Sizes</legend>
              <div className="flex flex-wrap gap-2">
                {productSizes(productType).map((size) => (
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
          ) : null}
        </Section>

        <StepActions backHref={props.backHref}>
          <ContinueButton />
        </StepActions>
      </Form>
    </div>
  );
}
