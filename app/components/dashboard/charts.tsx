import { useId, type ReactNode } from "react";
import { axisDayIndexes, dayLabel, formatCount, niceScale, percentOf, plural, scaled, type DayCount } from "~/domain/dashboard";
import { DEFAULT_TIME_ZONE, timeZoneLabel } from "~/domain/campaign-time-zone";
import { hourLabel } from "~/domain/hourly-series";
import { Table } from "../ui/table";

/**
 * Charts drawn on the server as SVG: they need no JavaScript and no library. Each one is an image
 * with a <title> and a <desc> that say what it shows, and its numbers are also in a data table
 * anyone can open. Labels are HTML or unscaled SVG text, so they stay legible from 360 px up.
 */

export function ChartCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="card flex flex-col p-5 sm:p-6" aria-label={title}>
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

function DataTable({ caption, headers, rows }: { caption: string; headers: [string, string]; rows: [string, string][] }) {
  return (
    <details className="group mt-4 text-sm">
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300">
        <span aria-hidden="true" className="inline-block transition group-open:rotate-90">
          ▸
        </span>
        Data table
      </summary>
      <Table
        scroll={{ className: "mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700" }}
        caption={caption}
        className="w-full text-left"
        headClassName="sticky top-0 bg-slate-50 dark:bg-slate-800"
        headerClassName="px-3 py-2 font-semibold"
        rowClassName="border-t border-slate-100 dark:border-slate-800"
        columns={[
          { header: headers[0], rowHeader: true, className: "px-3 py-1.5 font-normal", cell: ([label]) => label },
          {
            header: headers[1],
            headerClassName: "px-3 py-2 font-semibold text-right",
            className: "px-3 py-1.5 text-right tabular-nums",
            cell: ([, value]) => value,
          },
        ]}
        rows={rows}
        rowKey={([label]) => label}
      />
    </details>
  );
}

