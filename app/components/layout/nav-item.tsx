import { NavLink } from "react-router";
import type { NavItem } from "~/domain/navigation";

export function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  if (item.soon) {
    return (
      <span aria-disabled="true" className={`${className} cursor-not-allowed opacity-50`}>
        {item.label} (Soon)
      </span>
    );
  }
  return (
    <NavLink to={item.to} className={className} prefetch="intent">
      {item.label}
    </NavLink>
  );
}
