import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Coming Soon · Giveawear" }];

/**
 * Nothing to load, but a loader all the same: a client navigation asks the server only for routes
 * with a loader, and that request is what runs the admin guard above this page (decision 072).
 */
export function loader() {
  return null;
}

export default function ComingSoonAdmin() {
  return <ComingSoon />;
}
