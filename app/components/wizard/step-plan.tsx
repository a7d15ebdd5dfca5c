import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { PlanSelectionSchema, productNoun } from "~/domain/campaign-schemas";
import { analyticsIncludes, ANALYTICS_LEVEL_LABELS } from "~/domain/plan-features";
import { formatPrice, type ActivePlan } from "~/domain/plans";
import { FieldErrors } from "../ui/field";
import { HiddenStepFields, StepHeading } from "./step-layout";
import { ContinueButton, stepFormOptions, type StepProps } from "./step-campaign-info";
import { StepActions } from "./wizard-shell";

export function PlanStep(props: StepProps & { plans: ActivePlan[] }) {
  const [form, fields] = useForm({
    ...stepFormOptions("plan", props),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlanSelectionSchema }),
  });
  const selected = fields.planId.initialValue;
  return (
    <Form method="post" {...getFormProps(form)}>
      <HiddenStepFields step={2} duplicateId={props.duplicateId} />
      <StepHeading
        text={`Every plan includes the ${productNoun(props.values.productType)}, the giveaway page, the draw and shipping to your winner.`}
      >
        Step 2: Select Plan
      </StepHeading>
      <fieldset aria-describedby={fields.planId.errorId}>
        <legend className="sr-only">Plans</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {props.plans.map((plan) => (
            <label
              key={plan.id}
              className="card relative flex cursor-pointer flex-col p-5 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
            >
              {plan.popular ? (
                <span className="absolute -top-3 right-4 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </span>
              ) : null}
              <span className="flex items-center justify-between gap-3">
                <span className="text-lg font-semibold">{plan.name}</span>
                <input
                  type="radio"
                  name={fields.planId.name}
                  value={plan.id}
                  defaultChecked={selected === plan.id}
                  className="h-5 w-5 accent-brand-700"
                />
              </span>
              <span className="mt-2 text-3xl font-bold">{formatPrice(plan.priceCents)}</span>
              {plan.description ? <span className="mt-2 text-sm text-slate-700 dark:text-slate-300">{plan.description}</span> : null}
              <ul className="mt-4 space-y-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-brand-700 dark:text-brand-300">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              {/* What the plan's analytics level and branding really give (decision 046), whatever the feature text says. */}
              <span className="mt-4 border-t border-slate-200 pt-3 text-xs text-slate-700 dark:border-slate-700 dark:text-slate-300">
                <span className="font-semibold">{ANALYTICS_LEVEL_LABELS[plan.analyticsLevel]}:</span>{" "}
                {analyticsIncludes(plan.analyticsLevel).join("; ").toLowerCase().replace("csv", "CSV")}.
                {plan.customBranding ? ' You may remove the "Powered by Giveawear" line from the campaign page and its emails.' : ""}
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={fields.planId.errorId} errors={fields.planId.errors} />
      </fieldset>
      <StepActions backHref={props.backHref}>
        <ContinueButton />
      </StepActions>
    </Form>
  );
}
