import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { describeError } from "./domain/http-errors";
import { isEntrantLanguage } from "./domain/entrant-language";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import type { SiteWords } from "./components/layout/site-words";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/ui/toaster";
import { useOptimisticTheme } from "./components/layout/theme-toggle";
import { getConfig } from "./server/core/config.server";
import { getCurrentUser } from "./server/auth/session.server";
import { recordRoutePattern } from "./server/core/load-context.server";
import { getTheme } from "./server/core/theme.server";
import { readToast } from "./server/core/toast.server";
import { FAVICON_PATH, href } from "./paths";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: FAVICON_PATH, type: "image/svg+xml" },
];

// Notes the matched route's pattern for the request series of /metrics (decision 084).
export const middleware: Route.MiddlewareFunction[] = [recordRoutePattern];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, theme, { toast, setCookie }] = await Promise.all([getCurrentUser(request), getTheme(request), readToast(request)]);
  const url = new URL(request.url);
  return data(
    {
      user: user && {
        id: user.id,
        email: user.email,
        name: user.name,
        avatarUrl: user.avatarUrl,
        role: user.role,
        isAdmin: user.isAdmin,
      },
      theme,
      toast: toast && { ...toast, id: crypto.randomUUID() },
      googleEnabled: getConfig().googleEnabled,
      year: new Date().getUTCFullYear(),
      path: `${url.pathname}${url.search}`,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/** A route whose handle says `{ hydrate: false }` is served as plain HTML, without the client runtime. */
function useHydrate(): boolean {
  return !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/**
 * A route whose handle says `{ chrome: "own" }` draws its own frame (the brand's campaign page with
 * its slim bar and "Powered by Giveawear" line, the embeddable entry card): the site's header and
 * footer are left out.
 */
function useOwnChrome(): boolean {
  return useMatches().some((match) => (match.handle as { chrome?: string } | undefined)?.chrome === "own");
}

/** The entrant's language a campaign page's loader chose (decision 097); English for every other page. */
function usePageLanguage(): string {
  for (const match of [...useMatches()].reverse()) {
    const language = (match.loaderData as { language?: unknown } | undefined)?.language;
    if (isEntrantLanguage(language)) return language;
  }
  return "en";
}

/** The site's header and footer words a page in another language sent (decision 097); null on English pages. */
function useSiteWords(): SiteWords | null {
  for (const match of [...useMatches()].reverse()) {
    const site = (match.loaderData as { site?: unknown } | undefined)?.site;
    if (site && typeof site === "object") return site as SiteWords;
  }
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const lang = usePageLanguage();
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = useOptimisticTheme() ?? root?.theme ?? "light";
  const hydrate = useHydrate();
  return (
    <html lang={lang} className={theme === "dark" ? "dark" : undefined} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** English site chrome on a page in another language is marked as English; English pages are untouched. */
function SiteLanguage({ lang, children }: { lang: string | undefined; children: React.ReactNode }) {
  return lang ? (
    <div lang={lang} className="contents">
      {children}
    </div>
  ) : (
    children
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const ownChrome = useOwnChrome();
  // On a page in another language (the entrant's data pages, decision 097) the site's header and
  // footer speak it, with the words the page sent; a page that sent none keeps them English and says
  // so, for screen readers and translators.
  const siteWords = useSiteWords();
  const pageLanguage = usePageLanguage();
  const siteLang = siteWords || pageLanguage === "en" ? undefined : "en";
  if (ownChrome)
    return (
      <>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Toaster toast={loaderData.toast} />
      </>
    );
  return (
    <>
      <SiteLanguage lang={siteLang}>
        <SiteHeader user={loaderData.user} path={loaderData.path} theme={loaderData.theme} words={siteWords} />
      </SiteLanguage>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteLanguage lang={siteLang}>
        <SiteFooter year={loaderData.year} words={siteWords} />
      </SiteLanguage>
      <Toaster toast={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message, serverFault } = describeError(error, isRouteErrorResponse);
  // A 4xx is the request's doing, already answered with its status; only our own faults are logged:
  // in the browser here, on the server by entry.server.tsx's handleError (decision 083).
  if (serverFault && typeof document !== "undefined") console.error(error);
  return (
    <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
      <a href={href("/start")} className="btn-primary">
        Go Back Home
      </a>
    </main>
  );
}
