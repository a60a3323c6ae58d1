import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { telUrl, whatsappUrl } from "../../components/layout/nav-links.ts";
import { WhatsappIcon } from "../../components/ui/brand-icons.tsx";

const rowClass = "flex items-start gap-3";
const iconClass = "mt-0.5 size-5 shrink-0 text-accent-700";
const linkClass = "font-medium text-slate-900 underline-offset-2 hover:text-accent-800 hover:underline break-all";

/** The company's contact details, from the site settings admins edit (DESIGN.md §6). */
export function ContactDetails({ settings }: { settings: SiteSettings }) {
  return (
    <section aria-labelledby="contact-details-heading" className="self-start rounded-xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
      <h2 id="contact-details-heading" className="text-xl font-semibold text-slate-900">
        Contact details
      </h2>
      <address className="mt-5 not-italic">
        <ul className="space-y-5 text-slate-700">
          <li className={rowClass}>
            <Phone aria-hidden="true" className={iconClass} />
            <span>
              <span className="block text-sm text-slate-600">Phone</span>
              <a href={telUrl(settings.phone)} className={linkClass}>
                {settings.phone}
              </a>
            </span>
          </li>
          <li className={rowClass}>
            <WhatsappIcon aria-hidden="true" width={20} height={20} className={iconClass} />
            <span>
              <span className="block text-sm text-slate-600">WhatsApp</span>
              <a href={whatsappUrl(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                +{settings.whatsappNumber}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </span>
          </li>
          <li className={rowClass}>
            <Mail aria-hidden="true" className={iconClass} />
            <span>
              <span className="block text-sm text-slate-600">Sales and quotations</span>
              <a href={`mailto:${settings.salesEmail}`} className={linkClass}>
                {settings.salesEmail}
              </a>
            </span>
          </li>
          <li className={rowClass}>
            <Mail aria-hidden="true" className={iconClass} />
            <span>
              <span className="block text-sm text-slate-600">Support</span>
              <a href={`mailto:${settings.supportEmail}`} className={linkClass}>
                {settings.supportEmail}
              </a>
            </span>
          </li>
          <li className={rowClass}>
            <MapPin aria-hidden="true" className={iconClass} />
            <span>
              <span className="block text-sm text-slate-600">Address</span>
              <span className="text-slate-900">{settings.address}</span>
            </span>
          </li>
          {settings.supportHours ? (
            <li className={rowClass}>
              <Clock aria-hidden="true" className={iconClass} />
              <span>
                <span className="block text-sm text-slate-600">Support hours</span>
                <span className="text-slate-900">{settings.supportHours}</span>
              </span>
            </li>
          ) : null}
        </ul>
      </address>
    </section>
  );
}
