import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon, IconBadge, type IconName } from "./icons";

/** One band of a marketing page, alternating backgrounds keep the sections apart. */
export function Section({
  children,
  tone = "plain",
  labelledBy,
  className = "",
}: {
  children: ReactNode;
  tone?: "plain" | "tinted";
  labelledBy?: string;
  className?: string;
}) {
  const background = tone === "tinted" ? "bg-slate-50 dark:bg-slate-900/60" : "";
  return (
    <section aria-labelledby={labelledBy} className={`${background} ${className}`}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">{children}</div>
    </section>
  );
}

export function SectionHeading({ id, eyebrow, title, intro }: { id: string; eyebrow?: string; title: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-pretty text-slate-700 dark:text-slate-300">{intro}</p> : null}
    </div>
  );
}

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

/** Cards in rows of up to `columns`; a short last row is centred rather than left with a gap. */
export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 3 | 4 }) {
  const width = columns === 4 ? "sm:w-[calc(50%-0.75rem)] lg:w-[calc(25%-1.125rem)]" : "sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]";
  return (
    <ul className="mt-12 flex flex-wrap justify-center gap-6">
      {features.map((feature) => (
        <li key={feature.title} className={`card w-full p-6 ${width}`}>
          <IconBadge name={feature.icon} />
          <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  title: string;
  text: string;
}

/** Numbered steps: a row of four on wide screens, a list on phones. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="relative">
          <span
            aria-hidden="true"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white dark:bg-brand-300 dark:text-slate-950"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function CheckList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The closing band: one clear next step. */
export function CallToAction({
  id,
  title,
  text,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  text: string;
  primary: { label: string; to: string };
  secondary?: { label: string; to: string };
}) {
  return (
    <section aria-labelledby={id} className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand-800 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16 dark:bg-brand-900">
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-100">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={primary.to}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {primary.label}
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
          {secondary ? (
            <Link
              to={secondary.to}
              className="inline-flex items-center justify-center rounded-lg border border-white/60 px-6 py-3 text-base font-semibold text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {secondary.label}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** Heading block at the top of the simpler pages (pricing, how it works, about, legal, contact). */
export function PageHeader({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: ReactNode }) {
  return (
    <header className="bg-gradient-to-b from-brand-50 to-white px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20 dark:from-slate-900 dark:to-slate-950">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{eyebrow}</p> : null}
      <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {intro ? <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">{intro}</p> : null}
    </header>
  );
}
