import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/case-studies";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Case Studies", {
    description: "Solar installations we have designed and built for homes, farms and businesses.",
  });
}

export default function CaseStudies() {
  return (
    <PageIntro title="Case Studies">
      <p>Solar installations we have designed and built for homes, farms and businesses.</p>
    </PageIntro>
  );
}
