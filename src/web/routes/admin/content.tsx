import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/content";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Site Content – Admin", { description: "Site Content in the back office.", noIndex: true });
}

export default function AdminContent() {
  return (
    <AdminScreen title="Site Content">
      <p>
        Everything else on the public site: certificates, awards, testimonials, articles, FAQs, brands and the company's contact details and
        social links.
      </p>
    </AdminScreen>
  );
}
