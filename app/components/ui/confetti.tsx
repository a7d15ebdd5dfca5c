import { useEffect, useState } from "react";

const COLORS = ["#7c3aed", "#f59e0b", "#10b981", "#ef4444", "#3b82f6", "#ec4899"];

/**
 * Falling pieces for a few seconds, not at all for reduced motion (the stylesheet hides them even
 * on pages without JavaScript). Each waits above the screen until its delay ends (app.css).
 * They fall behind the page's content (a negative z-index): over the page's background and beside
 * the cards, never over a button, a link or a field.
 */
export function Confetti({ pieces, durationMs }: { pieces: number; durationMs: number }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setVisible(false);
    const timer = window.setTimeout(() => setVisible(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs]);
  if (!visible) return null;
  return (
    <div aria-hidden="true" data-testid="confetti" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      {Array.from({ length: pieces }, (_, i) => {
        const left = (i * 37) % 100;
        const delay = ((i * 53) % 1000) / 1000;
        const fall = 2.5 + ((i * 29) % 25) / 10;
        return (
          <span
            key={i}
            className="confetti-piece"
            style={{
              left: `${left}%`,
              backgroundColor: COLORS[i % COLORS.length],
              animationDelay: `${delay}s`,
              animationDuration: `${Math.min(fall, durationMs / 1000 - delay)}s`,
            }}
          />
        );
      })}
    </div>
  );
}
