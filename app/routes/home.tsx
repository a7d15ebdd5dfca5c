import { Link } from "react-router";
import { HeroSlider } from "~/components/marketing/hero-slider";
import { marketingPrice } from "~/components/marketing/price";
import { PromoBanner } from "~/components/marketing/promo-banner";
import { CallToAction, FeatureGrid, Section, SectionHeading, StepList, type Feature, type Step } from "~/components/marketing/sections";
import { TestimonialCarousel } from "~/components/marketing/testimonials";
import { lowestPaidPlan } from "~/domain/plans";
import { landingTexts } from "~/server/landing.server";
import { homepageSlides } from "~/server/slider.server";
import { activePlans } from "~/server/wizard.server";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/home";

const TITLE = "Branded Shirt Giveaways, From Design to Doorstep · Giveawear";
const DESCRIPTION =
  "Create a branded shirt giveaway in minutes: automated winner selection, automatic fulfillment, an AI designer, bonus prizes and referrals.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION, { website: true });

const LEAD =
  "Design a shirt, launch a giveaway with its own page, collect entries by email and let us pick the winner and ship the prize. Your audience grows while we handle the rest.";

export async function loader() {
  const [slides, plans, texts] = await Promise.all([homepageSlides(), activePlans(), landingTexts(LEAD)]);
  const plan = lowestPaidPlan(plans);
  return { slides, ...texts, teaser: plan ? { planId: plan.id, price: marketingPrice(plan.priceCents) } : null };
}

const FEATURES: readonly Feature[] = [
  {
    icon: "trophy",
    title: "Automated Winner Selection",
    text: "When your giveaway ends, a winner is drawn at random, weighted by entries, and notified by email. No spreadsheets, no guesswork.",
  },
  {
    icon: "truck",
    title: "Automatic Fulfillment",
    text: "Your winner picks size, style and colour, and the order goes straight to our print partner. You never pack a box.",
  },
  {
    icon: "sparkles",
    title: "Your Design or Our AI Designer",
    text: "Upload your own artwork, or describe an idea and let the AI designer create print-ready designs for you.",
  },
  {
    icon: "gift",
    title: "Bonus Prizes or Coupons",
    text: "Add runner-up prizes, a bonus gift for the winner, or a coupon code every entrant receives.",
  },
  {
    icon: "users",
    title: "Built-In Referral System",
    text: "Every entrant gets a personal link and earns 3 bonus entries for each friend who enters through it.",
  },
];

const STEPS: readonly Step[] = [
  { title: "Design Your Shirt", text: "Upload your artwork or generate it with AI, then pick the colours and sizes." },
  { title: "Add Campaign Details and Rewards", text: "Set the title, dates and prize, plus any bonus gifts or entrant coupons." },
  { title: "Share Your Giveaway", text: "Post your giveaway's own page anywhere. Entrants join with just an email." },
  { title: "We Fulfill the Prize", text: "We draw the winner, collect their size and address, and ship the prize." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, teaser, homepageCopy, promoBanner } = loaderData;
  return (
    <>
      <PromoBanner text={promoBanner} />
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
              Smart giveaways for modern brands
            </p>
            <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Branded Shirt Giveaways, From Design to Doorstep
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700 dark:text-slate-300">{homepageCopy}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/create-campaign" className="btn-primary px-6 py-3 text-base">
                Create Your Giveaway
              </Link>
              <Link to="/how-it-works" className="btn-secondary px-6 py-3 text-base">
                See How It Works
              </Link>
            </div>
          </div>
          <HeroSlider slides={slides} />
        </div>
      </section>

      <Section labelledBy="features-title">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything Your Giveaway Needs"
          intro="From the first sketch to the parcel on your winner's doorstep, one place handles it all."
        />
        <FeatureGrid features={FEATURES} />
      </Section>

      <Section tone="tinted" labelledBy="steps-title">
        <SectionHeading id="steps-title" eyebrow="How it works" title="Live in Four Simple Steps" />
        <StepList steps={STEPS} />
      </Section>

      <Section labelledBy="testimonials-title">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Creators Love Giveawear" />
        <TestimonialCarousel />
      </Section>

      <Section tone="tinted" labelledBy="pricing-title">
        <div className="card mx-auto flex max-w-4xl flex-col items-center gap-6 p-8 text-center sm:p-12">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {teaser ? `Start Your First Giveaway for Just ${teaser.price}` : "Start Your First Giveaway Today"}
          </h2>
          <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            One-time pricing per campaign, no subscription. Every plan includes the giveaway page, the winner draw and shipping the prize.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Link
              to={teaser ? `/create-campaign?selectedPlanId=${encodeURIComponent(teaser.planId)}` : "/create-campaign"}
              className="btn-primary px-6 py-3 text-base"
            >
              Launch Now
            </Link>
            <Link to="/pricing" className="btn-secondary px-6 py-3 text-base">
              See All Plans
            </Link>
          </div>
        </div>
      </Section>

      <CallToAction
        id="final-cta-title"
        title="Ready to Grow Your Audience?"
        text="Launch a giveaway your fans will share. It takes minutes, and entrants need nothing but an email address."
        primary={{ label: "Launch Your Giveaway", to: "/create-campaign" }}
        secondary={{ label: "Browse Giveaways", to: "/giveaways" }}
      />
    </>
  );
}
