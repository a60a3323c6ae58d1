import { BadgeCheck, Mail, MessageCircle, Phone } from "lucide-react";
import { INSTALLER_SERVICES, VERIFIED_DEALER, ZERA_CLASS_DESCRIPTIONS } from "#shared/installer-network.ts";
import { provinceName } from "#shared/provinces.ts";
import { type Installer, installerInitials, installerPlace } from "#shared/schemas/installers.ts";
import { telUrl, whatsappUrl } from "#web/components/layout/nav-links.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";

export const serviceName = (slug: string) => INSTALLER_SERVICES.find((s) => s.slug === slug)?.name ?? slug;

/** The company's logo, or its initials on a round badge. */
export function InstallerLogo({ installer, size }: { installer: Installer; size: "sm" | "lg" }) {
  const box = size === "lg" ? "size-24" : "size-16";
  if (installer.logo) {
    return (
      <div className={`${box} shrink-0 overflow-hidden rounded-full border border-slate-200 bg-white`}>
        <MediaImage
          folder="installers"
          name={installer.logo}
          alt=""
          sizes={size === "lg" ? "96px" : "64px"}
          width={400}
          height={400}
          thumbnail
          className="size-full object-cover"
        />
      </div>
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-accent-700 text-xl font-bold text-white`}
    >
      {installerInitials(installer.trading_name)}
    </div>
  );
}

export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-700/20">
      <BadgeCheck aria-hidden="true" className="size-4" />
      {VERIFIED_DEALER}
    </span>
  );
}

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:border-accent-700 hover:text-accent-800";

/** The contact the company chose to show: telephone, WhatsApp and e-mail links. */
export function InstallerContact({ installer }: { installer: Installer }) {
  const { phone, whatsapp, email, trading_name } = installer;
  if (!phone && !whatsapp && !email) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Contact ${trading_name}`}>
      {phone ? (
        <li>
          <a href={telUrl(phone)} className={linkClass}>
            <Phone aria-hidden="true" className="size-4" />
            {phone}
          </a>
        </li>
      ) : null}
      {whatsapp ? (
        <li>
          <a
            href={whatsappUrl(whatsapp.trim().startsWith("0") ? `263${whatsapp.trim().slice(1)}` : whatsapp)}
            className={linkClass}
            rel="noopener"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            WhatsApp<span className="sr-only"> {trading_name}</span>
          </a>
        </li>
      ) : null}
      {email ? (
        <li>
          <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {email}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

export function InstallerFacts({ installer }: { installer: Installer }) {
  const served = installer.provinces_served.filter((p) => p !== installer.province);
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-900">Based in</dt>
      <dd>{installerPlace(installer)}</dd>
      {served.length > 0 ? (
        <>
          <dt className="font-semibold text-slate-900">Also serves</dt>
          <dd>{served.map(provinceName).join(", ")}</dd>
        </>
      ) : null}
      {installer.licence_class ? (
        <>
          <dt className="font-semibold text-slate-900">ZERA licence</dt>
          <dd>{ZERA_CLASS_DESCRIPTIONS[installer.licence_class]}</dd>
        </>
      ) : null}
      {installer.services.length > 0 ? (
        <>
          <dt className="font-semibold text-slate-900">Services</dt>
          <dd>{installer.services.map(serviceName).join(", ")}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** One listed installer on `/installers`. */
export function InstallerCard({ installer }: { installer: Installer }) {
  const headingId = `installer-${installer.slug}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <InstallerLogo installer={installer} size="sm" />
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            <a href={`/installers/${installer.slug}`} className="underline-offset-4 hover:text-accent-800 hover:underline">
              {installer.trading_name}
            </a>
          </h3>
          <VerifiedBadge />
        </div>
      </div>
      <InstallerFacts installer={installer} />
      <InstallerContact installer={installer} />
    </li>
  );
}
