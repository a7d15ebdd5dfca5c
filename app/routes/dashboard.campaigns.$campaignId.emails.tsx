import { data, Link } from "react-router";
import { CampaignNotFoundHere } from "~/components/dashboard/campaign-not-found";
import { analyticsPath, emailPreviewPath } from "~/paths";
import { requireUser } from "~/server/auth/session.server";
import { emailPreview } from "~/server/email/preview.server";
import type { Route } from "./+types/dashboard.campaigns.$campaignId.emails";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData && !loaderData.notFound ? `Emails · ${loaderData.preview.campaign.title}` : "Campaign Not Found"} · Giveawear` },
  { name: "robots", content: "noindex" },
];

/**
 * The emails the campaign's entrants get, each as it would be sent with a sample entrant's details
 * (decision 081): rendered by the loader, so it works without JavaScript. The campaign's creator
 * and admins only; anyone else gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const preview = await emailPreview(user, params.campaignId, new URL(request.url).searchParams.get("email"));
  if (!preview) return data({ notFound: true as const }, { status: 404 });
  return { notFound: false as const, preview };
}

export default function EmailPreviews({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.notFound) {
    return (
      <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <CampaignNotFoundHere />
      </section>
    );
  }
  const { campaign, emails, selected } = loaderData.preview;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={analyticsPath(params.campaignId)} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> Back to Analytics
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-words sm:text-3xl">{campaign.title} - Emails to entrants</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        Each email as your entrants get it, with a sample entrant&apos;s details. The wording is Giveawear&apos;s; your logo, prize picture,
        accent colour and support address come from the campaign.
      </p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Emails">
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {emails.map((email) => (
              <li key={email.id}>
                <Link
                  to={emailPreviewPath(campaign.id, email.id)}
                  aria-current={selected?.id === email.id ? "page" : undefined}
                  className={selected?.id === email.id ? "btn-primary w-full justify-start" : "btn-secondary w-full justify-start"}
                >
                  {email.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {selected ? (
          <article aria-labelledby="email-subject" className="min-w-0">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold">From</dt>
              <dd className="break-words" data-testid="email-from">
                {selected.from}
              </dd>
              <dt className="font-semibold">Reply-To</dt>
              <dd className="break-words" data-testid="email-reply-to">
                {selected.replyTo ?? "None: add a support address to the campaign so replies reach you."}
              </dd>
              <dt className="font-semibold">Subject</dt>
              <dd id="email-subject" className="break-words">
                {selected.subject}
              </dd>
            </dl>
            <iframe
              title={`${selected.label}: the email`}
              srcDoc={selected.html}
              sandbox=""
              className="mt-4 h-[56rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
            />
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-semibold">Plain-text version</summary>
              <pre className="mt-2 overflow-x-auto text-sm whitespace-pre-wrap break-words">{selected.text}</pre>
            </details>
          </article>
        ) : (
          <p>This email&apos;s template is missing; run the seed.</p>
        )}
      </div>
    </section>
  );
}
