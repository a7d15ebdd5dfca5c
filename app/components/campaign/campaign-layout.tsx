import type { ReactNode } from "react";
import type { CampaignPageData } from "~/domain/campaign-page";
import { CampaignTitle, PrizeGallery } from "./campaign-sections";

/**
 * The campaign page's arrangements (decision 106), all plain HTML and CSS: the page ships no client
 * runtime. Every one keeps the title, the countdown, the email field and Enter Now on a phone's
 * first screen (decision 043); `card` is what follows the title there (countdown, entry block).
 */
export function CampaignLayout({ page, card }: { page: CampaignPageData; card: ReactNode }) {
  if (page.layout === "image") return <PictureFirst page={page} card={card} />;
  if (page.layout === "minimal") return <Minimal page={page} card={card} />;
  return <SideBySide page={page} card={card} />;
}

/** The section's card look from 1024 px up; on phones the form sits flat on the page, saving its padding. */
const SIDE_CARD =
  "lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1 lg:rounded-2xl lg:border lg:border-slate-200 lg:bg-white lg:p-6 lg:shadow-sm dark:lg:border-slate-800 dark:lg:bg-slate-900";

/** "split": the form in a card beside the big picture; on phones a small picture beside the title. */
function SideBySide({ page, card }: { page: CampaignPageData; card: ReactNode }) {
  return (
    <div data-layout="split" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
      <section aria-labelledby="campaign-title" className={`space-y-3 ${SIDE_CARD}`}>
        <CampaignTitle page={page} thumbnail="phone" />
        {card}
      </section>
      <div className="lg:col-start-1 lg:row-start-1">
        <PrizeGallery page={page} />
      </div>
    </div>
  );
}

/**
 * The phone's leading picture takes the height the first screen leaves below it: 100svh less what the
 * title, countdown and form need with a cover and a three-line title, at least 6rem, at most 18rem.
 * Plain CSS, so the same with JavaScript off; 360 × 740 is held by tests/e2e/campaign-layouts.spec.ts.
 */
const HERO_HEIGHT = "h-[clamp(6rem,calc(100svh-40rem),18rem)]";

/**
 * "image": the prize leads. On phones a wide picture opens the page, as tall as the first screen
 * leaves room for, the form right under it; from 1024 px the picture takes the wider column.
 */
function PictureFirst({ page, card }: { page: CampaignPageData; card: ReactNode }) {
  const { image } = page;
  return (
    <div data-layout="image" className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-12">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="100vw"
          width={800}
          height={800}
          alt=""
          fetchPriority="high"
          decoding="async"
          className={`mx-auto aspect-square w-auto rounded-3xl bg-slate-100 object-contain lg:hidden dark:bg-slate-900 ${HERO_HEIGHT}`}
          data-testid="prize-hero"
        />
      ) : null}
      <section aria-labelledby="campaign-title" className="space-y-3 lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1 lg:pt-4">
        <CampaignTitle page={page} thumbnail="none" />
        {card}
      </section>
      <div className="lg:col-start-1 lg:row-start-1">
        <PrizeGallery page={page} />
      </div>
    </div>
  );
}

/** "minimal": no big picture; a narrow centred column, a small thumbnail beside the title. */
function Minimal({ page, card }: { page: CampaignPageData; card: ReactNode }) {
  return (
    <div data-layout="minimal" className="mx-auto w-full max-w-xl">
      <section
        aria-labelledby="campaign-title"
        className="space-y-3 sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white sm:p-8 sm:shadow-sm dark:sm:border-slate-800 dark:sm:bg-slate-900"
      >
        <CampaignTitle page={page} thumbnail="always" />
        {card}
      </section>
      <p className="mt-8 text-slate-800 whitespace-pre-line [overflow-wrap:anywhere] dark:text-slate-200">{page.campaign.description}</p>
    </div>
  );
}
