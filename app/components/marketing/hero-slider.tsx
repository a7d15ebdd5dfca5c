import { Link } from "react-router";
import { responsiveImage } from "~/domain/images";
import { Carousel } from "./carousel";

export interface HeroSlide {
  id: string;
  imageUrl: string;
  altText: string;
  overlayText: string | null;
}

/** SPEC section 9: the homepage slider advances every 4.5 s. */
export const SLIDER_INTERVAL_MS = 4500;

/** The homepage slider: the admin-managed images, each with its optional overlay text. */
export function HeroSlider({ slides }: { slides: readonly HeroSlide[] }) {
  return (
    <Carousel
      items={slides}
      idPrefix="slide"
      label="Giveaway designs"
      intervalMs={SLIDER_INTERVAL_MS}
      className="mx-auto w-full max-w-xl rounded-3xl"
      renderItem={(slide, index) => (
        <figure className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-100 to-slate-200 shadow-xl dark:from-slate-800 dark:to-slate-900">
          <img
            {...responsiveImage(slide.imageUrl, [400, 800, 1200])}
            sizes="(min-width: 640px) 36rem, 100vw"
            alt={slide.altText || slide.overlayText || `Giveaway design ${index + 1}`}
            width="1200"
            height="800"
            // The first slide is the hero picture; the others wait until they are scrolled to.
            loading={index === 0 ? "eager" : "lazy"}
            fetchPriority={index === 0 ? "high" : undefined}
            decoding="async"
            className="aspect-[3/2] h-auto w-full object-cover"
          />
          {slide.overlayText ? (
            <figcaption className="absolute inset-x-0 bottom-5 mx-auto w-fit max-w-[90%] rounded-full bg-slate-950/85 px-4 py-2 text-center text-sm font-semibold text-white sm:text-base">
              {slide.overlayText}
            </figcaption>
          ) : null}
        </figure>
      )}
    />
  );
}

/**
 * The landing pages' hero (/, /start and /home): the tagline, a headline, the admin's homepage
 * copy, two calls to action and the slider.
 */
export function SliderHero({
  title,
  copy,
  primary,
  secondary,
  slides,
}: {
  title: string;
  copy: string;
  primary: { to: string; label: string };
  secondary: { to: string; label: string };
  slides: readonly HeroSlide[];
}) {
  return (
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
            {title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700 dark:text-slate-300">{copy}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={primary.to} className="btn-primary px-6 py-3 text-base">
              {primary.label}
            </Link>
            <Link to={secondary.to} className="btn-secondary px-6 py-3 text-base">
              {secondary.label}
            </Link>
          </div>
        </div>
        <HeroSlider slides={slides} />
      </div>
    </section>
  );
}
