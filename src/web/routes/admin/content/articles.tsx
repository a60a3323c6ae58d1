import { ArticlesPanel } from "#web/features/admin/content/articles-panel.tsx";
import { ARTICLES_LIST, sectionPage } from "#web/features/admin/content/content-lists.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/articles";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const { content } = context.services;
  return sectionPage(request, await content.listArticles(), ARTICLES_LIST);
}

export default function ContentArticles({ loaderData }: Route.ComponentProps) {
  return <ArticlesPanel {...loaderData} />;
}
