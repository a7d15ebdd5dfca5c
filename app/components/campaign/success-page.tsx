import type { IdentifiedToast } from "~/domain/toast";
import { useEffect, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { ADD_ON_OFFERS, AddOnKind, COMING_SOON_ADD_ONS } from "~/domain/add-ons";
import { formatPrice } from "~/domain/plans";
import { ActionToast } from "~/components/ui/action-toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { addOnsPath, myCampaignsPath } from "~/paths";

/** How often the "confirming" state asks again, with or without JavaScript. */
const CONFIRM_POLL_SECONDS = 3;

/** The campaign's add-ons (decision 068): what can be bought for it now, and what it has. */
export interface SuccessAddOns {
  /** A boost can be bought (live, not featured yet). */
  featurable: boolean;
  featuredUntil: string | null;
  reportable: boolean;
  reportHref: string | null;
}

export function ShareLink({ url }: { url: string }) {
  // Copying needs JavaScript; without it the link sits selectable in the field above.
  const hydrated = useHydrated();
  const [toast, setToast] = useState<IdentifiedToast | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setToast({ id: crypto.randomUUID(), type: "success", title: "Link Copied!", description: "Giveaway link copied to clipboard." });
    } catch {
      setToast({ id: crypto.randomUUID(), type: "error", title: "Copy Failed", description: "Select the link and copy it yourself." });
    }
  }
  return (
    <div className="mt-6 text-left">
      <label htmlFor="share-url" className="label">
        Your giveaway's link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id="share-url" readOnly value={url} className="input font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" hidden={!hydrated} className="btn-secondary shrink-0" onClick={copy}>
          Share Link
        </button>
      </div>
      <ActionToast toast={toast} />
    </div>
  );
}

/** Polls until the payment is confirmed: revalidation with JavaScript, a meta refresh without it. */
export function ConfirmingPayment({ title }: { title: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, CONFIRM_POLL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      {/* Inside <noscript> so browsers running JavaScript keep the page instead of reloading it. */}
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${CONFIRM_POLL_SECONDS}">` }} />
      <div className="card p-8 text-center" role="status" aria-live="polite">
        <span
          aria-hidden="true"
          className="mx-auto block h-12 w-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
        />
        <h1 className="mt-5 text-2xl font-bold">Confirming your payment…</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Thanks! We're waiting for the payment provider to confirm your payment for "{title}". This page updates by itself, usually within
          a few seconds.
        </p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Taking longer than a few minutes? Your campaign is saved: check My Campaigns, or contact support.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={myCampaignsPath()} className="btn-secondary">
            My Campaigns
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * The add-ons (decision 068): the two that exist, each bought for this giveaway with one button
 * (a plain form to the add-ons page, which opens the checkout), and the one that does not, without
 * a price.
 */
export function AddOnCards({ campaignId, addOns }: { campaignId: string; addOns: SuccessAddOns | null }) {
  const boost = ADD_ON_OFFERS[AddOnKind.featuredBoost];
  const report = ADD_ON_OFFERS[AddOnKind.analyticsReport];
  return (
    <section className="mt-12" aria-labelledby="add-ons-heading">
      <h2 id="add-ons-heading" className="text-xl font-semibold">
        Boost your giveaway
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Optional add-ons, paid once through the same checkout as your plan.{" "}
        <Link to={addOnsPath({ campaignId })} className="font-semibold underline">
          All add-ons
        </Link>
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        <li className="card flex flex-col p-5" data-testid="success-addon-featured_boost">
          <h3 className="font-semibold">{boost.name}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{boost.summary}</p>
          {/* A price only beside a button that buys it. */}
          {addOns?.featurable ? <p className="mt-3 text-lg font-bold">{formatPrice(boost.priceCents)}</p> : null}
          {addOns?.featuredUntil ? (
            <p className="mt-4 text-sm font-medium text-emerald-800 dark:text-emerald-300">Featured until {addOns.featuredUntil}</p>
          ) : addOns?.featurable ? (
            <BuyButton campaignId={campaignId} kind={AddOnKind.featuredBoost} label={`Feature it for ${formatPrice(boost.priceCents)}`} />
          ) : (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Available while the giveaway is live.</p>
          )}
        </li>
        <li className="card flex flex-col p-5" data-testid="success-addon-analytics_report">
          <h3 className="font-semibold">{report.name}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{report.summary}</p>
          {addOns?.reportHref ? null : <p className="mt-3 text-lg font-bold">{formatPrice(report.priceCents)}</p>}
          {addOns?.reportHref ? (
            <a href={addOns.reportHref} download className="btn-secondary mt-4">
              Download report (PDF)
            </a>
          ) : (
            <BuyButton
              campaignId={campaignId}
              kind={AddOnKind.analyticsReport}
              label={`Buy report for ${formatPrice(report.priceCents)}`}
            />
          )}
        </li>
        {COMING_SOON_ADD_ONS.map((addOn) => (
          <li key={addOn.name} className="card flex flex-col p-5" data-testid="success-addon-coming-soon">
            <h3 className="font-semibold">{addOn.name}</h3>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{addOn.summary}</p>
            <p className="mt-3 text-sm font-semibold text-slate-600 dark:text-slate-400">Coming soon</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BuyButton({ campaignId, kind, label }: { campaignId: string; kind: string; label: string }) {
  return (
    <Form method="post" action={addOnsPath()} className="mt-auto pt-4">
      <input type="hidden" name="addOn" value={kind} />
      <input type="hidden" name="campaignId" value={campaignId} />
      <button type="submit" className="btn-primary w-full">
        {label}
      </button>
    </Form>
  );
}
