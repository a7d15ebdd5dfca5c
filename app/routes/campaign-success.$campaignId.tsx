import { useEffect, useState } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { ADD_ON_OFFERS, AddOnKind, COMING_SOON_ADD_ONS } from "~/domain/add-ons";
import { formatPrice } from "~/domain/plans";
import { campaignAddOns } from "~/server/campaigns/add-ons.server";
import { designPreviewUrl } from "~/domain/ai-prompts";
import { ActionToast } from "~/components/ui/action-toast";
import { Confetti } from "~/components/ui/confetti";
import { useHydrated } from "~/components/ui/use-hydrated";
import { publicUrl } from "~/server/core/public-url.server";
import { requireUser } from "~/server/auth/session.server";
import type { IdentifiedToast } from "~/server/core/toast.server";
import { successPageCampaign } from "~/server/wizard/launch.server";
import type { Route } from "./+types/campaign-success.$campaignId";
import { addOnsPath, analyticsReportPath, campaignEmbedPath, campaignPath, href, myCampaignsPath } from "~/paths";
import { EmbedSnippet, PosterLinks } from "~/components/sharing/share-tools";
import { embedSnippet } from "~/domain/share";
import { CampaignStatus, formatUtcDateTime, isPublicStatus } from "~/domain/campaign-status";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && "confirming" in loaderData ? "Confirming your payment · Giveawear" : "Campaign Launched · Giveawear" },
];

/** How often the "confirming" state asks again, with or without JavaScript. */
const CONFIRM_POLL_SECONDS = 3;

const ERRORS = {
  notFound: "Campaign data not found. Your session might have expired or the link is incorrect.",
  invalidAccess: "Invalid access to success page. Missing required information.",
  afterPayment: "Could not retrieve campaign details after payment. Please check your dashboard or contact support.",
} as const;

/** The campaign's add-ons (decision 068): what can be bought for it now, and what it has. */
interface SuccessAddOns {
  /** A boost can be bought (live, not featured yet). */
  featurable: boolean;
  featuredUntil: string | null;
  reportable: boolean;
  reportHref: string | null;
}

type SuccessPage =
  | { ok: false; error: string }
  | { ok: false; confirming: true; campaign: { id: string; title: string } }
  | {
      ok: true;
      campaign: { id: string; title: string; designUrl: string | null };
      publicUrl: string;
      embedSnippet: string;
      addOns: SuccessAddOns | null;
    };

/** An error page with its status: nothing to show is a 4xx, whoever asks. */
function failed(error: string, status: 400 | 404) {
  return data<SuccessPage>({ ok: false, error }, { status });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const reference = url.searchParams.get("session_id") ?? url.searchParams.get("st_ck_id");
  const free = url.searchParams.get("free_campaign") === "true";
  if (params.campaignId === "new" && !reference) return failed(ERRORS.invalidAccess, 400);

  // Only the creator's own campaign: anyone else's id is answered exactly like one that does not exist.
  const campaign = await successPageCampaign(user.id, params.campaignId);
  if (!campaign) return failed(reference ? ERRORS.afterPayment : ERRORS.notFound, 404);
  // Back from the checkout before its webhook: wait for it rather than call the payment failed.
  if (campaign.status === CampaignStatus.pendingPayment && reference && reference === campaign.stripeCheckoutSessionId) {
    return data<SuccessPage>({ ok: false, confirming: true, campaign: { id: campaign.id, title: campaign.title } });
  }
  // The creator's campaign, but not launched: there is no launched campaign to show.
  if (!isPublicStatus(campaign.status)) {
    return failed(reference || !free ? ERRORS.afterPayment : ERRORS.notFound, 404);
  }
  const addOns = await campaignAddOns(user.id, campaign.id).catch((error: unknown) => {
    console.error(`[success] could not read the add-ons of ${campaign.id}`, error);
    return null;
  });
  return data<SuccessPage>({
    ok: true,
    addOns: addOns && {
      featurable: addOns.featurable,
      featuredUntil: addOns.featuredUntil ? formatUtcDateTime(addOns.featuredUntil) : null,
      reportable: addOns.reportable,
      reportHref: addOns.reportBought ? analyticsReportPath(campaign.id) : null,
    },
    campaign: {
      id: campaign.id,
      title: campaign.title,
      designUrl: campaign.finalDesignUrl ? designPreviewUrl(campaign.finalDesignUrl) : null,
    },
    publicUrl: publicUrl(campaignPath(campaign.id)),
    embedSnippet: embedSnippet(publicUrl(campaignEmbedPath(campaign.id)), campaign.title),
  });
}

function ShareLink({ url }: { url: string }) {
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
function ConfirmingPayment({ title }: { title: string }) {
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

export default function CampaignSuccess({ loaderData }: Route.ComponentProps) {
  const [celebrate, setCelebrate] = useState(false);
  useEffect(() => setCelebrate(loaderData.ok), [loaderData.ok]);

  if (!loaderData.ok && "confirming" in loaderData) return <ConfirmingPayment title={loaderData.campaign.title} />;
  if (!loaderData.ok) {
    return (
      <section className="mx-auto max-w-lg px-4 py-16">
        <div className="card p-8 text-center">
          <h1 className="text-2xl font-bold">Oops! Something went wrong.</h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{loaderData.error}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={myCampaignsPath()} className="btn-primary">
              My Campaigns
            </Link>
            <Link to={href("/")} className="btn-secondary">
              Home
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const { campaign } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      {celebrate ? <Confetti pieces={150} durationMs={6000} /> : null}
      <div className="card p-6 text-center sm:p-10">
        <span
          aria-hidden="true"
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 dark:bg-emerald-900"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-9 w-9 text-emerald-700 dark:text-emerald-300"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Campaign Launched!</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Congratulations! Your giveaway "{campaign.title}" is now live.</p>
        {campaign.designUrl ? (
          <img
            src={campaign.designUrl}
            alt={`The design for ${campaign.title}`}
            width={240}
            height={240}
            className="mx-auto mt-6 h-60 w-60 rounded-xl border border-slate-200 bg-slate-50 object-contain p-2 dark:border-slate-700 dark:bg-slate-800"
          />
        ) : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={campaignPath(campaign.id)} reloadDocument className="btn-primary">
            View Your Giveaway
          </Link>
          <Link to={myCampaignsPath()} className="btn-secondary">
            Go to Dashboard
          </Link>
        </div>
        <ShareLink url={loaderData.publicUrl} />
      </div>

      <section className="card mt-8 space-y-5 p-6 sm:p-8" aria-labelledby="share-more-heading">
        <h2 id="share-more-heading" className="text-xl font-semibold">
          Take it offline and onto your site
        </h2>
        <PosterLinks campaignId={campaign.id} />
        <EmbedSnippet snippet={loaderData.embedSnippet} />
      </section>

      <AddOnCards campaignId={campaign.id} addOns={loaderData.addOns} />
    </section>
  );
}

/**
 * The add-ons (decision 068): the two that exist, each bought for this giveaway with one button
 * (a plain form to the add-ons page, which opens the checkout), and the one that does not, without
 * a price.
 */
function AddOnCards({ campaignId, addOns }: { campaignId: string; addOns: SuccessAddOns | null }) {
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
