import { Outlet } from "react-router";
import { AdminPage, useAdminPageHeading } from "~/components/admin/admin-page";

/**
 * The admin control panel's frame, written once: the page's heading and intro (from its route's
 * handle), the tabs, then the page. Who may see it is settled above, by the admin guard's middleware
 * (admin-guard.tsx, decision 072).
 */
export default function AdminLayout() {
  const { title, intro } = useAdminPageHeading();
  return (
    <AdminPage title={title} intro={intro}>
      <Outlet />
    </AdminPage>
  );
}
