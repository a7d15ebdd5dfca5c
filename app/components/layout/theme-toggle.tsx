import { useFetcher, useFetchers } from "react-router";
import { useHydrated } from "../ui/use-hydrated";
import { href } from "~/paths";
import type { Say } from "./site-words";

const THEME_ACTION = href("/theme");

/** While a theme change is in flight, the theme it asks for (so the page switches instantly). */
export function useOptimisticTheme(): "light" | "dark" | undefined {
  const fetcher = useFetchers().find((f) => f.formAction === THEME_ACTION);
  const value = fetcher?.formData?.get("theme");
  return value === "light" || value === "dark" ? value : undefined;
}

/** A plain form post: without JavaScript it reloads the page in the new theme. */
export function ThemeToggle({ theme, path, say = (english) => english }: { theme: "light" | "dark"; path: string; say?: Say }) {
  const fetcher = useFetcher({ key: "theme" });
  const hydrated = useHydrated();
  const current = useOptimisticTheme() ?? theme;
  const next = current === "dark" ? "light" : "dark";
  const label = say(`Switch to ${next} theme`);
  return (
    <fetcher.Form method="post" action={THEME_ACTION}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={path} />
      {/* With JavaScript the fetcher wants data back, not a redirect that reloads the page. */}
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <button type="submit" className="btn-ghost h-10 w-10 p-0" aria-label={label} title={label}>
        {current === "dark" ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
          </svg>
        )}
      </button>
    </fetcher.Form>
  );
}
