import { CertificatesPanel } from "#web/features/admin/content/certificates-panel.tsx";
import { CERTIFICATES_LIST, sectionPage } from "#web/features/admin/content/content-lists.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/certificates";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content.edit");
  const { content } = context.services;
  return sectionPage(request, await content.listCertificates(), CERTIFICATES_LIST);
}

export default function ContentCertificates({ loaderData }: Route.ComponentProps) {
  return <CertificatesPanel {...loaderData} />;
}
