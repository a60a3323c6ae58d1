import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { telUrl, whatsappUrl } from "../../components/layout/nav-links.ts";
import { WhatsappIcon } from "../../components/ui/brand-icons.tsx";
import { ContactRow, contactLinkClass } from "../../components/ui/contact-row.tsx";

/** The WhatsApp mark at the size of the other contact icons. */
function WhatsappRowIcon(props: { className?: string }) {
  return <WhatsappIcon aria-hidden="true" width={20} height={20} {...props} />;
}

/** The company's contact details, from the site settings admins edit (DESIGN.md §6). */
export function ContactDetails({ settings }: { settings: PublicSiteSettings }) {
  return (
    <section aria-labelledby="contact-details-heading" className="self-start rounded-xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
      <h2 id="contact-details-heading" className="text-xl font-semibold text-slate-900">
        Contact details
      </h2>
      <address className="mt-5 not-italic">
        <ul className="space-y-5 text-slate-700">
          <ContactRow icon={Phone} label="Phone">
            <a href={telUrl(settings.phone)} className={contactLinkClass}>
              {settings.phone}
            </a>
          </ContactRow>
          <ContactRow icon={WhatsappRowIcon} label="WhatsApp">
            <a href={whatsappUrl(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer" className={contactLinkClass}>
              +{settings.whatsappNumber}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </ContactRow>
          <ContactRow icon={Mail} label="Sales and quotations">
            <a href={`mailto:${settings.salesEmail}`} className={contactLinkClass}>
              {settings.salesEmail}
            </a>
          </ContactRow>
          <ContactRow icon={Mail} label="Support">
            <a href={`mailto:${settings.supportEmail}`} className={contactLinkClass}>
              {settings.supportEmail}
            </a>
          </ContactRow>
          <ContactRow icon={MapPin} label="Address">
            {settings.address}
          </ContactRow>
          {settings.supportHours ? (
            <ContactRow icon={Clock} label="Support hours">
              {settings.supportHours}
            </ContactRow>
          ) : null}
        </ul>
      </address>
    </section>
  );
}
