import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Link } from "react-router";
import { FieldErrors } from "../ui/field";
import { useHydrated } from "../ui/use-hydrated";
import { href } from "~/paths";
import { PAGE_LAYOUTS, pageLayoutOf } from "~/domain/page-layout";

/**
 * Step 1's campaign-page look (decision 043): the accent colour and the choice to drop
 * "Powered by Giveawear". The hex text field is what is saved, so it works without JavaScript; the
 * colour picker beside it is JavaScript's convenience and only appears when it can fill the field.
 */
export function AccentColorField({ meta }: { meta: FieldMetadata<string> }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(typeof meta.initialValue === "string" ? meta.initialValue : "");
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  // Controlled, so the picker can fill it: Conform's defaultValue gives way to the state it started.
  const { defaultValue: _initial, key, ...inputProps } = getInputProps(meta, { type: "text", ariaDescribedBy: `${meta.id}-hint` });
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        Accent colour <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
      </label>
      <div className="flex items-center gap-3">
        {hydrated ? (
          <input
            type="color"
            aria-label="Pick the accent colour"
            value={valid ? value.toLowerCase() : "#6d28d9"}
            onChange={(event) => setValue(event.currentTarget.value)}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
          />
        ) : null}
        <input
          {...inputProps}
          key={key}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder="#1D4ED8"
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          className="input max-w-40 font-mono"
        />
        {valid ? (
          <span
            aria-hidden="true"
            className="inline-flex h-11 items-center rounded-lg px-4 text-sm font-semibold text-white"
            style={{ backgroundColor: value }}
          >
            Enter Now
          </span>
        ) : null}
      </div>
      <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Used for the campaign page&apos;s button and links, as # and six hex digits. White button text must stay readable on it (contrast at
        least 4.5:1), so very light colours are refused. Leave empty for Giveawear&apos;s purple.
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function HideBrandingField({
  name,
  defaultChecked,
  planChosen,
  customBranding,
}: {
  name: string;
  defaultChecked: boolean;
  planChosen: boolean;
  customBranding: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id="hide-giveawear-branding"
        type="checkbox"
        name={name}
        defaultChecked={customBranding && defaultChecked}
        disabled={!customBranding}
        aria-describedby="hide-giveawear-branding-hint"
        className="mt-1 size-5 shrink-0 accent-brand-700 disabled:opacity-50"
      />
      <div>
        <label
          htmlFor="hide-giveawear-branding"
          className={customBranding ? "font-medium" : "font-medium text-slate-600 dark:text-slate-400"}
        >
          Hide “Powered by Giveawear” on the campaign page and in entrants’ emails
        </label>
        <p id="hide-giveawear-branding-hint" className="text-sm text-slate-600 dark:text-slate-400">
          {customBranding ? (
            "The official rules, terms and privacy links stay."
          ) : (
            <>
              <span className="font-semibold text-slate-800 dark:text-slate-200">Pro feature</span>
              {planChosen
                ? ": your plan does not include custom branding. "
                : ": choose a plan with custom branding in step 2, then come back. "}
              <Link to={href("/pricing")} className="font-medium text-brand-700 underline dark:text-brand-300">
                Compare plans
              </Link>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/**
 * The campaign page's arrangement (decision 106): radio cards, each with its one-line description, a
 * plain form field that works without JavaScript.
 */
export function PageLayoutField({ name, value, errors }: { name: string; value: string; errors?: string[] }) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="label">Page layout</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {PAGE_LAYOUTS.map((layout) => (
          <label
            key={layout.key}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:border-slate-700 dark:has-[:checked]:bg-brand-900/40"
          >
            <input
              type="radio"
              name={name}
              value={layout.key}
              defaultChecked={pageLayoutOf(value) === layout.key}
              aria-describedby={`page-layout-${layout.key}-hint`}
              className="mt-0.5 accent-brand-700"
            />
            <span>
              <span className="block font-semibold">{layout.label}</span>
              <span id={`page-layout-${layout.key}-hint`} className="mt-0.5 block text-slate-600 dark:text-slate-400">
                {layout.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
