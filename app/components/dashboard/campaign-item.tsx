import { Form, Link, useNavigation } from "react-router";
import { CampaignStatus, mayEditCampaign } from "~/domain/campaign-status";
import { DASHBOARD_MESSAGES, type DashboardCampaign, type DashboardQuery } from "~/domain/dashboard";
import { embedSnippet } from "~/domain/share";
import { analyticsPath, campaignPath, wizardPath } from "~/paths";
import { EmbedSnippet, PosterLinks } from "../sharing/share-tools";
import { StatusBadge, toneFor } from "./status-badge";

export type { DashboardCampaign };

const action =
  "inline-flex items-center justify-center rounded-md px-2.5 py-1.5 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600";
const neutral = `${action} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const danger = `${action} border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950`;

function Thumbnail({ campaign, className }: { campaign: DashboardCampaign; className: string }) {
  return (
    <div className={`overflow-hidden bg-slate-100 dark:bg-slate-800 ${className}`}>
      {campaign.image ? (
        <img
          src={campaign.image.src}
          srcSet={campaign.image.srcSet}
          sizes={campaign.image.srcSet ? "(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw" : undefined}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
          alt=""
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center p-2 text-center text-xs font-medium text-slate-600 dark:text-slate-300">
          {campaign.productLabel}
        </div>
      )}
    </div>
  );
}

/**
 * View (Preview before launch), Stats, Edit (before launch, and a live campaign's presentation), Copy and Delete. Campaign pages are plain documents
 * (no client runtime), so View reloads. Delete asks first in a <details> panel, which opens without JavaScript.
 */
function CampaignActions({ campaign, query }: { campaign: DashboardCampaign; query: DashboardQuery }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("campaignId") === campaign.id;
  const name = campaign.title;
  return (
    <div className="flex flex-wrap items-start gap-1 sm:gap-1.5">
      {/* Every card has View; before launch it is the creator's own preview of the page. */}
      <Link
        to={campaignPath(campaign.id)}
        reloadDocument
        className={neutral}
        aria-label={`${campaign.isPublic ? "View" : "Preview"} ${name}`}
      >
        {campaign.isPublic ? "View" : "Preview"}
      </Link>
      <Link to={analyticsPath(campaign.id)} className={neutral} aria-label={`Stats for ${name}`}>
        Stats
      </Link>
      {/* A live campaign's presentation stays editable (decision 048); an ended one is a record, and Copy starts a new one from it. */}
      {mayEditCampaign(campaign.status) ? (
        <Link to={wizardPath({ campaignId: campaign.id })} className={neutral} aria-label={`Edit ${name}`}>
          Edit
        </Link>
      ) : null}
      <Link to={wizardPath({ duplicateId: campaign.id })} className={neutral} aria-label={`Copy ${name}`}>
        Copy
      </Link>
      {campaign.isPublic ? <SharePanel campaign={campaign} /> : null}
      <details className="relative ml-auto" data-testid="delete-panel">
        <summary className={`${danger} cursor-pointer`} aria-label={`Delete ${name}`}>
          Delete
        </summary>
        {/* Opens upwards over the card, so the card's rounded clipping never cuts it off. */}
        <div className="absolute right-0 bottom-full z-10 mb-2 w-64 max-w-[calc(100vw-3rem)] rounded-lg border border-red-200 bg-red-50 p-3 text-sm shadow-lg dark:border-red-900 dark:bg-red-950">
          {campaign.deletable ? (
            <Form method="post" className="flex flex-col gap-2">
              <p className="text-red-900 dark:text-red-100">
                Delete <strong className="break-words">{name}</strong> for good? Its draft, design choices and prizes go with it.
              </p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="campaignId" value={campaign.id} />
              <input type="hidden" name="tab" value={query.tab} />
              <input type="hidden" name="view" value={query.view} />
              <button
                type="submit"
                disabled={deleting}
                className="inline-flex w-fit items-center rounded-md bg-red-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
              >
                {deleting ? "Deleting…" : "Yes, delete campaign"}
              </button>
            </Form>
          ) : (
            <p className="text-red-900 dark:text-red-100">
              {DASHBOARD_MESSAGES.cannotDeleteLaunched}
              {campaign.status === CampaignStatus.active ? (
                <>
                  {" "}
                  To change its description, pictures or links,{" "}
                  <Link to={wizardPath({ campaignId: campaign.id })} className="font-semibold underline">
                    edit it
                  </Link>
                  .
                </>
              ) : null}
            </p>
          )}
        </div>
      </details>
    </div>
  );
}

/**
 * Share: print a poster, and (given the absolute embed address) the embed snippet. A <details>
 * panel, so it opens without JavaScript; it opens upwards over the card like Delete.
 */
function SharePanel({ campaign }: { campaign: DashboardCampaign }) {
  return (
    <details className="relative" data-testid="share-panel">
      <summary className={`${neutral} cursor-pointer`} aria-label={`Share ${campaign.title}: poster and embed`}>
        Share
      </summary>
      <div className="absolute bottom-full left-0 z-10 mb-2 w-80 max-w-[calc(100vw-3rem)] space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <PosterLinks campaignId={campaign.id} />
        {campaign.embedUrl ? <EmbedSnippet snippet={embedSnippet(campaign.embedUrl, campaign.title)} /> : null}
      </div>
    </details>
  );
}

function Meta({ campaign }: { campaign: DashboardCampaign }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span>{campaign.dateLabel}</span>
      <span aria-hidden="true"> · </span>
      <span data-testid="campaign-entries">{campaign.entriesLabel}</span>
      <span aria-hidden="true"> · </span>
      <span>{campaign.viewsLabel}</span>
    </p>
  );
}

export function CampaignGridCard({ campaign, query }: { campaign: DashboardCampaign; query: DashboardQuery }) {
  return (
    <article className="card flex h-full flex-col overflow-hidden" data-testid="campaign-item" aria-label={campaign.title}>
      <Thumbnail campaign={campaign} className="aspect-[4/3]" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <StatusBadge tone={toneFor(campaign.status)} testId="campaign-status">
            {campaign.statusLabel}
          </StatusBadge>
          <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{campaign.productLabel}</span>
        </div>
        <h3 className="text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">{campaign.title}</h3>
        <Meta campaign={campaign} />
        <div className="mt-auto pt-2">
          <CampaignActions campaign={campaign} query={query} />
        </div>
      </div>
    </article>
  );
}

export function CampaignListRow({ campaign, query }: { campaign: DashboardCampaign; query: DashboardQuery }) {
  return (
    <article className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-testid="campaign-item" aria-label={campaign.title}>
      <div className="flex min-w-0 flex-1 gap-3">
        <Thumbnail campaign={campaign} className="size-16 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-slate-900 dark:text-white">{campaign.title}</h3>
            <StatusBadge tone={toneFor(campaign.status)} testId="campaign-status">
              {campaign.statusLabel}
            </StatusBadge>
          </div>
          <Meta campaign={campaign} />
        </div>
      </div>
      <div className="sm:shrink-0">
        <CampaignActions campaign={campaign} query={query} />
      </div>
    </article>
  );
}
