import { Link } from "react-router";
import { FeaturedBand } from "~/components/campaign/featured-band";
import { campaignCard } from "~/domain/browse";
import { featuredBand } from "~/server/campaigns/add-ons.server";
import { SliderHero } from "~/components/marketing/hero-slider";
import { PlatformFiguresSection, hasFigures } from "~/components/marketing/platform-figures";
import { pricingStory } from "~/components/marketing/price";
import { PromoBanner } from "~/components/marketing/promo-banner";
import { CallToAction, FeatureGrid, Section, SectionHeading, StepList, type Feature, type Step } from "~/components/marketing/sections";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { landingFigures, landingTexts } from "~/server/marketing/landing.server";
import { homepageSlides } from "~/server/marketing/slider.server";
import { activePlans } from "~/server/plans/active-plans.server";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/home";
import { href } from "~/paths";

const TITLE = "Branded Shirt Giveaways, From Design to Doorstep · Giveawear";
const DESCRIPTION =
  "Create a branded shirt giveaway in minutes: automated winner selection, automatic fulfilment, an AI designer, bonus prizes and referrals.";
/** While referrals earn nothing (platform setting referralsEnabled off), the page does not offer them. */
const DESCRIPTION_WITHOUT_REFERRALS =
  "Create a branded shirt giveaway in minutes: automated winner selection, automatic fulfilment, an AI designer and bonus prizes.";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(TITLE, loaderData?.referralsEnabled ? DESCRIPTION : DESCRIPTION_WITHOUT_REFERRALS, { website: true });

const LEAD =
  "Design a shirt, launch a giveaway with its own page, collect entries by email and let us pick the winner and ship the prize. Your audience grows while we handle the rest.";

export async function loader() {
  const now = new Date();
  const [slides, plans, texts, figures, featured] = await Promise.all([
    homepageSlides(),
    activePlans(),
    landingTexts(LEAD),
    landingFigures(),
    // Featured Listing Boosts (decision 068), read fresh on every request.
    featuredBand(now),
  ]);
  return {
    slides,
    ...texts,
    pricing: pricingStory(plans),
    figures: hasFigures(figures) ? figures : null,
    featured: featured.map((campaign) => campaignCard(campaign, now, { featured: true })),
  };
}

const FEATURES: readonly Feature[] = [
  {
    icon: "trophy",
    title: "Automated Winner Selection",
    text: "When your giveaway ends, a winner is drawn at random, weighted by entries, and notified by email. No spreadsheets, no guesswork.",
  },
  {
    icon: "truck",
    title: "Automatic Fulfilment",
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
];

/** The last feature: the referral system while referrals earn bonus entries, sharing alone otherwise. */
const REFERRAL_FEATURE: Feature = {
  icon: "users",
  title: "Built-In Referral System",
  text: `Every entrant gets a personal link and earns ${REFERRAL_BONUS_ENTRIES} bonus entries for each friend who enters through it and confirms.`,
};
const SHARING_FEATURE: Feature = {
  icon: "users",
  title: "Built-In Sharing",
  text: "Every entrant gets a personal link to pass your giveaway on to friends, by email, X, Facebook or WhatsApp.",
};

const STEPS: readonly Step[] = [
  { title: "Design Your Shirt", text: "Upload your artwork or generate it with AI, then pick the colours and sizes." },
  { title: "Add Campaign Details and Rewards", text: "Set the title, dates and prize, plus any bonus gifts or entrant coupons." },
  { title: "Share Your Giveaway", text: "Post your giveaway's own page anywhere. Entrants join with just an email." },
  { title: "We Fulfill the Prize", text: "We draw the winner, collect their size and address, and ship the prize." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, pricing, figures, homepageCopy, promoBanner, referralsEnabled, featured } = loaderData;
  const teaserPlan = pricing.free ?? pricing.paid;
  return (
    <>
      <PromoBanner text={promoBanner} />
      <SliderHero
        title="Branded Shirt Giveaways, From Design to Doorstep"
        copy={homepageCopy}
        primary={{ to: href("/create-campaign"), label: "Create Your Giveaway" }}
        secondary={{ to: href("/how-it-works"), label: "See How It Works" }}
        slides={slides}
      />
      <FeaturedBand
        campaigns={featured}
        intro="Their creators paid to show them here first."
        browseLink
        className="mx-auto max-w-7xl px-4 pt-12 sm:px-6"
      />

      <Section labelledBy="features-title">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything Your Giveaway Needs"
          intro="From the first sketch to the parcel on your winner's doorstep, one place handles it all."
        />
        <FeatureGrid features={[...FEATURES, referralsEnabled ? REFERRAL_FEATURE : SHARING_FEATURE]} />
      </Section>

      <Section tone="tinted" labelledBy="steps-title">
        <SectionHeading id="steps-title" eyebrow="How it works" title="Live in Four Simple Steps" />
        <StepList steps={STEPS} />
      </Section>

      <PlatformFiguresSection figures={figures} />

      <Section tone="tinted" labelledBy="pricing-title">
        <div className="card mx-auto flex max-w-4xl flex-col items-center gap-6 p-8 text-center sm:p-12">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {pricing.free
              ? "Start Your First Giveaway Free"
              : pricing.paid
                ? `Start Your First Giveaway for Just ${pricing.paid.price}`
                : "Start Your First Giveaway Today"}
          </h2>
          <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300" data-testid="pricing-teaser">
            {pricing.free && pricing.paid ? `The ${pricing.free.name} plan costs nothing; paid plans start at ${pricing.paid.price}. ` : ""}
            One-time pricing per campaign, no subscription. Every plan includes the giveaway page, the winner draw and shipping the prize.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Link
              to={teaserPlan ? `${href("/create-campaign")}?selectedPlanId=${encodeURIComponent(teaserPlan.id)}` : href("/create-campaign")}
              className="btn-primary px-6 py-3 text-base"
            >
              Launch Now
            </Link>
            <Link to={href("/pricing")} className="btn-secondary px-6 py-3 text-base">
              See All Plans
            </Link>
          </div>
        </div>
      </Section>

      <CallToAction
        id="final-cta-title"
        title="Ready to Grow Your Audience?"
        text="Launch a giveaway your fans will share. It takes minutes, and entrants need nothing but an email address."
        primary={{ label: "Launch Your Giveaway", to: href("/create-campaign") }}
        secondary={{ label: "Browse Giveaways", to: href("/giveaways") }}
      />
    </>
  );
}
