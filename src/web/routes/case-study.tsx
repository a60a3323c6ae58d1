import { Link } from "react-router";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/case-study";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Case Study", {
    description: "A solar installation we built: its location, system capacity, photos and video.",
  });
}

export default function CaseStudy() {
  return (
    <PageIntro title="Case Study">
      <p>
        <Link to="/case-studies" className="font-medium text-accent-700 underline hover:text-accent-800">
          Back to all case studies
        </Link>
      </p>
    </PageIntro>
  );
}
