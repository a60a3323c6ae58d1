import { POSITIONS_LIST, sectionPage, withHeldCounts } from "#web/features/admin/content/content-lists.ts";
import { PositionsPanel } from "#web/features/admin/content/positions-panel.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/positions";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { content } = context.services;
  const [positions, team] = await Promise.all([content.listPositions(), content.listTeam()]);
  return sectionPage(request, withHeldCounts(positions, team), POSITIONS_LIST);
}

export default function ContentPositions({ loaderData }: Route.ComponentProps) {
  return <PositionsPanel {...loaderData} />;
}
