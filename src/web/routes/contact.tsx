import { CONTAINER } from "#web/components/layout/container.ts";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { contactAction } from "#web/features/contact/contact-action.server.ts";
import { ContactDetails } from "#web/features/contact/contact-details.tsx";
import { ContactForm } from "#web/features/contact/contact-form.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/contact";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Contact Us", {
    description: "Call, e-mail or WhatsApp the team about solar panels, inverters, batteries and quotations.",
  });
}

export function action({ context, request }: Route.ActionArgs) {
  return contactAction(request, context);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const settings = useRootData()?.settings;
  return (
    <>
      <PageIntro title="Contact Us">
        <p>Questions about a system, a product or a quotation? Call, WhatsApp or e-mail us, or send a message below.</p>
      </PageIntro>
      <div className={`${CONTAINER} grid gap-8 pb-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]`}>
        {settings ? <ContactDetails settings={settings} /> : null}
        <section aria-labelledby="get-in-touch-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="get-in-touch-heading" className="text-xl font-semibold text-slate-900">
            Get in Touch
          </h2>
          <p className="mt-1 text-slate-700">Leave your details and a note; tick Request a Quote if you would like a quotation.</p>
          <div className="mt-6">
            <ContactForm result={actionData} />
          </div>
        </section>
      </div>
    </>
  );
}
