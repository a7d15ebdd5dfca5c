import type { ProductColorKey } from "~/domain/campaign-schemas";
import { useEntrantText } from "./entrant-text";
import type { CampaignColorImage } from "~/domain/mockups";

/**
 * The prize in each of the campaign's colours (decision 043): radio buttons and CSS `:has()` show the
 * chosen colour's picture, no JavaScript. The first colour is checked and its picture loads at once;
 * the others are lazy, and a hidden lazy image is not fetched until its colour is chosen.
 *
 * Each radio's id is written out here rather than built from the colour's key: in a Tailwind
 * arbitrary variant an underscore stands for a space, so `#colour-heather_gray` became the
 * selector `#colour-heather gray` and Heather Gray's picture never showed. Ids are lower-case
 * letters and hyphens only (a unit test holds every entry to that), and Tailwind only sees class
 * names written out whole, hence one line per colour.
 */
export const COLOUR_CHOICES: Record<ProductColorKey, { radioId: string; showWhenChecked: string; swatch: string }> = {
  white: { radioId: "colour-white", showWhenChecked: "group-has-[#colour-white:checked]/switcher:block", swatch: "bg-white" },
  black: { radioId: "colour-black", showWhenChecked: "group-has-[#colour-black:checked]/switcher:block", swatch: "bg-black" },
  heather_gray: {
    radioId: "colour-heather-gray",
    showWhenChecked: "group-has-[#colour-heather-gray:checked]/switcher:block",
    swatch: "bg-[#a0a0a0]",
  },
};

export function ColourSwitcher({ images, alt }: { images: CampaignColorImage[]; alt: (colourName: string) => string }) {
  const { t } = useEntrantText();
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
            className={`aspect-square h-auto w-full object-contain ${images.length > 1 ? `hidden ${COLOUR_CHOICES[entry.color].showWhenChecked}` : ""}`}
          />
        ))}
      </div>
      {images.length > 1 ? (
        <fieldset>
          <legend className="text-sm font-semibold">{t("colourLegend")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {images.map((entry, i) => (
              <label
                key={entry.color}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium has-checked:border-brand-700 has-checked:ring-2 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 dark:border-slate-700 dark:has-checked:border-brand-300 dark:has-checked:ring-brand-300"
              >
                <input
                  type="radio"
                  name="colour"
                  id={COLOUR_CHOICES[entry.color].radioId}
                  value={entry.color}
                  defaultChecked={i === 0}
                  className="sr-only"
                />
                <span aria-hidden="true" className={`size-5 rounded-full border border-slate-400 ${COLOUR_CHOICES[entry.color].swatch}`} />
                {entry.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
