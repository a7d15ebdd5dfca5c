import { ComingSoon } from "~/components/coming-soon";
import { requireUser } from "~/server/auth/session.server";
import type { Route } from "./+types/coming-soon.user";

export const meta = () => [{ title: "Coming Soon · Giveawear" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function ComingSoonUser() {
  return <ComingSoon />;
}
