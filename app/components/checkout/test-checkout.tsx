import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatPrice } from "~/domain/plans";

export type Summary = {
  campaignId: string;
  title: string;
  planName: string;
  priceCents: number;
  discountCents: number;
  couponCode: string | null;
  totalCents: number;
  email: string;
};

/** A plan upgrade of a live campaign (decision 049): the difference of the two plans' prices. */
export type UpgradeSummary = { campaignId: string; title: string; fromPlan: string; toPlan: string; amountCents: number; email: string };

/** An add-on of one campaign (decision 068): its name and price. */
export type AddOnSummary = { campaignId: string; title: string; addOnName: string; amountCents: number; email: string };

export function TestModeBanner() {
  return (
    <div
      role="note"
      aria-label="Test mode"
      className="rounded-2xl border-2 border-dashed border-amber-500 bg-amber-100 px-4 py-4 text-center text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="text-3xl font-black tracking-[0.3em] sm:text-4xl">TEST MODE</p>
      <p className="mt-1 text-sm">
        No real payment is taken. This built-in checkout stands in for Stripe until payment keys are configured.
      </p>
    </div>
  );
}

export function Message({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="card mt-6 p-6 text-center sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{text}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </div>
  );
}

/** The test checkout's card: what is bought, the total, and Pay / Cancel (the same for a launch and an upgrade). */
export function CheckoutCard({
  heading,
  title,
  totalCents,
  email,
  children,
}: {
  heading: string;
  title: string;
  totalCents: number;
  email: string;
  /** The lines above the total (the definition list's rows). */
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const total = formatPrice(totalCents);
  return (
    <div className="card mt-6 p-6 sm:p-8">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Giveawear checkout</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{heading}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{title}</p>

      <dl className="mt-6 space-y-2 text-sm">
        {children}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
          <dt>Total due</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">Receipt to {email}</p>

      <Form method="post" className="mt-6 flex flex-col gap-3">
        <button type="submit" name="intent" value="pay" className="btn-primary w-full py-3 text-base" disabled={Boolean(busy)}>
          {busy === "pay" ? "Processing payment..." : `Pay ${total}`}
        </button>
        <button type="submit" name="intent" value="cancel" className="btn-secondary w-full" disabled={Boolean(busy)}>
          Cancel
        </button>
      </Form>
    </div>
  );
}

export function OpenCheckout({ summary }: { summary: Summary }) {
  return (
    <CheckoutCard heading="Pay for your giveaway" title={summary.title} totalCents={summary.totalCents} email={summary.email}>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600 dark:text-slate-400">{summary.planName || "Plan"}</dt>
        <dd>{formatPrice(summary.priceCents)}</dd>
      </div>
      {summary.discountCents > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-400">Coupon {summary.couponCode}</dt>
          <dd>−{formatPrice(summary.discountCents)}</dd>
        </div>
      ) : null}
    </CheckoutCard>
  );
}

export function UpgradeCheckoutForm({ summary }: { summary: UpgradeSummary }) {
  return (
    <CheckoutCard heading={"Upgrade your giveaway's plan"} title={summary.title} totalCents={summary.amountCents} email={summary.email}>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600 dark:text-slate-400">
          {summary.fromPlan} → {summary.toPlan}
        </dt>
        <dd>{formatPrice(summary.amountCents)}</dd>
      </div>
    </CheckoutCard>
  );
}

export function AddOnCheckoutForm({ summary }: { summary: AddOnSummary }) {
  return (
    <CheckoutCard heading={`Buy ${summary.addOnName}`} title={summary.title} totalCents={summary.amountCents} email={summary.email}>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600 dark:text-slate-400">{summary.addOnName}</dt>
        <dd>{formatPrice(summary.amountCents)}</dd>
      </div>
    </CheckoutCard>
  );
}
