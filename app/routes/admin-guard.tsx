import { Outlet } from "react-router";
import { adminGuard } from "~/server/auth/admin-guard.server";

/**
 * Every admin URL sits beneath this pathless layout (app/routes.ts): its middleware lets only an
 * admin through to any child's loader or action (decision 072). It draws nothing of its own: the
 * panel's frame is admin-layout.tsx, and some admin pages (the orders CSV, the coming-soon pages,
 * the reference dashboard) have none.
 */
export const middleware = [adminGuard];

export default function AdminGuard() {
  return <Outlet />;
}
