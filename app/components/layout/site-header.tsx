import { Form, Link } from "react-router";
import { navigationFor } from "~/domain/navigation";
import type { Role } from "~/domain/roles";
import { Avatar } from "../ui/avatar";
import { NavItemLink } from "./nav-item";
import { ThemeToggle } from "./theme-toggle";
import { useCloseOnNavigate } from "./use-close-on-navigate";
import { type Say, type SiteWords, sayWith } from "./site-words";
import { FAVICON_PATH, href, loginPath } from "~/paths";

export interface HeaderUser {
  email: string;
  name: string;
  avatarUrl: string | null;
  role: Role;
}

function Brand() {
  return (
    <Link to={href("/start")} className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900 dark:text-white">
      <img src={FAVICON_PATH} alt="" width="32" height="32" className="h-8 w-8" />
      Giveawear
    </Link>
  );
}

function LogoutButton({ className, say }: { className: string; say: Say }) {
  return (
    <Form method="post" action={href("/logout")}>
      <button type="submit" className={className}>
        {say("Log Out")}
      </button>
    </Form>
  );
}

function AccountMenu({ user, say }: { user: HeaderUser; say: Say }) {
  const ref = useCloseOnNavigate();
  const nav = navigationFor(user.role);
  return (
    <details ref={ref} className="relative">
      <summary
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={say("Account menu")}
      >
        <Avatar name={user.name} src={user.avatarUrl} size={40} />
      </summary>
      <div className="menu-panel absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <div className="border-b border-slate-200 px-3 py-2 dark:border-slate-700">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        <ul className="py-1">
          {nav.account.map((item) => (
            <li key={item.label}>
              <NavItemLink
                item={item}
                say={say}
                className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              />
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 pt-1 dark:border-slate-700">
          <LogoutButton
            say={say}
            className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          />
        </div>
      </div>
    </details>
  );
}

function MobileMenu({ user, say }: { user: HeaderUser | null; say: Say }) {
  const ref = useCloseOnNavigate();
  const nav = navigationFor(user?.role ?? "public");
  return (
    <details ref={ref} className="md:hidden">
      <summary className="btn-ghost h-10 w-10 cursor-pointer p-0" aria-label={say("Menu")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <nav
        aria-label={say("Mobile")}
        className="menu-panel absolute inset-x-0 top-20 z-50 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg dark:border-slate-800 dark:bg-slate-950"
      >
        {user ? (
          <div className="flex items-center gap-3 border-b border-slate-200 py-3 dark:border-slate-800">
            <Avatar name={user.name} src={user.avatarUrl} size={40} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name}</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
            </div>
          </div>
        ) : null}
        <ul className="py-2">
          {[...nav.links, ...nav.account].map((item) => (
            <li key={`${item.label}:${item.to}`}>
              <NavItemLink
                item={item}
                say={say}
                className="block rounded-md px-3 py-2.5 text-base font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <HeaderActions user={user} placement="menu" say={say} />
        </div>
      </nav>
    </details>
  );
}

/** Call-to-action and account controls: in the bar an account menu, in the mobile menu a Log Out button. */
function HeaderActions({ user, placement, say }: { user: HeaderUser | null; placement: "bar" | "menu"; say: Say }) {
  if (!user) {
    const { cta } = navigationFor("public");
    return (
      <>
        <Link to={loginPath()} className={placement === "bar" ? "btn-ghost" : "btn-secondary"}>
          {say("Login")}
        </Link>
        {cta ? (
          <Link to={cta.to} className="btn-primary">
            {say(cta.label)}
          </Link>
        ) : null}
      </>
    );
  }
  const { cta } = navigationFor(user.role);
  return (
    <>
      {cta ? (
        <Link to={cta.to} className="btn-primary">
          {say(cta.label)}
        </Link>
      ) : null}
      {placement === "bar" ? <AccountMenu user={user} say={say} /> : <LogoutButton className="btn-secondary w-full" say={say} />}
    </>
  );
}

/** `words`: the labels in the page's language (decision 097); none on English pages. */
export function SiteHeader({
  user,
  path,
  theme,
  words,
}: {
  user: HeaderUser | null;
  path: string;
  theme: "light" | "dark";
  words?: SiteWords | null;
}) {
  const nav = navigationFor(user?.role ?? "public");
  const say = sayWith(words);
  return (
    <header className="sticky top-0 z-50 h-20 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {say("Skip to content")}
      </a>
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label={say("Main")} className="hidden items-center gap-1 md:flex">
          {nav.links.map((item) => (
            <NavItemLink key={`${item.label}:${item.to}`} item={item} say={say} className="nav-link" />
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle theme={theme} path={path} say={say} />
          <div className="hidden items-center gap-2 md:flex">
            <HeaderActions user={user} placement="bar" say={say} />
          </div>
          <MobileMenu user={user} say={say} />
        </div>
      </div>
    </header>
  );
}
