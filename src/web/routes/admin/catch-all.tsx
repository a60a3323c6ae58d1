import { redirect } from "react-router";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/catch-all";

/** An unknown back-office path goes to the dashboard, which every back-office account may open (decision 035). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, null);
  return redirect("/admin");
}

export default function AdminCatchAll() {
  return null;
}
