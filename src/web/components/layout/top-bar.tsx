import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { Mail, Phone } from "#web/components/ui/icons.tsx";
import { WhatsappIcon } from "../ui/brand-icons.tsx";
import { telUrl, whatsappUrl } from "./nav-links.ts";
import { SocialLinks } from "./social-links.tsx";

const linkClass =
  "inline-flex min-h-9 min-w-9 items-center justify-center gap-2 rounded px-1.5 text-sm whitespace-nowrap text-slate-100 hover:text-white hover:underline";

/** The header's top bar: WhatsApp, phone and e-mail on the left, social links on the right (spec §2). */
export function TopBar({ settings }: { settings: PublicSiteSettings }) {
  return (
    <div className="on-dark bg-slate-900 text-slate-100">
      <div className={`${CONTAINER} flex h-10 items-center justify-between gap-2`}>
        <ul className="flex items-center md:gap-3">
          <li>
            <a href={whatsappUrl(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <WhatsappIcon width={16} height={16} />
              <span className="max-md:sr-only">WhatsApp</span>
            </a>
          </li>
          <li>
            <a href={telUrl(settings.phone)} className={linkClass}>
              <Phone aria-hidden="true" className="size-4" />
              <span className="max-md:sr-only">{settings.phone}</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${settings.salesEmail}`} className={linkClass}>
              <Mail aria-hidden="true" className="size-4" />
              <span className="max-md:sr-only">{settings.salesEmail}</span>
            </a>
          </li>
        </ul>
        {/* Below 380 px the social links wait in the menu and the footer: the bar would overflow. */}
        <SocialLinks
          social={settings.social}
          className="max-[379px]:hidden"
          linkClassName="size-9 text-slate-200 hover:text-white [&_svg]:size-4"
        />
      </div>
    </div>
  );
}
