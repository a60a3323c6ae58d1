import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/case-studies";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Case Studies – Admin", { description: "Case Studies in the back office.", noIndex: true });
}

export default function AdminCaseStudies() {
  return (
    <AdminScreen title="Case Studies">
      <p>Case studies with project name, location, system capacity, up to 3 images and a video link.</p>
    </AdminScreen>
  );
}
