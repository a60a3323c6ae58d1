import { can } from "#shared/can.ts";
import { useRootData } from "../../lib/root-data.ts";
import { AdminHeader } from "./admin-header.tsx";
import { MainHeader } from "./main-header.tsx";

/** Admins get the reduced admin header on every page, everyone else the normal one. */
export function SiteHeader() {
  const root = useRootData();
  // Layouts render only under a root that loaded; without its data there is nothing to show.
  if (!root) return null;
  const { settings, user } = root;
  if (user && can.enterBackOffice(user)) return <AdminHeader companyName={settings.companyName} user={user} />;
  return <MainHeader settings={settings} user={user} />;
}
