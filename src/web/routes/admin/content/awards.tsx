import { AwardsPanel } from "#web/features/admin/content/awards-panel.tsx";
import { AWARDS_LIST, sectionPage } from "#web/features/admin/content/content-lists.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/awards";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const { content } = context.services;
  return sectionPage(request, await content.listAwards(), AWARDS_LIST);
}

export default function ContentAwards({ loaderData }: Route.ComponentProps) {
  return <AwardsPanel {...loaderData} />;
}
