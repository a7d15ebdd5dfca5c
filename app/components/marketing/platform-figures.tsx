import { formatCount } from "~/domain/dashboard";
import { Section, SectionHeading } from "./sections";

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
  // One row at every width: three short figures side by side read faster than a tall stack on a phone.
  const columns = ["grid-cols-1", "grid-cols-2", "grid-cols-3"][items.length - 1] ?? "grid-cols-3";
  return (
    <dl className={`mx-auto mt-10 grid max-w-4xl gap-2 sm:gap-4 ${columns}`} data-testid="platform-figures">
      {items.map((item) => (
        <div key={item.one} className="card flex flex-col px-2 py-4 text-center sm:p-6">
          <dt className="text-xs font-medium text-slate-700 sm:text-sm dark:text-slate-300">{item.value === 1 ? item.one : item.many}</dt>
          <dd className="order-first text-2xl font-extrabold tracking-tight tabular-nums sm:text-4xl">{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether there is anything true to show. */
export function hasFigures(figures: FiguresView | null): figures is FiguresView {
  return figures !== null && figures.campaignsRun > 0;
}

/** The landing pages' "So far" band with its heading, or nothing when there is nothing true to show. */
export function PlatformFiguresSection({ figures }: { figures: FiguresView | null }) {
  if (!figures) return null;
  return (
    <Section labelledBy="figures-title">
      <SectionHeading
        id="figures-title"
        eyebrow="So far"
        title="Giveaways Run on Giveawear"
        intro="Counted from our database and updated every minute: launched giveaways, confirmed entries and prizes shipped."
      />
      <PlatformFigures figures={figures} />
    </Section>
  );
}
