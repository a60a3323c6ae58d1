import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/blogs";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Blogs – Admin", { description: "Blogs in the back office.", noIndex: true });
}

export default function AdminBlogs() {
  return (
    <AdminScreen title="Blogs">
      <p>Write, edit and remove blog posts, each with up to 2 images.</p>
    </AdminScreen>
  );
}
