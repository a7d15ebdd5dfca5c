import { redirect } from "react-router";
import { wizardPath } from "~/paths";
import type { Route } from "./+types/create-campaign";

/**
 * The older builder's entry point (decision 005): it lands in the wizard, carrying a plan chosen on
 * the pricing page (selectedPlanId) to the plan step, or campaign data to the first step.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = new URLSearchParams();
  const planId = url.searchParams.get("selectedPlanId");
  if (planId) {
    target.set("step", "2");
    target.set("planId", planId);
  }
  const campaignData = url.searchParams.get("campaignData");
  if (campaignData) target.set("campaignData", campaignData);
  return redirect(wizardPath(target));
}
