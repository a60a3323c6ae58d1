import { Link } from "react-router";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { Clock, Mail, MapPin, Phone } from "#web/components/ui/icons.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { WhatsappIcon } from "../ui/brand-icons.tsx";
import { LogoMark } from "./logo.tsx";
import { CALCULATOR_LINK, INSTALLERS_LINK, MAIN_NAV, telUrl, whatsappUrl } from "./nav-links.ts";
import { SocialLinks } from "./social-links.tsx";

const linkClass = "inline-flex min-h-11 items-center gap-2 text-slate-200 hover:text-white hover:underline";

export function CopyrightLine({ companyName }: { companyName: string }) {
  return (
    <p>
      © {new Date().getFullYear()} {companyName}. All rights reserved.
    </p>
  );
}

function MapBlock({ settings }: { settings: PublicSiteSettings }) {
  if (settings.mapEmbedUrl) {
    return (
      <iframe
        src={settings.mapEmbedUrl}
        title={`Map showing the office of ${settings.companyName}`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="h-56 w-full rounded-md border-0"
      />
    );
  }
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(settings.address)}`}
      target="_blank"
      rel="noopener noreferrer"
      className="flex min-h-40 flex-col justify-center gap-2 rounded-md border border-slate-700 p-4 text-slate-200 hover:border-slate-500 hover:text-white"
    >
      <MapPin aria-hidden="true" className="size-6 text-accent-400" />
      <span>{settings.address}</span>
      <span className="text-sm underline">Open in Google Maps (opens in a new tab)</span>
    </a>
  );
}

/** The public footer (spec §2): contact details, both e-mail addresses, address, map, social links, copyright. */
export function SiteFooter() {
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  return (
    <footer className="on-dark bg-slate-900 text-slate-200">
      <div className={`${CONTAINER} grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4`}>
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark className="size-8" />
            {settings.companyName}
          </p>
          <p className="mt-3 text-sm text-slate-300">{settings.tagline}</p>
          <SocialLinks social={settings.social} className="mt-4 -ml-3 flex-wrap" linkClassName="size-11 text-slate-200 hover:text-white" />
        </div>
        <nav aria-label="Footer">
          <h2 className="text-base font-semibold text-white">Quick links</h2>
          <ul className="mt-2">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={CALCULATOR_LINK.to} className={linkClass}>
                {CALCULATOR_LINK.label}
              </Link>
            </li>
            <li>
              <Link to={INSTALLERS_LINK.to} className={linkClass}>
                {INSTALLERS_LINK.label}
              </Link>
            </li>
            <li>
              <Link to="/faqs" className={linkClass}>
                FAQs
              </Link>
            </li>
            <li>
              <Link to="/dealer" className={linkClass}>
                Become a Dealer
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-base font-semibold text-white">Contact us</h2>
          <address className="mt-2 not-italic">
            <ul>
              <li>
                <a href={telUrl(settings.phone)} className={linkClass}>
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {settings.phone}
                </a>
              </li>
              <li>
                <a href={whatsappUrl(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  <WhatsappIcon width={16} height={16} className="shrink-0" />
                  WhatsApp +{settings.whatsappNumber}
                </a>
              </li>
              <li>
                <a href={`mailto:${settings.salesEmail}`} className={`${linkClass} break-all`}>
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <span>
                    <span className="sr-only">Sales: </span>
                    {settings.salesEmail}
                  </span>
                </a>
              </li>
              <li>
                <a href={`mailto:${settings.supportEmail}`} className={`${linkClass} break-all`}>
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <span>
                    <span className="sr-only">Support: </span>
                    {settings.supportEmail}
                  </span>
                </a>
              </li>
              <li className="flex items-start gap-2 py-3 text-slate-200">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {settings.address}
              </li>
              {settings.supportHours ? (
                <li className="flex items-center gap-2 text-slate-200">
                  <Clock aria-hidden="true" className="size-4 shrink-0" />
                  {settings.supportHours}
                </li>
              ) : null}
            </ul>
          </address>
        </div>
        <div>
          <h2 className="mb-3 text-base font-semibold text-white">Find us</h2>
          <MapBlock settings={settings} />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className={`${CONTAINER} py-5 text-sm text-slate-300`}>
          <CopyrightLine companyName={settings.companyName} />
        </div>
      </div>
    </footer>
  );
}
