import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/insights";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Insights & News", { description: "Recent, trending, expert-opinion and news articles about solar energy." });
}

export default function Insights() {
  return (
    <PageIntro title="Insights & News">
      <p>Recent, trending, expert-opinion and news articles about solar energy.</p>
    </PageIntro>
  );
}
