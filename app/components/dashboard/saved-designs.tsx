import { Link } from "react-router";
import type { SavedDesignCard } from "~/domain/dashboard";
import { wizardPath } from "~/paths";

export type { SavedDesignCard };

/** The saved designs strip: a row that scrolls sideways on small screens. */
export function SavedDesignsStrip({ designs }: { designs: SavedDesignCard[] }) {
  return (
    <section className="mt-10" aria-labelledby="saved-designs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saved-designs" className="text-xl font-semibold tracking-tight">
          Saved Designs
        </h2>
        <Link
          to={wizardPath({ step: "3", mode: "ai" })}
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Make a new design
        </Link>
      </div>
      {designs.length ? (
        <ul className="relative mt-4 flex snap-x gap-4 overflow-x-auto pb-3" aria-label="Saved designs">
          {designs.map((design) => (
            <li key={design.id} className="w-36 shrink-0 snap-start sm:w-40">
              <Link
                to={design.reuseHref}
                className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <div className="aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
                  <img
                    src={design.previewUrl}
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-contain transition group-hover:scale-105"
                  />
                </div>
                <span className="mt-2 block truncate text-sm font-medium text-slate-900 group-hover:text-brand-700 dark:text-white dark:group-hover:text-brand-300">
                  {design.title}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {design.label} · {design.usedLabel}
                </span>
                <span className="sr-only">: start a new campaign with this design</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card mt-4 p-5 text-sm text-slate-700 dark:text-slate-300">
          Designs you upload or create with the AI designer are kept here, ready for your next giveaway.
        </p>
      )}
    </section>
  );
}
