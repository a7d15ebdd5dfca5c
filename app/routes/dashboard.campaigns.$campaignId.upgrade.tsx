import { CheckoutNotices } from "~/components/checkout/checkout-notices";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ActionToast } from "~/components/ui/action-toast";
import { UPGRADE_MESSAGES, upgradeButtonLabel } from "~/domain/plan-cap";
import { formatEntryLimit, formatPrice } from "~/domain/plans";
import { analyticsPath, myCampaignsPath } from "~/paths";
import { upgradedRedirect, upgradePageData } from "~/server/plans/cap-notices.server";
import { readForm } from "~/server/core/forms.server";
import { CheckoutError } from "~/server/payments/stripe.server";
import { settleUpgradeReturn, startUpgrade } from "~/server/payments/upgrades.server";
import { requireUser } from "~/server/auth/session.server";
import { actionToast } from "~/server/core/toast.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.upgrade";

/**
 * Upgrading a live campaign's plan (decision 049): the plans dearer than its own, each for the
 * difference of the list prices, paid through Stripe Checkout or the TEST MODE checkout. A plain
 * form per plan, so it works without JavaScript.
 */

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.page ? `Upgrade · ${loaderData.page.campaign.title}` : "Campaign Not Found"} · Giveawear` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  const page = await upgradePageData(user.id, params.campaignId, new Date());
  if (!page) return data({ page: null, processing: false }, { status: 404 });
  // Back from Stripe's checkout page: completed by the webhook, or now (the same completion).
  const settled = sessionId ? await settleUpgradeReturn(sessionId, page.campaign.id) : null;
  if (settled === "paid") {
    const now = await upgradePageData(user.id, params.campaignId, new Date());
    throw await upgradedRedirect(page.campaign.title, now?.campaign.planName ?? null, now?.campaign.entryLimit ?? null);
  }
  return data(
    { page, processing: settled === "pending" },
    { status: page.campaign.upgradeable ? 200 : 409, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const planId = String(form.get("planId") ?? "").trim();
  const refuse = (status: number, message: string) =>
    data({ error: message, toast: actionToast({ type: "error", title: "Upgrade not started", description: message }) }, { status });
  let outcome: Awaited<ReturnType<typeof startUpgrade>>;
  try {
    outcome = await startUpgrade({ userId: user.id, campaignId: params.campaignId, toPlanId: planId, customerEmail: user.email });
  } catch (error) {
    if (error instanceof CheckoutError) return refuse(503, error.message);
    throw error;
  }
  switch (outcome.kind) {
    case "not-found":
      throw data(UPGRADE_MESSAGES.notFound, { status: 404 });
    case "not-active":
      return refuse(409, UPGRADE_MESSAGES.notActive);
    case "invalid-plan":
      return refuse(400, outcome.message);
    case "checkout":
      return redirect(outcome.url, { status: 303 });
  }
}

export default function UpgradePlan({ loaderData, actionData }: Route.ComponentProps) {
  const { page, processing } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("planId") : null;
  if (!page) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">Campaign Not Found</h1>
        <p className="text-slate-700 dark:text-slate-300">{UPGRADE_MESSAGES.notFound}</p>
        <Link to={myCampaignsPath()} className="btn-primary">
          Back to My Campaigns
        </Link>
      </section>
    );
  }
  const { campaign, choices } = page;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <ActionToast toast={actionData?.toast} />
      <Link to={myCampaignsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-words sm:text-3xl">Upgrade {campaign.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="upgrade-current">
        {campaign.planName ? `Current plan: ${campaign.planName} (${formatPrice(campaign.planPriceCents)}). ` : ""}
        {campaign.entryLimit === null
          ? `${campaign.entryCount.toLocaleString("en-US")} entries, no limit.`
          : `${campaign.entryCount.toLocaleString("en-US")} of ${campaign.entryLimit.toLocaleString("en-US")} entries.`}
      </p>
      <CheckoutNotices processing={processing ? UPGRADE_MESSAGES.processing : null} error={actionData?.error} />
      {!campaign.upgradeable ? (
        <p role="alert" className="card mt-6 p-5">
          {UPGRADE_MESSAGES.notActive}{" "}
          <Link to={analyticsPath(campaign.id)} className="font-semibold underline">
            Campaign analytics
          </Link>
        </p>
      ) : choices.length === 0 ? (
        <p className="card mt-6 p-5">{UPGRADE_MESSAGES.topPlan}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            You pay the difference between the plans&apos; prices. The new limit applies the moment the payment is confirmed; entries, dates
            and prizes stay as they are.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Plans to upgrade to">
            {choices.map((choice) => (
              <li key={choice.id} className="card flex flex-col gap-3 p-5" data-testid={`upgrade-${choice.id}`}>
                <h2 className="text-lg font-semibold">{choice.name}</h2>
                <ul className="list-inside list-disc text-sm text-slate-700 dark:text-slate-300">
                  <li>{formatEntryLimit(choice.entryLimit)}</li>
                  <li>{`+${choice.extraCredits} AI design ${choice.extraCredits === 1 ? "credit" : "credits"} for this campaign`}</li>
                  <li>{`List price ${formatPrice(choice.priceCents)}; you pay ${formatPrice(choice.differenceCents)}`}</li>
                </ul>
                <Form method="post" className="mt-auto">
                  <input type="hidden" name="planId" value={choice.id} />
                  <button type="submit" className="btn-primary w-full" disabled={Boolean(busy)}>
                    {busy === choice.id ? "Opening checkout..." : upgradeButtonLabel(choice)}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
