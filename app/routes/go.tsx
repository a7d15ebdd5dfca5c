import { Link } from "react-router";
import { Icon } from "~/components/marketing/icons";
import { marketingPrice } from "~/components/marketing/price";
import { PromoBanner } from "~/components/marketing/promo-banner";
import { FeatureGrid, Section, SectionHeading, StepList, type Feature, type Step } from "~/components/marketing/sections";
import { PlatformFiguresSection, hasFigures } from "~/components/marketing/platform-figures";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { lowestPaidPlan } from "~/domain/plans";
import { landingFigures, landingTexts } from "~/server/marketing/landing.server";
import { homepageSlides } from "~/server/marketing/slider.server";
import { activePlans } from "~/server/plans/active-plans.server";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/go";
import { href } from "~/paths";

const TITLE = "Give Away Great Shirts, Grow a Real Audience · Giveawear";
const DESCRIPTION =
  "Launch a branded merch giveaway in minutes. Entrants join with an email, share for bonus entries, and we ship the prize to your winner.";
/** While referrals earn nothing (platform setting referralsEnabled off), the page does not offer bonus entries. */
const DESCRIPTION_WITHOUT_REFERRALS =
  "Launch a branded merch giveaway in minutes. Entrants join with an email, share it with friends, and we ship the prize to your winner.";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(TITLE, loaderData?.referralsEnabled ? DESCRIPTION : DESCRIPTION_WITHOUT_REFERRALS, { website: true });

const LEAD =
  "Launch a branded merch giveaway in minutes. Entrants join with just an email, share for bonus entries, and we ship the prize to your winner.";
const LEAD_WITHOUT_REFERRALS =
  "Launch a branded merch giveaway in minutes. Entrants join with just an email, share it with friends, and we ship the prize to your winner.";

export async function loader() {
  // No default copy here: which lead stands in for an empty one depends on whether referrals are on.
  const [slides, plans, texts, figures] = await Promise.all([homepageSlides(), activePlans(), landingTexts(""), landingFigures()]);
  const plan = lowestPaidPlan(plans);
  return {
    heroImage: slides[0] ?? null,
    ...texts,
    homepageCopy: texts.homepageCopy || (texts.referralsEnabled ? LEAD : LEAD_WITHOUT_REFERRALS),
    startingPrice: plan ? marketingPrice(plan.priceCents) : null,
    figures: hasFigures(figures) ? figures : null,
  };
}

/** The benefits; the second promises referral bonus entries only while referrals earn them, sharing alone otherwise. */
const benefits = (referralsEnabled: boolean): readonly Feature[] => [
  {
    icon: "mail",
    title: "Grow Your Email List",
    text: "Every entry is a real email address. Entrants can opt in to hear from you, and the consent box is never pre-ticked.",
  },
  {
    icon: "megaphone",
    title: "Reach Beyond Your Followers",
    text: referralsEnabled
      ? `Entrants share a personal link and earn ${REFERRAL_BONUS_ENTRIES} bonus entries for each new friend who enters and confirms, so your giveaway travels on its own.`
      : "Every entrant gets a personal link to pass your giveaway on to friends, so it travels on its own.",
  },
  {
    icon: "shirt",
    title: "Merch People Actually Want",
    text: "A t-shirt, hoodie or mug with your design is a prize people wear, use and show off long after the giveaway.",
  },
  {
    icon: "bolt",
    title: "Zero Logistics",
    text: "We draw the winner fairly, collect their size and address, and our print partner ships the prize.",
  },
];

const STEPS: readonly Step[] = [
  { title: "Design", text: "Upload your artwork or create a design with the AI designer." },
  { title: "Launch", text: "Pick your dates and prize, and your giveaway page goes live." },
  { title: "Share", text: "Post the link; entrants join with an email and invite friends." },
  { title: "Ship", text: "A random winner is drawn and we deliver their prize." },
];

export default function Go({ loaderData }: Route.ComponentProps) {
  const { heroImage, startingPrice, homepageCopy, promoBanner, referralsEnabled, figures } = loaderData;
  return (
    <>
      <PromoBanner text={promoBanner} />
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">For creators and brands</p>
          <h1
            id="hero-title"
            className="mx-auto mt-3 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Give Away Great Shirts. Grow a Real Audience.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">{homepageCopy}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={href("/create-campaign")} className="btn-primary px-6 py-3 text-base">
              Start Your Giveaway
            </Link>
            <Link to={href("/how-it-works")} className="btn-secondary px-6 py-3 text-base">
              See How It Works
            </Link>
          </div>
          {heroImage ? (
            <div className="mx-auto mt-12 max-w-3xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-100 to-slate-200 shadow-xl dark:from-slate-800 dark:to-slate-900">
              <img
                src={heroImage.imageUrl}
                alt={heroImage.altText || "A giveaway shirt design"}
                width="1200"
                height="800"
                fetchPriority="high"
                decoding="async"
                className="aspect-[3/2] h-auto w-full object-cover"
              />
            </div>
          ) : null}
        </div>
      </section>

      <Section labelledBy="why-title">
        <SectionHeading
          id="why-title"
          title="Why Creators Use Giveawear"
          intro="A giveaway is the fastest way to meet new fans. We make it effortless, fair and worth sharing."
        />
        <FeatureGrid features={benefits(referralsEnabled)} columns={4} />
      </Section>

      <Section tone="tinted" labelledBy="process-title">
        <SectionHeading id="process-title" eyebrow="The process" title="Four Steps From Idea to Winner" />
        <StepList steps={STEPS} />
      </Section>

      <PlatformFiguresSection figures={figures} />

      <section aria-labelledby="offer-title" className="px-4 pb-16 sm:px-6 sm:pb-20">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-brand-800 px-6 py-12 text-center text-white shadow-xl sm:px-12 dark:bg-brand-900">
          <h2 id="offer-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {startingPrice ? `Start for just ${startingPrice} — no subscription required` : "Start today — no subscription required"}
          </h2>
          <p className="max-w-2xl text-lg text-pretty text-brand-100">
            Pay once per campaign. Your giveaway page, the fair draw and shipping the prize are included in every plan.
          </p>
          <Link
            to={href("/pricing")}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            See Pricing
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
