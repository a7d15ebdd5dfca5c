import type { ReactNode } from "react";
import { PageHeader } from "./sections";

/** Long-form text (about, terms, privacy): readable line length, spacing and links styled once here. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-4 pb-20 text-base leading-relaxed text-slate-800 sm:px-6 dark:text-slate-200 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800 dark:[&_a]:text-brand-300 dark:[&_a:hover]:text-brand-200 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_code]:whitespace-nowrap dark:[&_code]:bg-slate-800 [&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white [&_li]:mt-2 [&_p]:mt-4 [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-slate-500">
      {children}
    </div>
  );
}

/** A legal page: its heading, the date it last changed, a table of contents and the text. */
export function LegalPage({
  title,
  intro,
  updated,
  sections,
  children,
}: {
  title: string;
  intro: ReactNode;
  updated: string;
  sections: readonly { id: string; title: string }[];
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} intro={intro} />
      <Prose>
        <p className="text-sm text-slate-700 dark:text-slate-300">Last updated: {updated}</p>
        <nav
          aria-label="On this page"
          className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="!mt-0 text-sm font-semibold text-slate-900 dark:text-white">On this page</p>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id} className="!mt-0">
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {children}
      </Prose>
    </>
  );
}

/** One numbered section of a legal page, its id matching the table of contents. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
