import { FeaturedBand } from "~/components/campaign/featured-band";
import { SliderHero } from "~/components/marketing/hero-slider";
import { campaignCard } from "~/domain/browse";
import { featuredBand } from "~/server/campaigns/add-ons.server";
import { IconBadge, type IconName } from "~/components/marketing/icons";
import { PromoBanner } from "~/components/marketing/promo-banner";
import { landingTexts } from "~/server/marketing/landing.server";
import { homepageSlides } from "~/server/marketing/slider.server";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/start";
import { href } from "~/paths";

const TITLE = "Launch T-Shirt Giveaways That Grow Your Audience · Giveawear";
const DESCRIPTION = "Design. Launch. Ship. Everything handled in one place. Turn fans into customers with branded shirt giveaways.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION, { website: true });

export async function loader() {
  // Admins edit the copy and the banner in Settings (decision 017); the default is SPEC's text.
  // Featured Listing Boosts (decision 068), read fresh on every request.
  const now = new Date();
  const [slides, texts, featured] = await Promise.all([homepageSlides(), landingTexts(DESCRIPTION), featuredBand(now)]);
  return { slides, ...texts, featured: featured.map((campaign) => campaignCard(campaign, now, { featured: true })) };
}

const HIGHLIGHTS: readonly { icon: IconName; title: string; text: string }[] = [
  { icon: "sparkles", title: "Design in minutes", text: "Upload your artwork or let the AI designer draft it for you." },
  { icon: "shield", title: "Fair, verifiable draws", text: "Random winners with a published seed anyone can check." },
  { icon: "truck", title: "We ship the prize", text: "Your winner picks size and colour; our print partner delivers." },
];

export default function Start({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PromoBanner text={loaderData.promoBanner} />
      <SliderHero
        title="Launch T-Shirt Giveaways That Grow Your Audience — Fast."
        copy={loaderData.homepageCopy}
        primary={{ to: href("/create-campaign"), label: "Create Your First Giveaway" }}
        secondary={{ to: href("/how-it-works"), label: "Learn More" }}
        slides={loaderData.slides}
      />
      <FeaturedBand
        campaigns={loaderData.featured}
        intro="Their creators paid to show them here first."
        browseLink
        className="mx-auto max-w-7xl px-4 pt-12 sm:px-6"
      />

      <section aria-labelledby="highlights-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="highlights-title" className="sr-only">
          Why Giveawear
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="flex gap-4">
              <IconBadge name={item.icon} />
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
