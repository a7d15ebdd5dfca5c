import { Link } from "react-router";
import { FeatureGrid, PageHeader, Section, SectionHeading, type Feature } from "~/components/marketing/sections";
import { Prose } from "~/components/marketing/prose";
import { pageMeta } from "~/components/marketing/meta";
import { REFERRAL_BONUS_ENTRIES } from "~/domain/entries";
import { platformSetting } from "~/server/core/settings.server";
import type { Route } from "./+types/about";
import { href } from "~/paths";

const TITLE = "About Us · Giveawear";
const DESCRIPTION =
  "Giveawear helps brands and creators run merch giveaways that are simple to enter, drawn by a procedure anyone can re-check, and delivered to the winner's door.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION);

/** Bonus entries are promised only while referrals earn them (platform setting referralsEnabled). */
export async function loader() {
  return { referralsEnabled: await platformSetting("referralsEnabled") };
}

const PRINCIPLES: readonly Feature[] = [
  {
    icon: "shield",
    title: "Fair by design",
    text: "Every draw is random and verifiable: we publish a SHA-256 commitment to the seed at launch and reveal the seed at the end, so anyone can re-run it.",
  },
  {
    icon: "phone",
    title: "Easy to enter anywhere",
    text: "An email address is all it takes. No account, no app, no purchase, and the pages stay small and fast on any phone, even without JavaScript.",
  },
  {
    icon: "heart",
    title: "Respectful of entrants",
    text: "One entry per person, marketing only with a ticked box that is never pre-ticked, and no tracking cookies.",
  },
  {
    icon: "truck",
    title: "Done when the prize arrives",
    text: "We don't stop at picking a winner: they choose their size and colour, and our print partner ships the prize.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const entrants = loaderData.referralsEnabled
    ? `Entrants join with just their email and earn ${REFERRAL_BONUS_ENTRIES} bonus entries for every friend they bring.`
    : "Entrants join with just their email and get a personal link to pass the giveaway on to friends.";
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="Smart Giveaways for Modern Brands"
        intro="Giveawear turns a great shirt into a growing audience: design it, give it away, and let us handle the rest."
      />

      <Prose>
        <h2>Why we built Giveawear</h2>
        <p>
          A merch giveaway is one of the best ways for a brand or creator to meet new fans, but running one properly is a lot of work. You
          need a design, a page to enter on, a fair way to pick the winner, a way to reach them, and someone to print and ship the prize.
          Most giveaways end up as a comment thread, a spreadsheet and a trip to the post office.
        </p>
        <p>
          Giveawear puts all of it in one place. Design a t-shirt, hoodie or mug (upload your artwork or use the AI designer), launch a
          giveaway with its own page and official rules, and share it. {entrants} When the giveaway ends, the winner is drawn at random and
          notified by email, picks their size and colour, and the prize ships through our print-on-demand partner.
        </p>
        <h2>Who it's for</h2>
        <p>
          Small brands, shops, streamers, artists, clubs and communities: anyone with an audience worth growing and a design worth wearing.
          Entrants must be 18 or older, and no purchase is ever necessary to enter.
        </p>
      </Prose>

      <Section tone="tinted" labelledBy="principles-title">
        <SectionHeading id="principles-title" title="What we stand for" />
        <FeatureGrid features={PRINCIPLES} columns={4} />
      </Section>

      <section aria-labelledby="about-next-title" className="px-4 py-16 text-center sm:px-6">
        <h2 id="about-next-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Questions, ideas or partnerships?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-700 dark:text-slate-300">We read every message.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={href("/contact")} className="btn-primary px-6 py-3 text-base">
            Contact Us
          </Link>
          <Link to={href("/how-it-works")} className="btn-secondary px-6 py-3 text-base">
            See How It Works
          </Link>
        </div>
      </section>
    </>
  );
}
