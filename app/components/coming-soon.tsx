import { Link } from "react-router";
import { href } from "~/paths";

export function ComingSoon({ title = "Coming Soon", text }: { title?: string; text?: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800 dark:bg-brand-900/50 dark:text-brand-100">
        In the works
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {text ?? "We're putting the finishing touches on this page. Check back soon."}
      </p>
      <Link to={href("/")} className="btn-primary mt-8">
        Go Back Home
      </Link>
    </section>
  );
}
