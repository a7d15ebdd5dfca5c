import { pageMeta } from "~/components/marketing/meta";
import { entrantRetentionDays } from "~/server/marketing/privacy-policy.server";
import type { Route } from "./+types/privacy";
import { PrivacyPolicy } from "~/components/marketing/privacy-policy";

const TITLE = "Privacy Policy · Giveawear";
const DESCRIPTION =
  "Exactly what Giveawear collects when you enter, win or run a giveaway, why, for how long, who receives it, the few cookies we use (no tracking cookies), and how to see, export or erase your data.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION);

/** The retention figure comes from the platform setting the jobs use (decision 057). */
export async function loader() {
  return { retentionDays: await entrantRetentionDays() };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy retentionDays={loaderData.retentionDays} />;
}
