import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Contact Us", {
    description: "Call, e-mail or WhatsApp the team about solar panels, inverters, batteries and quotations.",
  });
}

export default function Contact() {
  return (
    <PageIntro title="Contact Us">
      <p>Reach us by phone, e-mail or WhatsApp using the contact details at the bottom of this page.</p>
    </PageIntro>
  );
}
