import { data, Link, redirect } from "react-router";
import { readForm } from "~/server/core/forms.server";
import { getConfig } from "~/server/core/config.server";
import { checkoutCampaign, checkoutCancelPath, checkoutSuccessPath, completeCheckout } from "~/server/payments/launch.server";
import { addOnCheckout, completeAddOn } from "~/server/payments/add-ons.server";
import { completeUpgrade, upgradeCheckout } from "~/server/payments/upgrades.server";
import { isTestCheckoutSession } from "~/server/payments/stripe.server";
import { planNames, upgradedCampaign, upgradedRedirect } from "~/server/plans/cap-notices.server";
import { requireUser } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/core/toast.server";
import type { Route } from "./+types/checkout.test.$sessionId";
import { CampaignStatus, isPublicStatus } from "~/domain/campaign-status";
import { addOnsPath, myCampaignsPath, upgradePath, wizardPath } from "~/paths";
import { ADD_ON_OFFERS, AddOnStatus, isAddOnKind } from "~/domain/add-ons";
import { paidAddOnNotice } from "~/server/campaigns/add-ons.server";
import {
  AddOnCheckoutForm,
  type AddOnSummary,
  Message,
  OpenCheckout,
  type Summary,
  TestModeBanner,
  UpgradeCheckoutForm,
  type UpgradeSummary,
} from "~/components/checkout/test-checkout";

/**
 * The built-in checkout that stands in for Stripe when no keys are configured (decision 004). It
 * takes no money, so every state of it says TEST MODE, and paying runs the same completion as
 * Stripe's webhook.
 */

export const meta: Route.MetaFunction = () => [{ title: "TEST MODE · Checkout · Giveawear" }, { name: "robots", content: "noindex" }];

type View =
  | { state: "open"; sessionId: string; summary: Summary }
  | { state: "upgrade"; summary: UpgradeSummary }
  | { state: "addon"; summary: AddOnSummary }
  | { state: "paid"; successUrl: string; text?: string }
  | { state: "closed"; campaignId: string }
  | { state: "forbidden" }
  | { state: "not-found" };

type Lookup =
  | { kind: "refused"; view: View; status: number }
  | { kind: "found"; campaign: CheckoutCampaign; email: string }
  | { kind: "upgrade"; upgrade: UpgradeCheckout; email: string }
  | { kind: "addon"; purchase: AddOnCheckout; email: string };
type CheckoutCampaign = NonNullable<Awaited<ReturnType<typeof checkoutCampaign>>>;
type UpgradeCheckout = NonNullable<Awaited<ReturnType<typeof upgradeCheckout>>>;
type AddOnCheckout = NonNullable<Awaited<ReturnType<typeof addOnCheckout>>>;

/** Only the creator who launched the campaign may see or pay its checkout. */
async function lookup(request: Request, sessionId: string): Promise<Lookup> {
  const notFound = { kind: "refused" as const, view: { state: "not-found" as const }, status: 404 };
  if (!getConfig().testCheckoutEnabled || !isTestCheckoutSession(sessionId)) return notFound;
  const user = await requireUser(request);
  const campaign = await checkoutCampaign(sessionId);
  if (!campaign) {
    const upgrade = await upgradeCheckout(sessionId);
    if (!upgrade) {
      // An add-on (decision 068) is paid by whoever opened its checkout: the creator, or an admin.
      const purchase = await addOnCheckout(sessionId);
      if (!purchase) return notFound;
      if (purchase.buyerId !== user.id) return { kind: "refused", view: { state: "forbidden" }, status: 403 };
      return { kind: "addon", purchase, email: user.email };
    }
    if (upgrade.campaign.creatorId !== user.id) return { kind: "refused", view: { state: "forbidden" }, status: 403 };
    return { kind: "upgrade", upgrade, email: user.email };
  }
  if (campaign.creatorId !== user.id) return { kind: "refused", view: { state: "forbidden" }, status: 403 };
  return { kind: "found", campaign, email: user.email };
}

function viewOf(campaign: CheckoutCampaign, sessionId: string, email: string): View {
  if (isPublicStatus(campaign.status)) {
    return { state: "paid", successUrl: checkoutSuccessPath(campaign.id, sessionId) };
  }
  if (campaign.status !== CampaignStatus.pendingPayment) return { state: "closed", campaignId: campaign.id };
  return {
    state: "open",
    sessionId,
    summary: {
      campaignId: campaign.id,
      title: campaign.title,
      planName: campaign.plan?.name ?? "",
      priceCents: campaign.plan?.priceCents ?? campaign.totalCents + campaign.discountCents,
      discountCents: campaign.discountCents,
      couponCode: campaign.couponCode,
      totalCents: campaign.totalCents,
      email,
    },
  };
}

async function upgradeView(upgrade: UpgradeCheckout, email: string): Promise<View> {
  if (upgrade.status === "paid") return { state: "paid", successUrl: "/my-campaigns" };
  if (upgrade.status !== "pending") return { state: "not-found" };
  const names = await planNames([upgrade.fromPlanId, upgrade.toPlanId]);
  return {
    state: "upgrade",
    summary: {
      campaignId: upgrade.campaign.id,
      title: upgrade.campaign.title,
      fromPlan: names.get(upgrade.fromPlanId) ?? upgrade.fromPlanId,
      toPlan: names.get(upgrade.toPlanId) ?? upgrade.toPlanId,
      amountCents: upgrade.amountCents,
      email,
    },
  };
}

