import type { FieldMetadata } from "@conform-to/react";
import { ENTRANT_LANGUAGES, LANGUAGE_NAMES } from "~/domain/entrant-language";
import { FieldErrors } from "../ui/field";

/**
 * Step 4's language (decision 097): what the campaign page, its entrant pages and its emails to
 * entrants speak, and the other languages a visitor's browser may pick instead. Creator screens
 * stay English; the official rules stay English for now, with the page saying so.
 */
export function EntrantLanguageField({
  language,
  otherLanguages,
}: {
  language: FieldMetadata<string | undefined>;
  otherLanguages: FieldMetadata<string[] | undefined>;
}) {
  const chosen = (language.initialValue as string | undefined) || "en";
  const others = new Set(((otherLanguages.initialValue as string[] | string | undefined) ?? []).toString().split(","));
  return (
    <div>
      <label htmlFor={language.id} className="label">
        Entrants&apos; language
      </label>
      <select
        id={language.id}
        name={language.name}
        defaultValue={chosen}
        aria-describedby={`${language.id}-hint`}
        aria-invalid={language.errors ? true : undefined}
        className="input"
        data-testid="campaign-language"
      >
        {ENTRANT_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <p id={`${language.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        The campaign page, the entry confirmations and the emails to entrants use it. The official rules stay in English.
      </p>
      <FieldErrors id={language.errorId} errors={language.errors} />
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">Also offer (a visitor whose browser prefers one of these gets it)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {ENTRANT_LANGUAGES.map((code) => (
            <label key={code} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={otherLanguages.name}
                value={code}
                defaultChecked={others.has(code)}
                className="size-4 accent-brand-700"
                data-testid={`other-language-${code}`}
              />
              {LANGUAGE_NAMES[code]}
            </label>
          ))}
        </div>
        <FieldErrors id={otherLanguages.errorId} errors={otherLanguages.errors} />
      </fieldset>
    </div>
  );
}
