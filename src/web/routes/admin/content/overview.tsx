import { OverviewForm } from "#web/features/admin/content/overview-form.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/overview";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  return { overview: await context.services.content.getOverview() };
}

export default function ContentOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewForm overview={loaderData.overview} />;
}
