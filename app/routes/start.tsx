import { Link } from "react-router";
import { HeroSlider } from "~/components/marketing/hero-slider";
import { IconBadge, type IconName } from "~/components/marketing/icons";
import { PromoBanner } from "~/components/marketing/promo-banner";
import { landingTexts } from "~/server/landing.server";
import { homepageSlides } from "~/server/slider.server";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/start";

const TITLE = "Launch T-Shirt Giveaways That Grow Your Audience · Giveawear";
const DESCRIPTION = "Design. Launch. Ship. Everything handled in one place. Turn fans into customers with branded shirt giveaways.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION, { website: true });

export async function loader() {
  // Admins edit the copy and the banner in Settings (DECISIONS 17); the default is SPEC's text.
  const [slides, texts] = await Promise.all([homepageSlides(), landingTexts(DESCRIPTION)]);
  return { slides, ...texts };
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
              Launch T-Shirt Giveaways That Grow Your Audience — Fast.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700 dark:text-slate-300">{loaderData.homepageCopy}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/create-campaign" className="btn-primary px-6 py-3 text-base">
                Create Your First Giveaway
              </Link>
              <Link to="/how-it-works" className="btn-secondary px-6 py-3 text-base">
                Learn More
              </Link>
            </div>
          </div>
          <HeroSlider slides={loaderData.slides} />
        </div>
      </section>

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
