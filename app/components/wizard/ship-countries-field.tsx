import { useState } from "react";
import { PARTNER_COUNTRIES } from "~/domain/ship-countries";
import { FieldErrors } from "../ui/field";

/**
 * Where the printed prize ships (decision 050): everywhere the print partner ships (the default), or
 * only the countries the creator ticks. Plain radios and checkboxes, so it works without JavaScript;
 * the list scrolls in its own box, so it stays usable on a 360 px screen. With JavaScript, ticking a
 * country picks "Only the countries I tick" and the count follows.
 */
export function ShipCountriesField({
  scope,
  chosen,
  errorId,
  errors,
}: {
  scope: string | undefined;
  chosen: readonly string[];
  errorId: string;
  errors: string[] | undefined;
}) {
  const [mode, setMode] = useState(scope === "chosen" ? "chosen" : "everywhere");
  const [ticked, setTicked] = useState(() => new Set(chosen));
  const describedBy = ["ship-countries-hint", errors?.length ? errorId : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="space-y-3" aria-describedby={describedBy} data-testid="ship-countries-field">
      <legend className="font-medium">Where the prize ships</legend>
      <p id="ship-countries-hint" className="text-sm text-slate-600 dark:text-slate-400">
        The official rules state it, and the winner's claim form offers only these countries.
      </p>
      <label className="flex items-start gap-3">
        <input
          type="radio"
          name="shipScope"
          value="everywhere"
          checked={mode === "everywhere"}
          onChange={() => setMode("everywhere")}
          className="mt-1 h-5 w-5 accent-brand-700"
        />
        <span>Everywhere our print partner ships ({PARTNER_COUNTRIES.length} countries)</span>
      </label>
      <label className="flex items-start gap-3">
        <input
          type="radio"
          name="shipScope"
          value="chosen"
          checked={mode === "chosen"}
          onChange={() => setMode("chosen")}
          className="mt-1 h-5 w-5 accent-brand-700"
        />
        <span>
          Only the countries I tick below
          {mode === "chosen" ? <span className="text-slate-600 dark:text-slate-400"> ({ticked.size} ticked)</span> : null}
        </span>
      </label>
      <div
        role="group"
        aria-label="Countries the prize ships to"
        className="max-h-72 overflow-y-auto rounded-lg border border-slate-300 p-3 dark:border-slate-700"
      >
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {PARTNER_COUNTRIES.map((country) => (
            <label key={country.code} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="shipCountries"
                value={country.code}
                checked={ticked.has(country.code)}
                onChange={(event) => {
                  const next = new Set(ticked);
                  if (event.currentTarget.checked) next.add(country.code);
                  else next.delete(country.code);
                  setTicked(next);
                  if (event.currentTarget.checked) setMode("chosen");
                }}
                className="h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="[overflow-wrap:anywhere]">{country.name}</span>
            </label>
          ))}
        </div>
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
