import { Outlet } from "react-router";
import { AdminPage, useAdminPageHeading } from "~/components/admin/admin-page";

/**
 * The admin control panel's frame, written once: the page's heading and intro (from its route's
 * handle), the tabs, then the page. No loader: every page's own loader and action check for an
 * admin (requireAdmin), because a layout's loader runs beside its children's and never before an
 * action.
 */
export default function AdminLayout() {
  const { title, intro } = useAdminPageHeading();
  return (
    <AdminPage title={title} intro={intro}>
      <Outlet />
    </AdminPage>
  );
}