function EmptyChart({ children }: { children: ReactNode }) {
  return (
    <p className="flex min-h-40 flex-1 items-center justify-center rounded-xl border border-dashed border-slate-300 px-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}

const PLOT_HEIGHT = "h-48";

type ChartUnit = "day" | "hour";

/** A chart unit's words, with the zone its days and hours are on ("by day (New York time)"). */
function unitWords(unit: ChartUnit, zone: string) {
  const where = timeZoneLabel(zone);
  return unit === "day"
    ? {
        label: dayLabel,
        one: "day",
        many: "days",
        busiest: "Busiest day",
        title: `Entries over time, by day (${where})`,
        header: `Day (${where})`,
        where,
      }
    : {
        label: (key: string) => hourLabel(key, zone),
        one: "hour",
        many: "hours",
        busiest: "Busiest hour",
        title: `Entries over time, by hour (${where})`,
        header: `Hour (${where})`,
        where,
      };
}

/**
 * Entries Over Time: one bar per day of the campaign's zone, or per hour (advanced analytics,
 * decision 046; the points' `day` is then the UTC hour "yyyy-mm-ddThh", labelled on the zone's
 * clocks; decision 096).
 */
export function EntriesOverTimeChart({
  series,
  emptyText,
  unit = "day",
  zone = DEFAULT_TIME_ZONE,
}: {
  series: DayCount[];
  emptyText: string;
  unit?: ChartUnit;
  /** The campaign's time zone (IANA). */
  zone?: string;
}) {
  const id = useId();
  const u = unitWords(unit, zone);
  const label = u.label;
  if (series.length === 0) return <EmptyChart>{emptyText}</EmptyChart>;
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const busiest = series.reduce((best, point) => (point.count > best.count ? point : best), series[0] ?? { day: "", count: 0 });
  const scale = niceScale(busiest.count);
  const first = series[0]?.day ?? "";
  const last = series.at(-1)?.day ?? "";
  const slot = 10;
  const width = series.length * slot;
  const description =
    total === 0
      ? `No entries between ${label(first)} and ${label(last)}.`
      : `${plural(total, "entry", "entries")} over ${plural(series.length, u.one, u.many)}, ${label(first)} to ${label(last)}. ` +
        `${u.busiest}: ${label(busiest.day)} with ${plural(busiest.count, "entry", "entries")}.`;
  return (
    <figure className="flex flex-col">
      <div className="flex gap-2 py-2">
        <div
          aria-hidden="true"
          className={`relative w-9 shrink-0 ${PLOT_HEIGHT} text-right text-xs text-slate-600 tabular-nums dark:text-slate-400`}
        >
          {scale.ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${scaled(tick, scale.max)}%` }}>
              {formatCount(tick)}
            </span>
          ))}
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className={`${PLOT_HEIGHT} w-full min-w-0 overflow-visible`}
          data-testid={unit === "day" ? "entries-over-time-chart" : "entries-by-hour-chart"}
        >
          <title id={`${id}-title`}>{u.title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {scale.ticks.map((tick) => {
            const y = 100 - scaled(tick, scale.max);
            return (
              <line
                key={tick}
                x1={0}
                x2={width}
                y1={y}
                y2={y}
                vectorEffect="non-scaling-stroke"
                className={tick === 0 ? "stroke-slate-400 dark:stroke-slate-500" : "stroke-slate-200 dark:stroke-slate-700"}
                strokeWidth={1}
              />
            );
          })}
          {series.map((point, index) => {
            const height = scaled(point.count, scale.max);
            return height > 0 ? (
              <rect
                key={point.day}
                x={index * slot + slot * 0.15}
                width={slot * 0.7}
                y={100 - height}
                height={height}
                className="fill-brand-600 dark:fill-brand-400"
              >
                <title>{`${label(point.day)}: ${plural(point.count, "entry", "entries")}`}</title>
              </rect>
            ) : null;
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="relative ml-11 h-4 text-xs text-slate-600 dark:text-slate-400">
        {axisDayIndexes(series.length).map((index, position, all) => {
          const point = series[index];
          if (!point) return null;
          const center = ((index + 0.5) / series.length) * 100;
          const align = all.length > 1 && position === 0 ? "left-0" : all.length > 1 && position === all.length - 1 ? "right-0" : "";
          return (
            <span
              key={point.day}
              className={`absolute whitespace-nowrap ${align || "-translate-x-1/2"}`}
              style={align ? undefined : { left: `${center}%` }}
            >
              {label(point.day)}
            </span>
          );
        })}
      </div>
      <DataTable
        caption={`Entries per ${u.one} (${u.where})`}
        headers={[u.header, "Entries"]}
        rows={series.map((point) => [
          unit === "day" ? `${label(point.day)}, ${point.day.slice(0, 4)}` : label(point.day),
          formatCount(point.count),
        ])}
      />
    </figure>
  );
}

/** Entry Sources: referral vs direct, as a ring. */
export function EntrySourcesChart({ referral, direct }: { referral: number; direct: number }) {
  const id = useId();
  const total = referral + direct;
  if (total === 0) return <EmptyChart>No entries yet.</EmptyChart>;
  const referralPercent = percentOf(referral, total);
  const directPercent = 100 - referralPercent;
  const description = `${plural(referral, "entry", "entries")} (${referralPercent}%) came through shared links and ${plural(direct, "entry", "entries")} (${directPercent}%) directly.`;
  // A circle of circumference 100 lets each slice's dash length be its percentage.
  const radius = 100 / (2 * Math.PI);
  const referralShare = (referral / total) * 100;
  return (
    <figure className="flex flex-col">
      <div className="flex flex-wrap items-center justify-center gap-6 sm:justify-start">
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox="0 0 42 42"
          className="size-40 shrink-0"
          data-testid="entry-sources-chart"
        >
          <title id={`${id}-title`}>Entry sources: referral vs direct</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <circle cx={21} cy={21} r={radius} fill="none" strokeWidth={6} className="stroke-sky-500 dark:stroke-sky-400" />
          {referral > 0 ? (
            <circle
              cx={21}
              cy={21}
              r={radius}
              fill="none"
              strokeWidth={6}
              strokeDasharray={`${referralShare} ${100 - referralShare}`}
              strokeDashoffset={25}
              className="stroke-brand-600 dark:stroke-brand-400"
            />
          ) : null}
          <text
            x={21}
            y={21}
            textAnchor="middle"
            dominantBaseline="central"
            className="fill-slate-900 text-[7px] font-bold dark:fill-white"
          >
            {formatCount(total)}
          </text>
        </svg>
        <ul className="space-y-2 text-sm" aria-hidden="true">
          <li className="flex items-center gap-2">
            <span className="size-3 rounded-sm bg-brand-600 dark:bg-brand-400" />
            <span>
              Referral <strong className="tabular-nums">{formatCount(referral)}</strong> ({referralPercent}%)
            </span>
          </li>
          <li className="flex items-center gap-2">
            <span className="size-3 rounded-sm bg-sky-500 dark:bg-sky-400" />
            <span>
              Direct <strong className="tabular-nums">{formatCount(direct)}</strong> ({directPercent}%)
            </span>
          </li>
        </ul>
      </div>
      <DataTable
        caption="Entries by source"
        headers={["Source", "Entries"]}
        rows={[
          ["Referral", formatCount(referral)],
          ["Direct", formatCount(direct)],
        ]}
      />
    </figure>
  );
}

/** Top Email Domains (top 5): horizontal bars; SVG lengths in % keep the text unscaled. */
export function TopDomainsChart({ domains, total }: { domains: { domain: string; count: number }[]; total: number }) {
  const id = useId();
  if (domains.length === 0) return <EmptyChart>No entries yet.</EmptyChart>;
  const largest = domains[0]?.count ?? 1;
  const rowHeight = 40;
  const description = domains.map((d) => `${d.domain}: ${plural(d.count, "entry", "entries")}`).join("; ") + ".";
  return (
    <figure className="flex flex-col">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width="100%"
        height={domains.length * rowHeight}
        className="overflow-visible text-sm"
        data-testid="top-domains-chart"
      >
        <title id={`${id}-title`}>Top email domains</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {domains.map((d, index) => {
          const y = index * rowHeight;
          return (
            <g key={d.domain}>
              <text x={0} y={y + 14} className="fill-slate-800 dark:fill-slate-200">
                {d.domain || "(none)"}
              </text>
              <text x="100%" y={y + 14} textAnchor="end" className="fill-slate-600 tabular-nums dark:fill-slate-400">
                {`${formatCount(d.count)} · ${percentOf(d.count, total)}%`}
              </text>
              <rect x={0} y={y + 22} width="100%" height={8} rx={4} className="fill-slate-100 dark:fill-slate-800" />
              <rect
                x={0}
                y={y + 22}
                width={`${Math.max(1, scaled(d.count, largest))}%`}
                height={8}
                rx={4}
                className="fill-emerald-600 dark:fill-emerald-400"
              />
            </g>
          );
        })}
      </svg>
      <DataTable
        caption="Entries by email domain"
        headers={["Domain", "Entries"]}
        rows={domains.map((d) => [d.domain || "(none)", formatCount(d.count)])}
      />
    </figure>
  );
}

/** Top Referrers (advanced analytics): the entrants whose links brought the most counted entries. */
export function TopReferrersList({ referrers }: { referrers: { email: string; referrals: number }[] }) {
  if (referrers.length === 0) return <EmptyChart>No entries through shared links yet.</EmptyChart>;
  return (
    <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="top-referrers">
      {referrers.map((referrer, index) => (
        <li key={`${referrer.email}:${index}`} className="flex items-baseline justify-between gap-4 py-2">
          <span className="min-w-0 break-all">
            <span className="mr-2 text-slate-600 tabular-nums dark:text-slate-400">{index + 1}.</span>
            {referrer.email}
          </span>
          <span className="shrink-0 tabular-nums">{plural(referrer.referrals, "referral", "referrals")}</span>
        </li>
      ))}
    </ol>
  );
}
