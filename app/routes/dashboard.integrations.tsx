import { data, Link } from "react-router";
import { Icon, type IconName } from "~/components/marketing/icons";
import { emailToolsPath, myCampaignsPath, webhooksPath } from "~/paths";
import { emailToolConnectionCount } from "~/server/integrations/email-tools.server";
import { webhookEndpointCount } from "~/server/integrations/webhooks.server";
import { requireUser } from "~/server/auth/session.server";
import type { Route } from "./+types/dashboard.integrations";

/** The brand account's integrations (decisions 055 and 056): where leads go besides the CSV export. */

export const meta = () => [{ title: "Integrations · Giveawear" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [emailTools, webhooks] = await Promise.all([emailToolConnectionCount(user.id), webhookEndpointCount(user.id)]);
  return data({ emailTools, webhooks }, { headers: { "Cache-Control": "no-store" } });
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const cards: { title: string; to: string; icon: IconName; text: string; status: string | null }[] = [
    {
      title: "Email tools",
      to: emailToolsPath(),
      icon: "mail",
      text: "Subscribe confirmed entrants who agree to marketing emails to your Klaviyo list or Mailchimp audience, and unsubscribe them when they withdraw.",
      status: loaderData.emailTools > 0 ? `${loaderData.emailTools} connected` : null,
    },
    {
      title: "Webhooks",
      to: webhooksPath(),
      icon: "bolt",
      text: "Send signed events (entry confirmed, campaign launched or ended, winner drawn, prize claimed, order shipped) to your own systems.",
      status: loaderData.webhooks > 0 ? `${loaderData.webhooks} endpoint${loaderData.webhooks === 1 ? "" : "s"}` : null,
    },
  ];
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={myCampaignsPath()} className="btn-ghost -ml-3">
        <span aria-hidden="true">←</span> My Campaigns
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Integrations</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Send your giveaways&apos; leads where your brand already works.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Integrations">
        {cards.map((card) => (
          <li key={card.title}>
            <Link
              to={card.to}
              className="card flex h-full flex-col gap-2 p-5 transition hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:border-brand-700 dark:hover:bg-brand-900/20"
              aria-describedby={`${card.title.replace(/\s+/g, "-").toLowerCase()}-text`}
            >
              <span className="flex items-center gap-2">
                <Icon name={card.icon} className="size-6 text-brand-700 dark:text-brand-300" />
                <span className="text-lg font-semibold">{card.title}</span>
                {card.status ? (
                  <span className="ml-auto rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">
                    {card.status}
                  </span>
                ) : null}
              </span>
              <span id={`${card.title.replace(/\s+/g, "-").toLowerCase()}-text`} className="text-sm text-slate-700 dark:text-slate-300">
                {card.text}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Each campaign&apos;s entries can also be downloaded as a CSV from its analytics page.
      </p>
    </section>
  );
}
