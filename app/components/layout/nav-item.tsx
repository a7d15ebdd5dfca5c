import { NavLink } from "react-router";
import type { NavItem } from "~/domain/navigation";
import type { Say } from "./site-words";

export function NavItemLink({ item, className, say = (english) => english }: { item: NavItem; className: string; say?: Say }) {
  if (item.soon) {
    return (
      <span aria-disabled="true" className={`${className} cursor-not-allowed opacity-50`}>
        {say(item.label)} {say("(Soon)")}
      </span>
    );
  }
  return (
    <NavLink to={item.to} className={className} prefetch="intent">
      {say(item.label)}
    </NavLink>
  );
}
