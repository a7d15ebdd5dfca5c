import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { campaignAddOns } from "~/server/campaigns/add-ons.server";
import { designPreviewUrl } from "~/domain/ai-prompts";
import { Confetti } from "~/components/ui/confetti";
import { publicUrl } from "~/server/core/public-url.server";
import { requireUser } from "~/server/auth/session.server";
import { successPageCampaign } from "~/server/wizard/launch.server";
import type { Route } from "./+types/campaign-success.$campaignId";
import { analyticsReportPath, campaignEmbedPath, campaignPath, href, myCampaignsPath } from "~/paths";
import { EmbedSnippet, PosterLinks } from "~/components/sharing/share-tools";
import { embedSnippet } from "~/domain/share";
import { CampaignStatus, formatUtcDateTime, isPublicStatus } from "~/domain/campaign-status";
import { AddOnCards, ConfirmingPayment, ShareLink, type SuccessAddOns } from "~/components/campaign/success-page";
import { log } from "~/server/core/log.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && "confirming" in loaderData ? "Confirming your payment · Giveawear" : "Campaign Launched · Giveawear" },
];

const ERRORS = {
  notFound: "Campaign data not found. Your session might have expired or the link is incorrect.",
  invalidAccess: "Invalid access to success page. Missing required information.",
  afterPayment: "Could not retrieve campaign details after payment. Please check your dashboard or contact support.",
} as const;

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
    log.error({ err: error }, `[success] could not read the add-ons of ${campaign.id}`);
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
