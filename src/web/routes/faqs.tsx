import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/faqs";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "FAQs", { description: "Answers to the questions customers ask most about our products and services." });
}

export default function Faqs() {
  return (
    <PageIntro title="FAQs">
      <p>Answers to the questions customers ask most about our products and services.</p>
    </PageIntro>
  );
}
