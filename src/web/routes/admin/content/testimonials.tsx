import { numbered, sectionPage, TESTIMONIALS_LIST } from "#web/features/admin/content/content-lists.ts";
import { TestimonialsPanel } from "#web/features/admin/content/testimonials-panel.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/testimonials";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const { content } = context.services;
  return sectionPage(request, numbered(await content.listTestimonials()), TESTIMONIALS_LIST);
}

export default function ContentTestimonials({ loaderData }: Route.ComponentProps) {
  return <TestimonialsPanel {...loaderData} />;
}
