import { pageLayoutLabel } from "~/domain/page-layout";
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { designPreviewUrl } from "~/domain/ai-prompts";
import { madeColorNames, madeProductColors, PRODUCT_TYPES, productHasSizes, productLabel } from "~/domain/campaign-schemas";
import { parseDateInput } from "~/domain/campaign-dates";
import { timeZoneLabel } from "~/domain/campaign-time-zone";
import { formatPrice, type ActivePlan } from "~/domain/plans";
import { FieldErrors } from "../ui/field";
import { MockupStrip } from "./mockup-strip";
import { useHydrated } from "../ui/use-hydrated";
import { HiddenStepFields, StepHeading } from "./step-layout";
import type { StepProps } from "./step-campaign-info";
import { StepActions } from "./wizard-shell";
import { isPublicStatus } from "~/domain/campaign-status";
import { dollarsToCents } from "~/domain/campaign-schemas";
import { referralCapSummary } from "~/domain/entries";
import { NY_FL_CHECKBOX, NY_FL_WARNING, needsRegistrationWarning, totalPrizeValueCents } from "~/domain/official-rules";

function Summary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="card group p-5">
      <summary className="flex cursor-pointer items-center justify-between text-lg font-semibold">
        {title}
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">{children}</dl>
    </details>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{children || "—"}</dd>
    </>
  );
}

