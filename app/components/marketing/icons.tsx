/** Line icons for the marketing pages: inline SVG, so they need no font (cheap phones lack emoji). */
const PATHS = {
  check: "M4.5 12.75l6 6 9-13.5",
  trophy: "M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3",
  truck:
    "M2.5 6.5h11v9h-11zM13.5 9.5h4l3.5 3.5v2.5h-7.5M7 19a1.75 1.75 0 1 0 0-3.5A1.75 1.75 0 0 0 7 19zM17 19a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5z",
  sparkles: "M11 3l1.8 4.7 4.7 1.8-4.7 1.8L11 16l-1.8-4.7-4.7-1.8 4.7-1.8zM18.5 14l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z",
  gift: "M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-1.5-3-5-3.5-5-1.5S10 7 12 7zm0 0c1.5-3 5-3.5 5-1.5S14 7 12 7z",
  users:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c0-3.3 2.9-5.5 6.5-5.5s6.5 2.2 6.5 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c2.1.6 3.5 2.5 3.5 5.2",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  shirt: "M8.5 3.5l-5.5 3 2 4.5 2.5-1.2V20.5h9V9.8l2.5 1.2 2-4.5-5.5-3c-.4 1.6-1.8 2.7-3.5 2.7s-3.1-1.1-3.5-2.7z",
  chart: "M3.5 20.5h17M6.5 16.5v-5M11 16.5V6.5M15.5 16.5v-8M20 16.5V4",
  mail: "M3.5 6h17v12h-17zM3.5 7l8.5 6 8.5-6",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.75 12l2.25 2.25 4.25-4.5",
  megaphone: "M3.5 10v4h3l7.5 4.5v-13L6.5 10zM17 9a4 4 0 0 1 0 6M19.5 6.5a7.5 7.5 0 0 1 0 11",
  clipboard: "M9 3.5h6v3H9zM7 5H5v16h14V5h-2M8.5 11h7M8.5 15h4.5",
  target: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16.5a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM12 12.5a.5.5 0 1 0 0-1 .5.5 0 0 0 0 1z",
  bolt: "M13 2.5L4.5 14H11l-1 7.5L19.5 10H13z",
  phone: "M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM11 18.5h2",
  heart: "M12 20.5s-8-4.7-8-10.5a4.5 4.5 0 0 1 8-2.8 4.5 4.5 0 0 1 8 2.8c0 5.8-8 10.5-8 10.5z",
  arrowRight: "M4.5 12h15M13.5 6l6 6-6 6",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The round tinted badge an icon sits in on feature cards and steps. */
export function IconBadge({ name }: { name: IconName }) {
  return (
    <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
      <Icon name={name} />
    </span>
  );
}
