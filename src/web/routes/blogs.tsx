import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/blogs";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Blogs", { description: "Guides, news and stories about solar power in Zimbabwe from our team." });
}

export default function Blogs() {
  return (
    <PageIntro title="Blogs">
      <p>Guides, news and stories about solar power from our team.</p>
    </PageIntro>
  );
}