const day = (value: string) =>
  parseDateInput(value)?.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }) ?? "";

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function ReviewStep(
  props: StepProps & {
    plans: ActivePlan[];
    pricing: { priceCents: number; discountCents: number; totalCents: number } | null;
    problems: { step: number; message: string }[];
    signedIn: boolean;
    status: string;
    stepHref: (step: number) => string;
  },
) {
  const v = props.values;
  const plan = props.plans.find((p) => p.id === v.planId) ?? null;
  const [coupon, setCoupon] = useState(v.couponCode);
  // Without JavaScript the field cannot disable the button as you type, so it stays enabled.
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const couponErrors = ((props.lastResult?.error ?? {}) as Record<string, string[] | undefined>).couponCode;
  const total = props.pricing?.totalCents ?? 0;
  const launched = isPublicStatus(props.status);
  const prizeTotal = totalPrizeValueCents([v.prizeValue, ...v.additionalPrizes.map((p) => p.value)].map(dollarsToCents));

  return (
    <div className="space-y-6">
      <StepHeading text="Check everything once more, then launch.">Step 5: Review &amp; Launch</StepHeading>

      {props.problems.length ? (
        <div
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <ul className="space-y-1">
            {props.problems.map((problem) => (
              <li key={problem.message}>
                <Link to={props.stepHref(problem.step)} className="underline">
                  {problem.message}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Summary title={`${productLabel(v.productType)} Design`}>
        <Row label="Design">
          {v.finalDesignUrl ? (
            <img
              src={designPreviewUrl(v.finalDesignUrl)}
              alt="Your design"
              width={120}
              height={120}
              className="h-28 w-28 rounded-lg border border-slate-200 object-contain dark:border-slate-700"
            />
          ) : (
            `No ${productLabel(v.productType)} design confirmed.`
          )}
        </Row>
        <Row label="Mockups">
          <MockupStrip
            designUrl={v.finalDesignUrl}
            productType={v.productType}
            colors={madeProductColors(v.productType, v.selectedColors)}
          />
        </Row>
        <Row label="Colours">{madeColorNames(v.productType, v.selectedColors).join(", ")}</Row>
        {productHasSizes(v.productType) ? <Row label="Sizes">{v.selectedSizes.join(", ")}</Row> : null}
      </Summary>

      <Summary title="Campaign Info & Branding">
        <Row label="Title">{v.title}</Row>
        <Row label="Description">{truncate(v.description, 100)}</Row>
        <Row label="Product">{PRODUCT_TYPES.find((p) => p.key === v.productType)?.label}</Row>
        <Row label="Brand">{v.brandName}</Row>
        <Row label="Website">{v.brandUrl}</Row>
        <Row label="Cover image">{v.coverImageUrl ? "Uploaded" : "None"}</Row>
        <Row label="Page layout">{pageLayoutLabel(v.pageLayout)}</Row>
        <Row label="Accent colour">
          {v.accentColor ? (
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="inline-block size-4 rounded" style={{ backgroundColor: v.accentColor }} />
              <span className="font-mono">{v.accentColor.toUpperCase()}</span>
            </span>
          ) : (
            "Giveawear's purple"
          )}
        </Row>
        <Row label="“Powered by Giveawear”">{v.hideGiveawearBranding ? "Hidden (if the plan includes custom branding)" : "Shown"}</Row>
        <Row label="Bonus item">
          {v.isPromotingProduct === "yes" ? `${v.productTitle}${v.productValue ? ` (${v.productValue})` : ""}` : "None"}
        </Row>
      </Summary>

      <Summary title="Giveaway Dates & Duration">
        <Row label="Starts">{v.startDate ? `${day(v.startDate)}, 00:00 ${timeZoneLabel(v.timeZone)}` : ""}</Row>
        <Row label="Duration">{v.durationDays} days</Row>
        <Row label="Ends">{v.endDate ? `${day(v.endDate)}, 23:59 ${timeZoneLabel(v.timeZone)}` : ""}</Row>
        <Row label="Time zone">{v.timeZone}</Row>
      </Summary>

      <Summary title="Entry Settings & Rewards">
        <Row label="Terms accepted">{v.termsAccepted ? "Yes" : "No"}</Row>
        <Row label="One entry per person">{v.limitOneEntryPerPerson ? "Yes" : "No"}</Row>
        <Row label="Referral bonus">{referralCapSummary(v.referralCap ? Number(v.referralCap) : null)}</Row>
        <Row label="Entrant coupon">{v.giveCouponToEntrants ? `${v.entrantCouponCode}: ${v.entrantCouponDescription}` : "None"}</Row>
        <Row label="Winner bonus gift">{v.giveBonusGiftToWinner ? v.winnerBonusGiftName : "None"}</Row>
        <Row label="Additional prizes">
          {v.additionalPrizes.map((p, i) => `${i === 0 ? "2nd" : "3rd"}: ${p.title}`).join("; ") || "None"}
        </Row>
        <Row label="48-hour reminder">{v.sendReminder ? "Yes" : "No"}</Row>
      </Summary>

      <Summary title="Official Rules">
        <Row label="Sponsor">{v.sponsorLegalName || "Not provided"}</Row>
        <Row label="Sponsor address">{v.sponsorAddress || "Not provided"}</Row>
        <Row label="Minimum age">{v.minimumAge}</Row>
        <Row label="Prize values">
          {[v.prizeValue, ...v.additionalPrizes.map((p) => p.value)]
            .map((value, i) => `${i === 0 ? "Grand prize" : i === 1 ? "2nd" : "3rd"}: ${value ? `$${value}` : "not provided"}`)
            .join("; ")}
        </Row>
        <Row label="Total prize value">{formatPrice(prizeTotal)}</Row>
      </Summary>

      <Summary title="Selected Plan">
        <Row label="Plan">{plan ? `${plan.name} · ${formatPrice(plan.priceCents)}` : "No plan selected."}</Row>
        <Row label="Includes">
          {plan ? (
            <ul className="list-inside list-disc">
              {plan.features.slice(0, 3).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
        </Row>
      </Summary>

      <section aria-labelledby="final-cost" className="card p-5 sm:p-6">
        <h2 id="final-cost" className="text-lg font-semibold">
          Final Cost &amp; Coupon
        </h2>
        {props.pricing ? (
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>{plan?.name}</dt>
              <dd>{formatPrice(props.pricing.priceCents)}</dd>
            </div>
            {props.pricing.discountCents > 0 ? (
              <div className="flex justify-between text-emerald-700 dark:text-emerald-400">
                <dt>Discount ({v.couponCode})</dt>
                <dd>−{formatPrice(props.pricing.discountCents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
              <dt>Total</dt>
              <dd>{formatPrice(props.pricing.totalCents)}</dd>
            </div>
          </dl>
        ) : null}
        <Form method="post" className="mt-5">
          <HiddenStepFields step={5} duplicateId={props.duplicateId} />
          <label htmlFor="couponCode" className="label">
            Have a Coupon Code?
          </label>
          <div className="flex gap-2">
            <input
              id="couponCode"
              name="couponCode"
              value={coupon}
              onChange={(event) => setCoupon(event.currentTarget.value)}
              className="input uppercase"
              autoComplete="off"
              aria-invalid={couponErrors ? true : undefined}
              aria-describedby="couponCode-error"
            />
            <button
              type="submit"
              name="intent"
              value="apply-coupon"
              className="btn-secondary shrink-0"
              disabled={hydrated && (!coupon.trim() || busyIntent === "apply-coupon")}
            >
              Apply Coupon
            </button>
          </div>
          <FieldErrors id="couponCode-error" errors={couponErrors} />
          {v.couponCode && props.pricing?.discountCents === 0 ? (
            <p className="field-error">{`Coupon "${v.couponCode}" is not valid or has expired.`}</p>
          ) : null}
        </Form>
        {v.couponCode ? (
          <Form method="post" className="mt-2">
            <HiddenStepFields step={5} duplicateId={props.duplicateId} />
            <input type="hidden" name="couponCode" value="" />
            <button type="submit" name="intent" value="apply-coupon" className="btn-ghost text-sm">
              Remove coupon
            </button>
          </Form>
        ) : null}
      </section>

      <Form method="post">
        <HiddenStepFields step={5} duplicateId={props.duplicateId} />
        {needsRegistrationWarning(prizeTotal) && !launched ? (
          <div
            role="note"
            data-testid="ny-fl-warning"
            className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <p>{NY_FL_WARNING}</p>
            <label className="mt-3 flex items-start gap-3 font-medium">
              <input
                type="checkbox"
                name="excludeNyFl"
                defaultChecked={v.excludedRegions.includes("US-NY")}
                className="mt-0.5 h-5 w-5 accent-brand-700"
              />
              <span>{NY_FL_CHECKBOX}</span>
            </label>
          </div>
        ) : null}
        <StepActions backHref={props.backHref}>
          {launched ? (
            <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">This campaign is live.</p>
          ) : (
            <button
              type="submit"
              name="intent"
              value="launch"
              className="btn-primary px-6 py-3 text-base"
              disabled={busyIntent === "launch"}
            >
              {busyIntent === "launch" ? "Launching..." : total > 0 ? "Confirm & Proceed to Payment" : "Launch Free Campaign"}
            </button>
          )}
        </StepActions>
        {!props.signedIn ? (
          <p className="mt-3 text-right text-sm text-slate-600 dark:text-slate-400">You'll be asked to sign in to launch.</p>
        ) : null}
      </Form>
    </div>
  );
}
