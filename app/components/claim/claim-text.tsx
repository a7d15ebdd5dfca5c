import { type ReactNode, createContext, useContext, useMemo } from "react";
import { type ClaimText, type ClaimWords, claimText } from "~/i18n/claim-text";

/**
 * The claim page's words in the entrant's language (decision 097), from the loader: this page
 * runs in the browser too, so it carries its own language's words and nothing more. Without a
 * provider, English.
 */
const ClaimTextContext = createContext<ClaimText | null>(null);

export function ClaimTextProvider({
  words,
  dates,
  children,
}: {
  words: ClaimWords | null | undefined;
  dates: Record<string, string> | undefined;
  children: ReactNode;
}) {
  const value = useMemo(() => claimText(words, dates), [words, dates]);
  return <ClaimTextContext.Provider value={value}>{children}</ClaimTextContext.Provider>;
}

const english = claimText(null);

export function useClaimText(): ClaimText {
  return useContext(ClaimTextContext) ?? english;
}