function addOnView(purchase: AddOnCheckout, email: string): View {
  if (purchase.status === AddOnStatus.paid) {
    return { state: "paid", successUrl: addOnsPath({ campaignId: purchase.campaign.id }), text: "This add-on has been paid for." };
  }
  if (purchase.status !== AddOnStatus.pending || !isAddOnKind(purchase.kind)) return { state: "not-found" };
  return {
    state: "addon",
    summary: {
      campaignId: purchase.campaign.id,
      title: purchase.campaign.title,
      addOnName: ADD_ON_OFFERS[purchase.kind].name,
      amountCents: purchase.amountCents,
      email,
    },
  };
}

/** The test checkout of an add-on: paying runs the same completion as Stripe's webhook. */
async function addOnAction(purchase: AddOnCheckout, email: string, intent: FormDataEntryValue | null, sessionId: string) {
  const back = addOnsPath({ campaignId: purchase.campaign.id });
  if (intent === "cancel") {
    if (purchase.status === AddOnStatus.paid) return redirect(back);
    return redirectWithToast(back, {
      type: "info",
      title: "Payment Cancelled",
      description: "Nothing was bought; you can buy it when you're ready.",
    });
  }
  if (intent !== "pay") return data(addOnView(purchase, email), { status: 400 });
  const { result } = await completeAddOn(sessionId);
  if (result === "underpaid" || result === "ignored") return data(addOnView(purchase, email), { status: 409 });
  const notice = await paidAddOnNotice(sessionId);
  return notice ? redirectWithToast(back, notice.toast) : redirect(back);
}

/** The test checkout of a plan upgrade: paying runs the same completion as Stripe's webhook. */
async function upgradeAction(upgrade: UpgradeCheckout, email: string, intent: FormDataEntryValue | null, sessionId: string) {
  if (intent === "cancel") {
    return redirectWithToast(upgradePath(upgrade.campaign.id), {
      type: "info",
      title: "Payment Cancelled",
      description: "Your campaign keeps its plan; you can upgrade when you're ready.",
    });
  }
  if (intent !== "pay") return data(await upgradeView(upgrade, email), { status: 400 });
  const result = await completeUpgrade(sessionId);
  if (result === "upgraded" || result === "already-paid") {
    const campaign = await upgradedCampaign(upgrade.campaign.id);
    return upgradedRedirect(campaign?.title ?? upgrade.campaign.title, campaign?.plan?.name ?? null, campaign?.entryLimit ?? null);
  }
  if (result === "not-applied") {
    return redirectWithToast(myCampaignsPath(), {
      type: "error",
      title: "Upgrade not applied",
      description: "The campaign was no longer live on the plan this upgrade was priced from. Please contact us for a refund.",
    });
  }
  return data(await upgradeView(upgrade, email), { status: 409 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await lookup(request, params.sessionId);
  if (found.kind === "refused") return data(found.view, { status: found.status });
  if (found.kind === "upgrade") return data(await upgradeView(found.upgrade, found.email), { headers: { "Cache-Control": "no-store" } });
  if (found.kind === "addon") return data(addOnView(found.purchase, found.email), { headers: { "Cache-Control": "no-store" } });
  return data(viewOf(found.campaign, params.sessionId, found.email), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const found = await lookup(request, params.sessionId);
  if (found.kind === "refused") return data(found.view, { status: found.status });
  if (found.kind === "upgrade") return upgradeAction(found.upgrade, found.email, (await readForm(request)).get("intent"), params.sessionId);
  if (found.kind === "addon") return addOnAction(found.purchase, found.email, (await readForm(request)).get("intent"), params.sessionId);
  const { campaign } = found;
  const successUrl = checkoutSuccessPath(campaign.id, params.sessionId);
  const intent = (await readForm(request)).get("intent");

  if (intent === "cancel") {
    if (isPublicStatus(campaign.status)) return redirect(successUrl);
    return redirectWithToast(checkoutCancelPath(campaign.id), {
      type: "info",
      title: "Payment Cancelled",
      description: "Your campaign is saved; you can pay when you're ready.",
    });
  }
  if (intent !== "pay") return data(viewOf(campaign, params.sessionId, found.email), { status: 400 });

  const result = await completeCheckout(params.sessionId);
  if (result === "ignored") return data(viewOf(campaign, params.sessionId, found.email), { status: 409 });
  return redirect(successUrl);
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <TestModeBanner />
      {view.state === "open" ? <OpenCheckout summary={view.summary} /> : null}
      {view.state === "upgrade" ? <UpgradeCheckoutForm summary={view.summary} /> : null}
      {view.state === "addon" ? <AddOnCheckoutForm summary={view.summary} /> : null}
      {view.state === "paid" ? (
        <Message title="Already paid" text={view.text ?? "This campaign has been paid for and is live."}>
          <Link to={view.successUrl} className="btn-primary">
            Continue
          </Link>
        </Message>
      ) : null}
      {view.state === "closed" ? (
        <Message title="Checkout closed" text="This campaign is not waiting for payment any more.">
          <Link to={wizardPath({ step: "5", campaignId: view.campaignId })} className="btn-primary">
            Back to the campaign
          </Link>
        </Message>
      ) : null}
      {view.state === "forbidden" ? (
        <Message title="Not your checkout" text="This checkout belongs to another account.">
          <Link to={myCampaignsPath()} className="btn-primary">
            My Campaigns
          </Link>
        </Message>
      ) : null}
      {view.state === "not-found" ? (
        <Message title="Checkout not found" text="This checkout does not exist or has been replaced by a newer one.">
          <Link to={myCampaignsPath()} className="btn-primary">
            My Campaigns
          </Link>
        </Message>
      ) : null}
    </section>
  );
}
