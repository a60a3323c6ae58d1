import { FAQS_LIST, numbered, sectionPage } from "#web/features/admin/content/content-lists.ts";
import { FaqsPanel } from "#web/features/admin/content/faqs-panel.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/faqs";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const { content } = context.services;
  return sectionPage(request, numbered(await content.listFaqs()), FAQS_LIST);
}

export default function ContentFaqs({ loaderData }: Route.ComponentProps) {
  return <FaqsPanel {...loaderData} />;
}
