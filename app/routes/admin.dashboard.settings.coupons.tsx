import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import { Badge, SectionCard } from "~/components/admin/admin-page";
import { InputField, SubmitButton } from "~/components/ui/form-fields";
import { ActionToast } from "~/components/ui/action-toast";
import { useSubmitting } from "~/components/ui/use-submitting";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { formatPrice } from "~/domain/plans";
import { COUPON_MESSAGES, couponProblem, couponSchema, lastValidDay } from "~/domain/pricing";
import { readForm } from "~/server/core/forms.server";
import { addCoupon, listCoupons, setCouponActive } from "~/server/admin/catalogue.server";
import { answer, refuse } from "~/server/admin/responses.server";
import type { Route } from "./+types/admin.dashboard.settings.coupons";

export const meta = () => [{ title: "Coupons · Admin · Giveawear" }];

const HERE = "/admin/dashboard/settings/coupons";
/** A refusal without the add form's errors. */
const NO_RESULT = { result: undefined };

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function loader() {
  const now = new Date();
  const coupons = await listCoupons();
  return {
    today: todayUtc(),
    coupons: coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      discount: coupon.kind === "percent" ? `${coupon.percentOff ?? 0}% off` : `${formatPrice(coupon.amountOffCents ?? 0)} off`,
      expires: coupon.expiresAt ? lastValidDay(coupon.expiresAt) : null,
      redemptions: coupon.redemptions,
      maxRedemptions: coupon.maxRedemptions,
      active: coupon.active,
      // Why it cannot be used right now (expired, used up), if it is switched on.
      problem: coupon.active ? (couponProblem(coupon, now) ? "Expired or used up" : null) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: couponSchema(todayUtc()) });
    if (submission.status !== "success") {
      return refuse(400, "Coupon Not Added", "Please correct the errors below.", { result: submission.reply() });
    }
    if ((await addCoupon(submission.value)) === "taken") {
      return refuse(409, "Coupon Not Added", COUPON_MESSAGES.codeTaken, {
        result: submission.reply({ fieldErrors: { code: [COUPON_MESSAGES.codeTaken] } }),
      });
    }
    return answer(HERE, { type: "success", title: "Coupon Added", description: `${submission.value.code} can be used in the wizard now.` });
  }

  if (intent === "deactivate" || intent === "activate") {
    const couponId = formData.get("couponId");
    const title = intent === "activate" ? "Coupon Not Activated" : "Coupon Not Deactivated";
    if (typeof couponId !== "string" || !couponId) return refuse(400, title, "Choose a coupon.", NO_RESULT);
    const code = await setCouponActive(couponId, intent === "activate");
    if (!code) return refuse(404, title, "That coupon does not exist.", NO_RESULT);
    return answer(HERE, { type: "success", title: intent === "activate" ? "Coupon Activated" : "Coupon Deactivated", description: code });
  }

  return refuse(400, "Unknown Action", "Nothing was changed.", NO_RESULT);
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  // An added coupon redirects here (a new location): the form starts empty again.
  const location = useLocation();
  const busy = (intent: string, couponId?: string) => submitting({ intent, couponId });
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <SectionCard
          id="coupons"
          title="Coupons"
          description="Codes creators can apply in the wizard's last step. Codes are not case-sensitive."
        >
          {loaderData.coupons.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">No coupons yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {loaderData.coupons.map((coupon) => (
                <li
                  key={coupon.id}
                  data-testid="coupon-row"
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-semibold break-all">{coupon.code}</span>
                      {coupon.active ? <Badge tone="good">Active</Badge> : <Badge>Inactive</Badge>}
                      {coupon.problem ? <Badge tone="warn">{coupon.problem}</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
                      {coupon.discount} · {coupon.expires ? `good through ${coupon.expires}` : "no expiry"} · used {coupon.redemptions}
                      {coupon.maxRedemptions === null ? "" : ` of ${coupon.maxRedemptions}`} {coupon.redemptions === 1 ? "time" : "times"}
                    </p>
                  </div>
                  <Form method="post" className="shrink-0">
                    <input type="hidden" name="couponId" value={coupon.id} />
                    {coupon.active ? (
                      <SubmitButton
                        busy={busy("deactivate", coupon.id)}
                        name="intent"
                        value="deactivate"
                        className="btn-secondary"
                        busyText="Deactivating..."
                      >
                        Deactivate
                      </SubmitButton>
                    ) : (
                      <SubmitButton
                        busy={busy("activate", coupon.id)}
                        name="intent"
                        value="activate"
                        className="btn-secondary"
                        busyText="Activating..."
                      >
                        Activate
                      </SubmitButton>
                    )}
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
        <SectionCard id="add-coupon" title="Add a coupon">
          <AddCouponForm key={location.key} today={loaderData.today} lastResult={actionData?.result as never} busy={busy("add")} />
        </SectionCard>
      </div>
    </>
  );
}

function AddCouponForm({ today, lastResult, busy }: { today: string; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    id: "add-coupon",
    lastResult,
    defaultValue: { kind: "percent" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponSchema(today) }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField meta={fields.code} label="Code" maxLength={50} placeholder="SPRING25" hint="Letters, digits, dashes and underscores." />
      <fieldset>
        <legend className="label">Discount</legend>
        <div className="space-y-3">
          <div className="flex items-center gap-3">
            <label className="flex w-28 shrink-0 items-center gap-2 text-sm font-medium">
              <input
                {...getInputProps(fields.kind, { type: "radio", value: "percent" })}
                id={`${fields.kind.id}-percent`}
                className="h-4 w-4 accent-brand-700"
              />
              Percent
            </label>
            <div className="flex-1">
              <label htmlFor={fields.percentOff.id} className="sr-only">
                Percent off
              </label>
              <div className="flex items-center gap-2">
                <input {...getInputProps(fields.percentOff, { type: "text" })} inputMode="numeric" placeholder="10" className="input" />
                <span aria-hidden="true">%</span>
              </div>
              <FieldErrors id={fields.percentOff.errorId} errors={fields.percentOff.errors} />
            </div>
          </div>
          <div className="flex items-center gap-3">
            <label className="flex w-28 shrink-0 items-center gap-2 text-sm font-medium">
              <input
                {...getInputProps(fields.kind, { type: "radio", value: "fixed" })}
                id={`${fields.kind.id}-fixed`}
                className="h-4 w-4 accent-brand-700"
              />
              Fixed
            </label>
            <div className="flex-1">
              <label htmlFor={fields.amountOff.id} className="sr-only">
                Amount off in dollars
              </label>
              <div className="flex items-center gap-2">
                <span aria-hidden="true">$</span>
                <input {...getInputProps(fields.amountOff, { type: "text" })} inputMode="decimal" placeholder="5.00" className="input" />
              </div>
              <FieldErrors id={fields.amountOff.errorId} errors={fields.amountOff.errors} />
            </div>
          </div>
        </div>
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <InputField
        meta={fields.expiresOn}
        label="Good through (optional)"
        type="date"
        min={today}
        hint="The last day it can be used (UTC)."
      />
      <InputField meta={fields.maxRedemptions} label="Redemption cap (optional)" inputMode="numeric" hint="How many launches may use it." />
      <SubmitButton busy={busy} busyText="Adding...">
        Add coupon
      </SubmitButton>
    </Form>
  );
}
