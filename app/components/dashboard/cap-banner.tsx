import { Link } from "react-router";
import { capNoticeText, capNoticeTitle, type CapNotice } from "~/domain/plan-cap";
import { analyticsPath } from "~/paths";

/**
 * The entry cap's banner (decision 049): at 80% of the plan's entries a warning, at 100% an alert,
 * with the figures and, when a dearer plan is on offer, the link to upgrade. The creator's email
 * says the same.
 */
export function CapBanner({ notice, showTitle = true }: { notice: CapNotice; showTitle?: boolean }) {
  const full = notice.level === 100;
  return (
    <div
      role={full ? "alert" : "status"}
      data-testid={`cap-banner-${notice.level}`}
      className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between ${
        full
          ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
          : "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      }`}
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {showTitle ? (
            <>
              <Link to={analyticsPath(notice.campaignId)} className="underline-offset-2 hover:underline">
                {notice.title}
              </Link>
              {": "}
            </>
          ) : null}
          {capNoticeTitle(notice)}
        </p>
        <p className="mt-1 text-sm">{capNoticeText(notice)}</p>
      </div>
      {notice.upgradeHref ? (
        <Link to={notice.upgradeHref} className="btn-primary shrink-0">
          Upgrade plan
        </Link>
      ) : null}
    </div>
  );
}
