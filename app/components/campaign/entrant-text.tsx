import { type ReactNode, createContext, useContext } from "react";
import type { EntrantLanguage } from "~/domain/entrant-language";
import { richFill } from "~/i18n/claim-text";
import { ENTRANT_RESOURCES, type EntrantText, entrantText } from "~/i18n/entrant";
import type { EntrantKey } from "~/i18n/entrant/en";

/**
 * The entrant's language for everything rendered inside (decision 097). Entrant pages are server
 * rendered without the client runtime, so the words never travel to the browser. Without a
 * provider (a creator's preview of a component), English.
 */
const EntrantTextContext = createContext<EntrantText | null>(null);

export function EntrantTextProvider({ language, children }: { language: EntrantLanguage; children: ReactNode }) {
  return <EntrantTextContext.Provider value={entrantText(language)}>{children}</EntrantTextContext.Provider>;
}

export function useEntrantText(): EntrantText {
  return useContext(EntrantTextContext) ?? entrantText("en");
}

/** A key's words with elements in their {{name}} places (a link, a code), in the text's language. */
export function richEntrantText(text: EntrantText, key: EntrantKey, values: Record<string, ReactNode>): ReactNode {
  return richFill(ENTRANT_RESOURCES[text.language][key] ?? ENTRANT_RESOURCES.en[key] ?? key, values);
}
