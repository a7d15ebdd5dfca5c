import { formatCount } from "~/domain/dashboard";

export interface FiguresView {
  campaignsRun: number;
  entries: number;
  prizesShipped: number;
}

/**
 * Live platform figures (decision 046), where invented testimonials used to be. Only true, non-zero
 * figures are shown; with no campaign run yet the whole band is left out by the page.
 */
export function PlatformFigures({ figures }: { figures: FiguresView }) {
  const items = [
    { value: figures.campaignsRun, one: "giveaway launched", many: "giveaways launched" },
    { value: figures.entries, one: "confirmed entry", many: "confirmed entries" },
    { value: figures.prizesShipped, one: "prize shipped", many: "prizes shipped" },
  ].filter((item) => item.value > 0);
  return (
    <dl className="mx-auto mt-10 flex max-w-4xl flex-wrap justify-center gap-4" data-testid="platform-figures">
      {items.map((item) => (
        <div key={item.one} className="card flex min-w-48 flex-1 basis-48 flex-col p-6 text-center">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{item.value === 1 ? item.one : item.many}</dt>
          <dd className="order-first text-4xl font-extrabold tracking-tight tabular-nums">{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether there is anything true to show. */
export function hasFigures(figures: FiguresView | null): figures is FiguresView {
  return figures !== null && figures.campaignsRun > 0;
}
