import { Link } from "react-router";
import { href } from "~/paths";

export interface UpgradeOffer {
  /** The cheapest plan on offer that has the section, or null when no plan on offer has it. */
  planName: string | null;
  /** What that level adds, in the plan cards' words. */
  adds: readonly string[];
}

/**
 * Where a campaign's analytics level lacks a section (decision 046): what the section would show,
 * which plan has it, and how to get it: a live campaign can be upgraded for the difference in
 * price (decision 049); an ended one keeps its plan, so the panel points at the next campaign.
 */
export function UpgradePanel({
  title,
  offer,
  upgradeHref,
  testId,
}: {
  title: string;
  offer: UpgradeOffer;
  /** The campaign's upgrade page while it is live (decision 049); otherwise it keeps its plan. */
  upgradeHref?: string | null;
  testId?: string;
}) {
  return (
    <section
      className="card flex flex-col gap-3 border-dashed p-5 sm:p-6"
      aria-label={`${title}: not on this campaign's plan`}
      data-testid={testId ?? "upgrade-panel"}
    >
      <div>
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {offer.planName ? `Available on ${offer.planName}` : "Not on this campaign's plan"}
        </p>
      </div>
      <ul className="list-inside list-disc text-sm text-slate-700 dark:text-slate-300">
        {offer.adds.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {offer.planName && upgradeHref ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {`Upgrade this campaign to ${offer.planName} or above for the difference in price.`}{" "}
          <Link to={upgradeHref} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Upgrade plan
          </Link>
        </p>
      ) : offer.planName ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {`This campaign keeps the plan it launched with. Your next campaign can use ${offer.planName}.`}{" "}
          <Link to={href("/pricing")} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Compare plans
          </Link>
        </p>
      ) : null}
    </section>
  );
}
