import type { ProductColorKey } from "~/domain/campaign-schemas";
import type { CampaignColorImage } from "~/domain/mockups";

/**
 * The prize in each of the campaign's colours (issue 14): radio buttons and CSS `:has()` show the
 * chosen colour's picture, no JavaScript. The first colour is checked and its picture loads at once;
 * the others are lazy, and a hidden lazy image is not fetched until its colour is chosen.
 *
 * Tailwind only sees class names written out whole, hence one line per colour.
 */
const SHOW_WHEN_CHECKED: Record<ProductColorKey, string> = {
  white: "group-has-[#colour-white:checked]/switcher:block",
  black: "group-has-[#colour-black:checked]/switcher:block",
  heather_gray: "group-has-[#colour-heather_gray:checked]/switcher:block",
};

const SWATCH: Record<ProductColorKey, string> = {
  white: "bg-white",
  black: "bg-black",
  heather_gray: "bg-[#a0a0a0]",
};

export function ColourSwitcher({ images, alt }: { images: CampaignColorImage[]; alt: (colourName: string) => string }) {
  if (!images.length)
    return (
      <div className="flex aspect-square items-center justify-center rounded-3xl bg-slate-100 text-slate-600 dark:bg-slate-900 dark:text-slate-400">
        Design coming soon
      </div>
    );
  return (
    <div className="group/switcher space-y-3">
      <div className="overflow-hidden rounded-3xl bg-slate-100 dark:bg-slate-900">
        {images.map((entry, i) => (
          <img
            key={entry.color}
            src={entry.image.src}
            srcSet={entry.image.srcSet}
            sizes="(min-width: 1024px) 40rem, 100vw"
            width={800}
            height={800}
            alt={alt(entry.name)}
            loading={i === 0 ? undefined : "lazy"}
            decoding="async"
            data-colour={entry.color}
            // One colour: always shown. Several: each shows while its radio is checked (the first starts checked).
            className={`aspect-square h-auto w-full object-contain ${images.length > 1 ? `hidden ${SHOW_WHEN_CHECKED[entry.color]}` : ""}`}
          />
        ))}
      </div>
      {images.length > 1 ? (
        <fieldset>
          <legend className="text-sm font-semibold">Colour</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {images.map((entry, i) => (
              <label
                key={entry.color}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium has-checked:border-brand-700 has-checked:ring-2 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 dark:border-slate-700 dark:has-checked:border-brand-300 dark:has-checked:ring-brand-300"
              >
                <input
                  type="radio"
                  name="colour"
                  id={`colour-${entry.color}`}
                  value={entry.color}
                  defaultChecked={i === 0}
                  className="sr-only"
                />
                <span aria-hidden="true" className={`size-5 rounded-full border border-slate-400 ${SWATCH[entry.color]}`} />
                {entry.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
