import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

interface CarouselProps<T> {
  items: readonly T[];
  /** Slide N gets the id `${idPrefix}-N`; without JavaScript the dots are plain links to those ids. */
  idPrefix: string;
  /** Names the carousel for assistive technology, e.g. "Giveaway shirt designs". */
  label: string;
  intervalMs: number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Previous/next buttons (with JavaScript; without it the dots and swiping reach every slide). */
  arrows?: boolean;
  className?: string;
}

const CONTROL =
  "inline-flex h-9 w-9 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Auto-advance for a scroll-snap track: the slide in view is the active one (so swiping, keyboard
 * scrolling and fragment links all count), the timer restarts whenever it changes, and it waits
 * while the carousel is hovered, focused, paused, or the visitor prefers reduced motion.
 */
function useCarousel(count: number, intervalMs: number) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  // While the carousel scrolls itself to a slide, the slides it passes on the way are not "active":
  // otherwise a quick second click on previous/next would count from one of them.
  const targetRef = useRef<number | null>(null);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const sync = () => {
      frame = 0;
      const width = track.clientWidth;
      if (width <= 0) return;
      const index = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / width)));
      if (targetRef.current !== null && index !== targetRef.current) return;
      targetRef.current = null;
      setActive(index);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(sync);
    };
    // A scroll that ends away from the target (the visitor swiped mid-way) makes wherever it stopped active.
    const onScrollEnd = () => {
      targetRef.current = null;
      sync();
    };
    sync();
    track.addEventListener("scroll", onScroll, { passive: true });
    track.addEventListener("scrollend", onScrollEnd);
    return () => {
      track.removeEventListener("scroll", onScroll);
      track.removeEventListener("scrollend", onScrollEnd);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [count]);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const target = ((index % count) + count) % count;
      const left = target * track.clientWidth;
      if (Math.abs(track.scrollLeft - left) >= 1) {
        targetRef.current = target;
        track.scrollTo({ left, behavior: prefersReducedMotion() ? "auto" : "smooth" });
      }
      setActive(target);
    },
    [count],
  );

  const running = playing && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => goTo(active + 1), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, active, intervalMs, goTo]);

  return { trackRef, active, goTo, playing, setPlaying, setHovered, setFocused, running };
}

/**
 * A carousel built on a CSS scroll-snap track. Without JavaScript every slide is reachable by
 * swiping and by the dots (links to `#id-N`); with JavaScript it advances on its own and loops.
 */
export function Carousel<T>({ items, idPrefix, label, intervalMs, renderItem, arrows = false, className = "" }: CarouselProps<T>) {
  const hydrated = useHydrated();
  const { trackRef, active, goTo, playing, setPlaying, setHovered, setFocused, running } = useCarousel(items.length, intervalMs);
  const count = items.length;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-enhanced={hydrated ? "" : undefined}
      className={`carousel ${className}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={trackRef}
        role="group"
        aria-label={`${label}: slides`}
        aria-live={running ? "off" : "polite"}
        // Focusable so keyboard users can scroll it with the arrow keys, with or without JavaScript.
        tabIndex={0}
        className="carousel-track flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-[inherit] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 motion-safe:scroll-smooth"
      >
        {items.map((item, index) => (
          <div
            key={index}
            id={`${idPrefix}-${index + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="carousel-slide w-full shrink-0 snap-start snap-always scroll-mt-28"
          >
            {renderItem(item, index)}
          </div>
        ))}
      </div>

      {count > 1 ? (
        <div className="mt-4 flex items-center justify-center gap-2">
          {arrows ? (
            <button type="button" hidden={!hydrated} onClick={() => goTo(active - 1)} className={CONTROL} aria-label="Previous slide">
              <Chevron direction="left" />
            </button>
          ) : null}
          <ol className="flex items-center" aria-label="Choose a slide">
            {items.map((_, index) => (
              <li key={index} className="carousel-dot">
                <a
                  href={`#${idPrefix}-${index + 1}`}
                  aria-label={`Show slide ${index + 1} of ${count}`}
                  aria-current={hydrated && active === index ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(index);
                  }}
                  className="group flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="carousel-dot-mark block h-2.5 w-2.5 rounded-full bg-slate-500 transition-all group-hover:bg-slate-700 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand-700 dark:bg-slate-500 dark:group-hover:bg-slate-300 dark:group-aria-[current=true]:bg-brand-300" />
                </a>
              </li>
            ))}
          </ol>
          {arrows ? (
            <button type="button" hidden={!hydrated} onClick={() => goTo(active + 1)} className={CONTROL} aria-label="Next slide">
              <Chevron direction="right" />
            </button>
          ) : null}
          <button
            type="button"
            hidden={!hydrated}
            onClick={() => setPlaying(!playing)}
            className={CONTROL}
            aria-label={playing ? "Pause slideshow" : "Play slideshow"}
          >
            {playing ? (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
                <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
                <path d="M8 5.5v13l10.5-6.5z" />
              </svg>
            )}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.25"
      strokeLinecap="round"
    >
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}
