import { Outlet } from "react-router";
import { adminPage, SettingsNav } from "~/components/admin/admin-page";

/** The Settings tab's sections share one heading and the section navigation above each section's page. */
export const handle = adminPage({
  title: "Settings",
  intro: "Platform settings, email templates, the homepage slider, plans and coupons.",
});

export default function AdminSettingsLayout() {
  return (
    <>
      <SettingsNav />
      <Outlet />
    </>
  );
}
