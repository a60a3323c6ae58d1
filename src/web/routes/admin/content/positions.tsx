import { POSITIONS_LIST, sectionPage } from "#web/features/admin/content/content-lists.ts";
import { PositionsPanel } from "#web/features/admin/content/positions-panel.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/positions";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  // "Held by N members", counted by position id in the content service.
  return sectionPage(request, await context.services.content.listPositionsHeld(), POSITIONS_LIST);
}

export default function ContentPositions({ loaderData }: Route.ComponentProps) {
  return <PositionsPanel {...loaderData} />;
}
