import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "About Us", {
    description: "Our story, vision, mission and values, our team, and the awards and certificates behind our work.",
  });
}

export default function About() {
  const settings = useRootData()?.settings;
  return (
    <PageIntro title="About Us">
      <p>
        {settings?.companyName}: {settings?.tagline}.
      </p>
    </PageIntro>
  );
}
