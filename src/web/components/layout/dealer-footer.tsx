import { CONTAINER } from "#web/components/layout/container.ts";
import { Mail, Phone } from "#web/components/ui/icons.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { HELP_BUTTON_GUTTER } from "./main-landmark.tsx";
import { telUrl } from "./nav-links.ts";
import { CopyrightLine } from "./site-footer.tsx";

/** The dealer area's compact footer: dealer support contacts and the copyright line. */
export function DealerFooter() {
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
      <div className={`${CONTAINER} flex flex-col gap-2 py-6 md:flex-row md:items-center md:justify-between ${HELP_BUTTON_GUTTER}`}>
        <CopyrightLine companyName={settings.companyName} />
        <ul className="flex flex-wrap items-center gap-x-4">
          <li>
            <a
              href={`mailto:${settings.supportEmail}`}
              className="inline-flex min-h-11 items-center gap-1.5 hover:text-accent-800 hover:underline"
            >
              <Mail aria-hidden="true" className="size-4" />
              {settings.supportEmail}
            </a>
          </li>
          <li>
            <a href={telUrl(settings.phone)} className="inline-flex min-h-11 items-center gap-1.5 hover:text-accent-800 hover:underline">
              <Phone aria-hidden="true" className="size-4" />
              {settings.phone}
            </a>
          </li>
          {settings.supportHours ? <li>Support hours: {settings.supportHours}</li> : null}
        </ul>
      </div>
    </footer>
  );
}
