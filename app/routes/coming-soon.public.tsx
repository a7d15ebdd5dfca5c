import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Coming Soon · Giveawear" }];

export default function ComingSoonPublic() {
  return <ComingSoon />;
}
