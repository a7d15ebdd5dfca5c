import { Link } from "react-router";
import { FOOTER_COLUMNS } from "~/domain/navigation";
import { href } from "~/paths";
import { type SiteWords, sayWith } from "./site-words";

const SOCIAL = [
  {
    label: "Twitter",
    href: "https://twitter.com/giveawear",
    path: "M22 5.9c-.7.3-1.5.6-2.4.7a4.1 4.1 0 0 0 1.8-2.3c-.8.5-1.7.8-2.6 1a4.1 4.1 0 0 0-7 3.7A11.6 11.6 0 0 1 3.4 4.7a4.1 4.1 0 0 0 1.3 5.5c-.7 0-1.3-.2-1.9-.5 0 2 1.4 3.7 3.3 4.1-.6.2-1.2.2-1.9.1a4.1 4.1 0 0 0 3.8 2.8A8.2 8.2 0 0 1 2 18.4a11.6 11.6 0 0 0 6.3 1.8c7.5 0 11.7-6.3 11.7-11.7v-.5c.8-.6 1.5-1.3 2-2.1z",
  },
  {
    label: "Facebook",
    href: "https://facebook.com/giveawear",
    path: "M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z",
  },
  {
    label: "Instagram",
    href: "https://instagram.com/giveawear",
    path: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm5.5-3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
  },
  {
    label: "LinkedIn",
    href: "https://linkedin.com/company/giveawear",
    path: "M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM2 9h4v12H2zM9 9h4v1.7c.6-1 1.9-2 3.9-2 4 0 5.1 2.6 5.1 6V21h-4v-5.6c0-1.6-.3-3-2.1-3s-2.9 1.2-2.9 3V21H9z",
  },
];

/** `words`: the labels in the page's language (decision 097); none on English pages. */
export function SiteFooter({ year, words }: { year: number; words?: SiteWords | null }) {
  const say = sayWith(words);
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <Link to={href("/")} className="text-lg font-extrabold tracking-tight">
            Giveawear
          </Link>
          <p className="mt-3 max-w-xs text-sm text-slate-700 dark:text-slate-300">
            {say("Smart giveaways for modern brands. Design a shirt, launch a giveaway, grow your audience, and we ship the prize.")}
          </p>
          <ul className="mt-4 flex gap-3">
            {SOCIAL.map((network) => (
              <li key={network.label}>
                <a
                  href={network.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={network.label}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                    <path d={network.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 md:col-span-2">
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={say(column.title)}>
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">{say(column.title)}</h2>
              <ul className="mt-3 space-y-2">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={link.to}
                      className="text-sm text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
                    >
                      {say(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        {say("© {{year}} Giveawear. All rights reserved.").replace("{{year}}", String(year))}
      </div>
    </footer>
  );
}
