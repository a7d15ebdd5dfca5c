import { Link } from "react-router";
import { DASHBOARD_MESSAGES } from "~/domain/dashboard";
import { myCampaignsPath } from "~/paths";

/** A campaign page of the dashboard for a campaign that is not there or not the visitor's: says so, and the way back. */
export function CampaignNotFoundHere() {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{DASHBOARD_MESSAGES.campaignNotFound}</h1>
      <p className="mt-2 text-sm">{DASHBOARD_MESSAGES.noAccess}</p>
      <Link to={myCampaignsPath()} className="btn-secondary mt-4">
        Back to Dashboard
      </Link>
    </>
  );
}
