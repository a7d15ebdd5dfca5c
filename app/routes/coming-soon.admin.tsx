import { ComingSoon } from "~/components/coming-soon";
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/coming-soon.admin";

export const meta = () => [{ title: "Coming Soon · Giveawear" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function ComingSoonAdmin() {
  return <ComingSoon />;
}
