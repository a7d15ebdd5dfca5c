import { Link } from "react-router";

export const meta = () => [
  { title: "Giveawear · Smart giveaways for modern brands" },
  { name: "description", content: "Design. Launch. Ship. Branded shirt giveaways that grow your audience, handled in one place." },
];

export default function Start() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
            Smart giveaways for modern brands
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Launch T-Shirt Giveaways That Grow Your Audience — Fast.
          </h1>
          <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">
            Design. Launch. Ship. Everything handled in one place. Turn fans into customers with branded shirt giveaways.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/create-campaign" className="btn-primary px-6 py-3 text-base">
              Create Your First Giveaway
            </Link>
            <Link to="/how-it-works" className="btn-secondary px-6 py-3 text-base">
              Learn More
            </Link>
          </div>
        </div>
        <div className="relative mx-auto aspect-square w-full max-w-md">
          <img
            src="/images/slider-1.svg"
            alt="A branded t-shirt with your design on it"
            width="640"
            height="640"
            className="h-full w-full rounded-3xl object-cover shadow-xl"
          />
          <span className="absolute inset-x-0 bottom-6 mx-auto w-fit rounded-full bg-slate-900/80 px-4 py-2 text-sm font-semibold text-white">
            Your Design Here
          </span>
        </div>
      </div>
    </section>
  );
}
