import { CheckoutNotices } from "~/components/checkout/checkout-notices";
import { data, Link, redirect } from "react-router";
import { ActionToast } from "~/components/ui/action-toast";
import { ADD_ON_MESSAGES, ADD_ON_OFFERS, AddOnKind, COMING_SOON_ADD_ONS, FEATURED_PLACES } from "~/domain/add-ons";
import { formatUtcDate, formatUtcDateTime } from "~/domain/campaign-status";
import { formatPrice } from "~/domain/plans";
import { addOnsPath, analyticsReportPath, campaignPath, myCampaignsPath } from "~/paths";
import { addOnsPage, paidAddOnNotice } from "~/server/campaigns/add-ons.server";
import { readForm } from "~/server/core/forms.server";
import { CheckoutError } from "~/server/payments/stripe.server";
import { settleAddOnReturn, startAddOn } from "~/server/payments/add-ons.server";
import { requireUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.addons";
import { BuyForm, type CampaignChoice, OfferHeader } from "~/components/dashboard/add-on-forms";

/**
 * Add-ons (decision 068): the Featured Listing Boost and the Advanced Analytics Report, bought for
 * one of the creator's campaigns through the same checkout as plans (Stripe Checkout, or the TEST
 * MODE checkout), and the reports bought so far. The Social Media Shoutout Pack is shown as coming
 * soon, without a price. Plain forms, so it all works without JavaScript.
 */

export const meta: Route.MetaFunction = () => [{ title: "Add-ons · Giveawear" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  // Back from Stripe's checkout page: completed by the webhook, or now (the same completion).
  const settled = sessionId ? await settleAddOnReturn(sessionId, user.id) : null;
  if (settled === "paid" && sessionId) {
    const notice = await paidAddOnNotice(sessionId);
    if (notice) throw await redirectWithToast(addOnsPath({ campaignId: notice.campaignId }), notice.toast);
  }
  const now = new Date();
  const page = await addOnsPage(user, url.searchParams.get("campaignId"), now);
  const choice = (campaign: { campaignId: string; title: string }): CampaignChoice => ({ id: campaign.campaignId, title: campaign.title });
  return data(
    {
      selectedId: page.selectedId,
      processing: settled === "pending",
      featurable: page.campaigns.filter((campaign) => campaign.featurable).map(choice),
      reportable: page.campaigns.filter((campaign) => campaign.reportable).map(choice),
      featured: page.campaigns.flatMap((campaign) =>
        campaign.featuredUntil
          ? [
              {
                id: campaign.campaignId,
                title: campaign.title,
                until: formatUtcDateTime(campaign.featuredUntil),
                href: campaignPath(campaign.campaignId),
              },
            ]
          : [],
      ),
      reports: page.campaigns
        .filter((campaign) => campaign.reportBought)
        .map((campaign) => ({ id: campaign.campaignId, title: campaign.title, href: analyticsReportPath(campaign.campaignId) })),
      places: {
        taken: page.featuredCount,
        nextFree: page.featuredCount >= FEATURED_PLACES && page.nextFreeAt ? formatUtcDate(page.nextFreeAt) : null,
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const refuse = (status: number, message: string) =>
    data({ error: message, toast: actionToast({ type: "error", title: "Add-on not started", description: message }) }, { status });
  let outcome: Awaited<ReturnType<typeof startAddOn>>;
  try {
    outcome = await startAddOn({
      user,
      campaignId: String(form.get("campaignId") ?? "").trim(),
      kind: String(form.get("addOn") ?? ""),
    });
  } catch (error) {
    if (error instanceof CheckoutError) return refuse(503, error.message);
    throw error;
  }
  switch (outcome.kind) {
    case "not-found":
      return refuse(404, ADD_ON_MESSAGES.notFound);
    case "refused":
      return refuse(outcome.status, outcome.message);
    case "checkout":
      return redirect(outcome.url, { status: 303 });
  }
}

export default function AddOns({ loaderData, actionData }: Route.ComponentProps) {
  const { selectedId, processing, featurable, reportable, featured, reports, places } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      <Link to={myCampaignsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Add-ons</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Extras for one giveaway at a time, paid once through the same checkout as plans. No subscription.
      </p>
      <CheckoutNotices processing={processing ? ADD_ON_MESSAGES.processing : null} error={actionData?.error} />

      <ul className="mt-8 grid gap-6 lg:grid-cols-3" aria-label="Add-ons">
        <li className="card flex flex-col p-5 sm:p-6" data-testid="addon-featured_boost">
          <OfferHeader offer={ADD_ON_OFFERS[AddOnKind.featuredBoost]} />
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="featured-places">
            {places.nextFree
              ? ADD_ON_MESSAGES.placesTaken(places.nextFree)
              : `${places.taken} of ${FEATURED_PLACES} featured places taken right now.`}
          </p>
          <BuyForm
            kind={AddOnKind.featuredBoost}
            label="Giveaway to feature"
            choices={featurable}
            selectedId={selectedId}
            empty="None of your giveaways can be featured right now: a boost needs a live giveaway that is not featured already."
            button={`Feature for ${formatPrice(ADD_ON_OFFERS[AddOnKind.featuredBoost].priceCents)}`}
          />
          {featured.length > 0 ? (
            <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-700">
              <h3 className="text-sm font-semibold">Featured now</h3>
              <ul className="mt-2 space-y-2 text-sm" data-testid="featured-now">
                {featured.map((campaign) => (
                  <li key={campaign.id}>
                    <Link to={campaign.href} reloadDocument className="font-medium break-words underline">
                      {campaign.title}
                    </Link>
                    <span className="block text-slate-600 dark:text-slate-400">Featured until {campaign.until}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </li>

        <li className="card flex flex-col p-5 sm:p-6" data-testid="addon-analytics_report">
          <OfferHeader offer={ADD_ON_OFFERS[AddOnKind.analyticsReport]} />
          <BuyForm
            kind={AddOnKind.analyticsReport}
            label="Giveaway to report on"
            choices={reportable}
            selectedId={selectedId}
            empty={reports.length > 0 ? "Every launched giveaway of yours has its report." : "Launch a giveaway first: a report needs one."}
            button={`Buy report for ${formatPrice(ADD_ON_OFFERS[AddOnKind.analyticsReport].priceCents)}`}
          />
          {reports.length > 0 ? (
            <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-700">
              <h3 className="text-sm font-semibold">Your reports</h3>
              <ul className="mt-2 space-y-3 text-sm" data-testid="reports">
                {reports.map((report) => (
                  <li key={report.id} className="flex flex-col gap-1">
                    <span className="font-medium break-words">{report.title}</span>
                    <a href={report.href} download className="font-semibold text-brand-700 underline dark:text-brand-300">
                      Download report (PDF)
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </li>

        {COMING_SOON_ADD_ONS.map((addOn) => (
          <li key={addOn.name} className="card flex flex-col p-5 sm:p-6" data-testid="addon-coming-soon">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="text-lg font-semibold">{addOn.name}</h2>
              <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                Coming soon
              </span>
            </div>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{addOn.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
