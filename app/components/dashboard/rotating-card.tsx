import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { Promo } from "~/domain/dashboard";
import { useHydrated } from "../ui/use-hydrated";

/**
 * Moves to the next item every `intervalMs` while JavaScript runs, unless paused (by the button,
 * or while the pointer or focus is inside, so nobody loses a line they are reading). Without
 * JavaScript the server's pick simply stays.
 */
function useRotation(length: number, initial: number, intervalMs: number) {
  const [index, setIndex] = useState(initial);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (paused || held || length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % length), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, held, length, intervalMs]);
  const holders = {
    onMouseEnter: () => setHeld(true),
    onMouseLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: () => setHeld(false),
  };
  return { index: Math.min(index, Math.max(0, length - 1)), paused, togglePaused: () => setPaused((p) => !p), holders };
}

function Rotator({
  heading,
  count,
  index,
  paused,
  onToggle,
  label,
  children,
}: {
  heading: string;
  count: number;
  index: number;
  paused: boolean;
  onToggle: () => void;
  label: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-200">{heading}</h2>
        {hydrated && count > 1 ? (
          <button
            type="button"
            onClick={onToggle}
            aria-pressed={paused}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {paused ? `Resume ${label}` : `Pause ${label}`}
          </button>
        ) : null}
      </div>
      {/* Rotation is not announced: a screen reader would be interrupted every few seconds. */}
      <div aria-live="off" className="mt-2">
        {children}
      </div>
      {count > 1 ? (
        <p className="sr-only">
          {label} {index + 1} of {count}
        </p>
      ) : null}
    </div>
  );
}

export function TipsAndPromoCard({
  tips,
  tipIndex,
  tipIntervalMs,
  promos,
  promoIndex,
  promoIntervalMs,
}: {
  tips: readonly string[];
  tipIndex: number;
  tipIntervalMs: number;
  promos: readonly Promo[];
  promoIndex: number;
  promoIntervalMs: number;
}) {
  const tip = useRotation(tips.length, tipIndex, tipIntervalMs);
  const promo = useRotation(promos.length, promoIndex, promoIntervalMs);
  const currentPromo = promos[promo.index];
  return (
    <aside className="card flex flex-col divide-y divide-slate-200 overflow-hidden dark:divide-slate-800" aria-label="Tips and offers">
      <div className="bg-brand-50 p-5 dark:bg-brand-900/20" {...tip.holders} data-testid="tip-card">
        <Rotator heading="Tip" count={tips.length} index={tip.index} paused={tip.paused} onToggle={tip.togglePaused} label="tip">
          <p className="min-h-16 text-sm text-slate-800 dark:text-slate-200" data-testid="tip-text">
            {tips[tip.index]}
          </p>
        </Rotator>
      </div>
      {currentPromo ? (
        <div className="p-5" {...promo.holders} data-testid="promo-card">
          <Rotator
            heading="Boost your giveaway"
            count={promos.length}
            index={promo.index}
            paused={promo.paused}
            onToggle={promo.togglePaused}
            label="offer"
          >
            <p className="text-sm font-semibold text-slate-900 dark:text-white">{currentPromo.title}</p>
            <p className="mt-1 min-h-10 text-sm text-slate-700 dark:text-slate-300">{currentPromo.text}</p>
            <Link
              to={currentPromo.href}
              className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              {currentPromo.cta} <span aria-hidden="true">→</span>
            </Link>
          </Rotator>
        </div>
      ) : null}
    </aside>
  );
}
