import type { InstallationView } from "#shared/schemas/dealers.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { DetailItem, NO_INSTALLATIONS, ProfileSection } from "./profile-section.tsx";

const linkClass = "text-accent-700 underline underline-offset-2 hover:text-accent-800";

/** Spec §2 /dealer/profile: Installations as numbered cards; 'No installations added' when there are none. */
export function InstallationsList({ installations }: { installations: InstallationView[] }) {
  return (
    <ProfileSection id="installations-heading" title="Installations">
      {installations.length === 0 ? (
        <EmptyState>{NO_INSTALLATIONS}</EmptyState>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2">
          {installations.map((item, i) => (
            <li key={item.id} aria-labelledby={`installation-${i + 1}`} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <h3 id={`installation-${i + 1}`} className="flex items-center gap-2 font-semibold text-slate-900">
                <span
                  aria-hidden="true"
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm text-white"
                >
                  {i + 1}
                </span>
                Installation {i + 1}
              </h3>
              <dl className="mt-3 space-y-3">
                <DetailItem label="System Description" value={item.systemDescription} />
                <DetailItem label="Size of System" value={item.sizeOfSystem} />
                {/* The customer's contact is left out for a technician (the server's money rule). */}
                {item.email !== null ? (
                  <DetailItem label="Email">
                    <a href={`mailto:${item.email}`} className={linkClass}>
                      {item.email}
                    </a>
                  </DetailItem>
                ) : null}
                {item.phoneNumber !== null ? (
                  <DetailItem label="Phone Number">
                    <a href={`tel:${item.phoneNumber.replace(/[^\d+]/g, "")}`} className={linkClass}>
                      {item.phoneNumber}
                    </a>
                  </DetailItem>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </ProfileSection>
  );
}
