import { data } from "react-router";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/unknown";

/** /admin/content/<anything else>: not a section. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  throw data("This section of the site content does not exist.", { status: 404 });
}

export default function UnknownContentSection() {
  return null;
}
