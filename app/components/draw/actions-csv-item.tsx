/**
 * The draw page's link to actions.csv (draw procedure version 3, decision 075), beside draw.csv in
 * "Check it yourself": nothing for lists frozen before version 3.
 */
import type { DrawRecord } from "~/domain/draw-record";
import { campaignActionsCsvPath } from "~/paths";

export function ActionsCsvItem({ campaignId, record }: { campaignId: string; record: DrawRecord }) {
  const actions = record.list?.actions;
  if (!actions) return null;
  return (
    <li data-testid="actions-csv">
      <a href={campaignActionsCsvPath(campaignId)} className="font-medium text-brand-700 underline dark:text-brand-300" download>
        actions.csv
      </a>
      : the bonus entries behind every weight ({actions.completions.toLocaleString("en-US")} counted action completions,{" "}
      {actions.disqualified.toLocaleString("en-US")} rejected claims), frozen with the list, byte for byte as it was hashed:{" "}
      <code className="font-mono text-xs break-all">{actions.sha256}</code>
    </li>
  );
}
