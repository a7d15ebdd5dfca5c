import { Link } from "react-router";
import { Icon, IconBadge, type IconName } from "~/components/marketing/icons";
import { CheckList, PageHeader } from "~/components/marketing/sections";
import { pageMeta } from "~/components/marketing/meta";
import { durationChoices, pricingStory } from "~/components/marketing/price";
import { activePlans } from "~/server/plans/active-plans.server";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/how-it-works";
import { href } from "~/paths";

const TITLE = "How It Works · Giveawear";
const DESCRIPTION =
  "Six steps from idea to delivered prize: create your campaign, design your merch, launch and promote, collect leads, pick a winner, and let us fulfil the order.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION);

/**
 * Bonus entries are promised only while referrals earn them (platform setting referralsEnabled);
 * durations are the wizard's and prices the catalogue's (decision 046).
 */
export async function loader() {
  const [referralsEnabled, plans] = await Promise.all([platformSetting("referralsEnabled"), activePlans()]);
  return { referralsEnabled, durations: durationChoices(), pricing: pricingStory(plans) };
}

interface HowStep {
  icon: IconName;
  title: string;
  text: string;
  points: readonly string[];
}

/**
 * SPEC "How it works (six steps)". Referral bonus entries are promised only while referrals earn
 * them; otherwise entrants still get a link to share.
 */
const howSteps = (referralsEnabled: boolean, durations: string): readonly HowStep[] => [
  {
    icon: "clipboard",
    title: "Create Your Campaign",
    text: "Our step-by-step wizard guides you through everything: design the shirt, choose how long the giveaway runs, and make it yours.",
    points: [`Pick a ${durations} day giveaway`, "Upload your brand logo", "Add digital gifts or discounts for entrants and winners"],
  },
  {
    icon: "shirt",
    title: "Design Your Merch",
    text: "Choose a t-shirt, hoodie or mug, then upload your own artwork or generate a design with AI.",
    points: [
      "Upload artwork or generate it with the AI designer",
      "A mockup is made automatically",
      "Choose the colours and sizes on offer",
    ],
  },
  {
    icon: "megaphone",
    title: "Launch and Promote",
    text: "Your giveaway gets its own page with a unique, shareable URL. Post it on social media, in your newsletter, anywhere your audience is.",
    points: [
      "A unique shareable URL for every campaign",
      "Share links for email, X, Facebook and WhatsApp",
      "Official rules generated for you",
    ],
  },
  {
    icon: "target",
    title: "Collect Leads",
    text: "Entrants join with their email, no account needed; those who tick your news-and-offers box join your audience.",
    points: [
      "Email entry, confirmed from the entrant's inbox",
      referralsEnabled ? `${REFERRAL_BONUS_ENTRIES} bonus entries for every friend referred` : "A personal link for every entrant to share",
      "Track entries in real time",
    ],
  },
  {
    icon: "trophy",
    title: "Winner Selection",
    text: "When the giveaway ends, its list of confirmed entries is frozen and published. Minutes later the winner is drawn from a secret fixed at launch mixed with a public drand beacon nobody can predict, notified by email, and anyone can re-check the draw.",
    points: ["Random draw, weighted by entries", "Winners notified by email", "Verifiable with the published seed"],
  },
  {
    icon: "truck",
    title: "Automated Fulfilment",
    text: "The winner tells us their size, style and colour, and the order is sent to our print partner for delivery.",
    points: ["Size, style and colour collected from the winner", "Order sent to the print partner", "Shipping status tracked for you"],
  },
];

export default function HowItWorks({ loaderData }: Route.ComponentProps) {
  const { pricing } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="How it works"
        title="From Idea to Delivered Prize in Six Steps"
        intro="Giveawear handles the design, the giveaway page, the draw and the shipping. Here is what happens at each step."
      />

      <ol className="mx-auto max-w-4xl space-y-6 px-4 pt-6 pb-16 sm:px-6">
        {howSteps(loaderData.referralsEnabled, loaderData.durations).map((step, index) => (
          <li key={step.title} className="card flex flex-col gap-5 p-6 sm:flex-row sm:p-8">
            <div className="flex items-center gap-4 sm:flex-col sm:items-center">
              <span
                aria-hidden="true"
                className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-brand-300 dark:text-slate-950"
              >
                {index + 1}
              </span>
              <IconBadge name={step.icon} />
            </div>
            <div>
              <h2 className="text-2xl font-bold tracking-tight">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{step.text}</p>
              <CheckList items={step.points} className="mt-4 text-sm" />
            </div>
          </li>
        ))}
      </ol>

      <section aria-labelledby="start-title" className="px-4 pb-20 text-center sm:px-6">
        <h2 id="start-title" className="text-3xl font-bold tracking-tight">
          Ready to run your first giveaway?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700 dark:text-slate-300">
          {pricing.free
            ? `It takes a few minutes, and the ${pricing.free.name} plan is free.`
            : pricing.paid
              ? `It takes a few minutes; plans start at ${pricing.paid.price}, paid once per campaign.`
              : "It takes a few minutes."}
        </p>
        <Link to={href("/create-campaign")} className="btn-primary mt-8 px-6 py-3 text-base">
          Create Your First Campaign
          <Icon name="arrowRight" className="h-5 w-5" />
        </Link>
      </section>
    </>
  );
}
