import { Link } from "react-router";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/blog";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Blog", { description: "A story from our blog about solar power in Zimbabwe." });
}

export default function Blog() {
  return (
    <PageIntro title="Blog">
      <p>
        <Link to="/blogs" className="font-medium text-accent-700 underline hover:text-accent-800">
          Back to all blogs
        </Link>
      </p>
    </PageIntro>
  );
}
