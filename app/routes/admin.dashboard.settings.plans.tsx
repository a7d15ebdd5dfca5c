import { formatActionLimit } from "~/domain/entry-actions";
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Badge, SectionCard } from "~/components/admin/admin-page";
import { CheckboxField, InputField, SubmitButton, TextAreaField } from "~/components/ui/form-fields";
import { ActionToast } from "~/components/ui/action-toast";
import { useSubmitting } from "~/components/ui/use-submitting";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { centsToDollars } from "~/domain/form-values";
import { ANALYTICS_LEVEL_ADDS, ANALYTICS_LEVEL_LABELS, ANALYTICS_LEVELS, toAnalyticsLevel } from "~/domain/plan-features";
import { formatEntryLimit, formatPrice, PLAN_LIMITS, PLAN_MESSAGES, PlanSchema } from "~/domain/plans";
import { readForm } from "~/server/core/forms.server";
import { listPlans, savePlan } from "~/server/admin/catalogue.server";
import { answer, refuse } from "~/server/admin/responses.server";
import type { Route } from "./+types/admin.dashboard.settings.plans";

export const meta = () => [{ title: "Plans · Admin · Giveawear" }];

const HERE = "/admin/dashboard/settings/plans";

export async function loader() {
  const plans = await listPlans();
  return {
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      priceCents: plan.priceCents,
      entryLimit: plan.entryLimit,
      entryActionLimit: plan.entryActionLimit,
      aiCredits: plan.aiCredits,
      features: plan.features,
      description: plan.description,
      analyticsLevel: toAnalyticsLevel(plan.analyticsLevel),
      customBranding: plan.customBranding,
      active: plan.active,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: PlanSchema });
  if (submission.status !== "success") {
    // Without a plan there is no form to show the errors in: the message says what is wrong instead.
    const planProblem = submission.error?.planId?.[0];
    return refuse(400, "Plan Not Saved", planProblem ?? "Please correct the errors below.", {
      planId: submission.payload.planId,
      result: submission.reply(),
    });
  }
  const { planId, price, ...rest } = submission.value;
  if (!(await savePlan(planId, { ...rest, priceCents: price }))) {
    return refuse(404, "Plan Not Saved", PLAN_MESSAGES.planMissing, { planId, result: undefined });
  }
  return answer(HERE, { type: "success", title: "Plan Saved", description: `${rest.name} is saved; new launches use it from now on.` });
}

type PlanRow = Route.ComponentProps["loaderData"]["plans"][number];

export default function AdminPlans({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <p className="mb-6 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        The plan catalogue the pricing page and the wizard offer. A launched campaign keeps the price, entry limit, analytics level and
        custom branding it was bought with; edits apply to new launches. Inactive plans are hidden from new campaigns. The "Most Popular"
        badge is not set here: it goes to the plan most launched campaigns chose, once 10 have launched.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {loaderData.plans.map((plan) => (
          <PlanForm
            key={plan.id}
            plan={plan}
            lastResult={actionData?.planId === plan.id ? (actionData.result as SubmissionResult<string[]>) : undefined}
          />
        ))}
      </div>
    </>
  );
}

function PlanForm({ plan, lastResult }: { plan: PlanRow; lastResult: SubmissionResult<string[]> | undefined }) {
  const submitting = useSubmitting();
  const busy = submitting({ planId: plan.id });
  const [form, fields] = useForm({
    id: `plan-${plan.id}`,
    lastResult,
    defaultValue: {
      planId: plan.id,
      name: plan.name,
      price: centsToDollars(plan.priceCents),
      entryLimit: plan.entryLimit === null ? "" : String(plan.entryLimit),
      entryActionLimit: plan.entryActionLimit === null ? "" : String(plan.entryActionLimit),
      aiCredits: String(plan.aiCredits),
      features: plan.features,
      description: plan.description,
      analyticsLevel: plan.analyticsLevel,
      customBranding: plan.customBranding ? "on" : undefined,
      active: plan.active ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlanSchema }),
  });
  return (
    <SectionCard
      id={`plan-${plan.id}`}
      title={plan.name}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>
            {formatPrice(plan.priceCents)} · {formatEntryLimit(plan.entryLimit)} · {formatActionLimit(plan.entryActionLimit)} ·{" "}
            {plan.aiCredits} AI credits · {ANALYTICS_LEVEL_LABELS[plan.analyticsLevel]}
          </span>
          {plan.customBranding ? <Badge tone="brand">Custom branding</Badge> : null}
          {plan.active ? <Badge tone="good">Active</Badge> : <Badge tone="warn">Inactive</Badge>}
        </span>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name={fields.planId.name} value={plan.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField meta={fields.name} label="Name" maxLength={PLAN_LIMITS.name} />
        <div className="grid gap-4 sm:grid-cols-4">
          <InputField meta={fields.price} label="Price (USD)" inputMode="decimal" hint="0 for a free plan" />
          <InputField meta={fields.entryLimit} label="Entry limit" inputMode="numeric" hint="Empty for unlimited" />
          <InputField meta={fields.entryActionLimit} label="Entry actions" inputMode="numeric" hint="Empty for unlimited" />
          <InputField meta={fields.aiCredits} label="AI credits" inputMode="numeric" />
        </div>
        <TextAreaField
          meta={fields.features}
          label="Features"
          rows={5}
          maxLength={PLAN_LIMITS.features}
          hint="One per line. The cards write the entries, analytics, AI credit and custom branding lines from the fields here; your other lines follow."
        />
        <TextAreaField meta={fields.description} label="Description" rows={2} maxLength={PLAN_LIMITS.description} />
        <div>
          <label htmlFor={fields.analyticsLevel.id} className="label">
            Analytics level
          </label>
          <select {...getSelectProps(fields.analyticsLevel, { ariaDescribedBy: `${fields.analyticsLevel.id}-hint` })} className="input">
            {ANALYTICS_LEVELS.map((level) => (
              <option key={level} value={level}>
                {ANALYTICS_LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
          <p id={`${fields.analyticsLevel.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Basic: {ANALYTICS_LEVEL_ADDS.basic.join(", ").toLowerCase()}. Standard adds{" "}
            {ANALYTICS_LEVEL_ADDS.standard.join(" and ").toLowerCase()}. Advanced adds{" "}
            {ANALYTICS_LEVEL_ADDS.advanced.join(", ").toLowerCase()}. Entries to review are on every level.
          </p>
          <FieldErrors id={fields.analyticsLevel.errorId} errors={fields.analyticsLevel.errors} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <CheckboxField
            meta={fields.customBranding}
            label="Custom branding"
            hint={'Campaigns on this plan may remove the "Powered by Giveawear" line.'}
          />
          <CheckboxField meta={fields.active} label="Active (offered to new campaigns)" />
        </div>
        <SubmitButton busy={busy}>Save {plan.name}</SubmitButton>
      </Form>
    </SectionCard>
  );
}
