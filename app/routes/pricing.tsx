import { Link } from "react-router";
import { Icon } from "~/components/marketing/icons";
import { durationChoices, marketingPrice, pricingStory } from "~/components/marketing/price";
import { CheckList, PageHeader } from "~/components/marketing/sections";
import { getConfig } from "~/server/core/config.server";
import { eliteCard } from "~/domain/plans";
import { activePlans } from "~/server/plans/active-plans.server";
import type { Route } from "./+types/pricing";
import { href } from "~/paths";

const TITLE = "Pricing · Giveawear";
const DESCRIPTION =
  "Flexible one-time pricing for every creator: start free, or pick a plan with more entries, AI design credits and analytics.";

export const meta: Route.MetaFunction = () => [
  { title: TITLE },
  { name: "description", content: DESCRIPTION },
  { property: "og:title", content: "Flexible Pricing for Every Creator · Giveawear" },
  { property: "og:description", content: DESCRIPTION },
];

export async function loader() {
  const plans = await activePlans();
  const salesEmail = getConfig().SALES_EMAIL;
  return {
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price: marketingPrice(plan.priceCents),
      popular: plan.popular,
      features: plan.features,
    })),
    // The Elite card builds on the top plan of the catalogue, whatever an admin calls it.
    elite: eliteCard(
      plans.reduce<(typeof plans)[number] | undefined>((top, plan) => (!top || plan.priceCents > top.priceCents ? plan : top), undefined)
        ?.name,
    ),
    pricing: pricingStory(plans),
    durations: durationChoices(),
    salesHref: `mailto:${salesEmail}?subject=${encodeURIComponent("Elite Solutions enquiry")}`,
  };
}

/** The answers that quote the catalogue and the wizard are built from them (decision 046). */
const faq = (free: string | null, durations: string) => [
  {
    q: "Is there a subscription?",
    a: free
      ? `No. You pay once per campaign, when you launch it. The ${free} plan is free, and coupon codes apply at checkout.`
      : "No. You pay once per campaign, when you launch it. Coupon codes apply at checkout.",
  },
  {
    q: "How long does a giveaway run?",
    a: `You choose ${durations} days in the wizard, on every plan.`,
  },
  {
    q: "Do entrants have to pay or sign up?",
    a: "Never. Entering is free and needs only an email address: no purchase, no account, no app.",
  },
  {
    q: "What is included in every plan?",
    a: "Your giveaway's own page, a fair random draw with a published seed, winner notification by email, and printing the prize and shipping it to your winner.",
  },
];

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, elite, salesHref, pricing, durations } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Flexible Pricing for Every Creator"
        intro={`One-time prices per campaign, no subscription and no hidden fees.${pricing.free ? " Start free and pick a bigger plan when your audience grows." : ""}`}
      />

      <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
          {plans.map((plan) => (
            <li
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              className={`card relative flex flex-col p-6 ${plan.popular ? "border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400" : ""}`}
            >
              {plan.popular ? (
                <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white dark:bg-brand-300 dark:text-slate-950">
                  Most Popular
                </p>
              ) : null}
              <h2 id={`plan-${plan.id}`} className="text-xl font-bold">
                {plan.name}
              </h2>
              <p className="mt-2 text-sm text-slate-700 md:min-h-[3lh] dark:text-slate-300">{plan.description}</p>
              <p className="mt-5 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight">{plan.price}</span>{" "}
                <span className="text-sm font-medium text-slate-700 dark:text-slate-300">/one-time</span>
              </p>
              <CheckList items={plan.features} className="mt-6 flex-1 text-sm" />
              <Link
                to={`${href("/create-campaign")}?selectedPlanId=${encodeURIComponent(plan.id)}`}
                className={`${plan.popular ? "btn-primary" : "btn-secondary"} mt-8 w-full py-3`}
              >
                Choose {plan.name}
              </Link>
            </li>
          ))}

          <li aria-labelledby="plan-elite" className="card flex flex-col bg-slate-900 p-6 text-white dark:bg-slate-800">
            <h2 id="plan-elite" className="text-xl font-bold">
              Elite Solutions
            </h2>
            <p className="mt-2 text-sm text-slate-300 md:min-h-[3lh]">{elite.description}</p>
            <p className="mt-5 text-4xl font-extrabold tracking-tight">Custom</p>
            <div className="mt-6 flex-1 text-sm">
              <p className="font-semibold">{elite.heading}</p>
              <ul className="mt-3 space-y-3">
                {elite.features.map((feature) => (
                  <li key={feature} className="flex gap-3">
                    <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </div>
            <a
              href={salesHref}
              className="mt-8 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-slate-900 shadow-sm transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Icon name="mail" className="h-5 w-5" />
              Contact Sales
            </a>
          </li>
        </ul>

        <section aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl">
          <h2 id="faq-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            Questions, Answered
          </h2>
          <dl className="mt-8 divide-y divide-slate-200 dark:divide-slate-800">
            {faq(pricing.free?.name ?? null, durations).map((item) => (
              <div key={item.q} className="py-5">
                <dt className="font-semibold">{item.q}</dt>
                <dd className="mt-2 text-slate-700 dark:text-slate-300">{item.a}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-10 flex flex-col items-center justify-center gap-3 text-center sm:flex-row">
            <span className="text-slate-700 dark:text-slate-300">Still have questions?</span>
            <Link to={href("/contact")} className="btn-secondary">
              Contact Support
            </Link>
            <Link to={href("/how-it-works")} className="btn-ghost">
              How It Works
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
