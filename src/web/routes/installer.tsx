import { data } from "react-router";
import { type Installer as InstallerView, installerPlace } from "#shared/schemas/installers.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { ContentNotFound } from "#web/features/content/not-found.tsx";
import { InstallerContact, InstallerFacts, InstallerLogo, VerifiedBadge } from "#web/features/installers/installer-card.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import { installerLd } from "#web/lib/structured-data.ts";
import type { Route } from "./+types/installer";

/** A listed installer's profile: badge, contact, licence, services, provinces and portfolio. */
export const handle = sharedQuietPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { installer: (await context.services.installers.bySlug(params.slug)) as InstallerView | null };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ installer: null as InstallerView | null }, { status: 404 });
    throw err;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const i = loaderData?.installer;
  if (!i) return pageMeta(matches, "Installer not found", { description: "This installer is not listed.", noIndex: true });
  const where = installerPlace(i);
  const description = (i.description || `Verified solar installer in ${where}.`).slice(0, 155);
  const photo = i.installations.flatMap((x) => x.photos)[0];
  return pageMeta(matches, `${i.trading_name}, solar installer in ${where}`, {
    description,
    image: photo ?? null,
    jsonLd: ({ siteUrl }) => installerLd(i, siteUrl),
  });
}

export default function Installer({ loaderData }: Route.ComponentProps) {
  const { installer } = loaderData;
  if (!installer) {
    return (
      <ContentNotFound
        title="Installer"
        message="This installer is not listed: the address may be wrong, or the installer is no longer in the directory."
        backTo="/installers"
        backLabel="Find a certified installer"
      />
    );
  }
  return (
    <article className={`${CONTAINER} py-12 md:py-16`}>
      <p className="text-sm">
        <a href="/installers" className="font-medium text-accent-700 underline hover:text-accent-800">
          All certified installers
        </a>
      </p>
      <header className="mt-6 flex flex-wrap items-center gap-5">
        <InstallerLogo installer={installer} size="lg" />
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 md:text-4xl">{installer.trading_name}</h1>
          <VerifiedBadge />
        </div>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          {installer.description ? <p className="max-w-prose text-lg text-slate-700">{installer.description}</p> : null}
          <section aria-labelledby="installer-portfolio">
            <h2 id="installer-portfolio" className="text-xl font-semibold text-slate-900">
              Installations
            </h2>
            {installer.installations.length === 0 ? (
              <p className="mt-3 text-slate-700">No installations shown yet.</p>
            ) : (
              <ul className="mt-4 grid gap-6 sm:grid-cols-2">
                {installer.installations.map((x) => (
                  <li
                    key={`${x.description}|${x.size}|${x.town ?? ""}|${x.photo_names[0] ?? ""}`}
                    className="overflow-hidden rounded-xl border border-slate-200 bg-white"
                  >
                    {x.photo_names[0] ? (
                      <MediaImage
                        folder="installers"
                        name={x.photo_names[0]}
                        alt={`${x.description}${x.town ? `, ${x.town}` : ""}`}
                        sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
                        className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
                      />
                    ) : null}
                    <div className="p-4">
                      <h3 className="font-semibold text-slate-900">{x.description}</h3>
                      <p className="mt-1 text-sm text-slate-700">{[x.size, x.town].filter(Boolean).join(" · ")}</p>
                      {x.photo_names.length > 1 ? (
                        <ul className="mt-3 grid grid-cols-3 gap-2">
                          {x.photo_names.slice(1).map((p, k) => (
                            <li key={p}>
                              <MediaImage
                                folder="installers"
                                name={p}
                                alt={`${x.description}, photo ${k + 2}`}
                                sizes="96px"
                                thumbnail
                                className="aspect-[4/3] h-auto w-full rounded bg-slate-100 object-cover"
                              />
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside aria-labelledby="installer-contact" className="h-fit space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 id="installer-contact" className="text-lg font-semibold text-slate-900">
            Contact {installer.trading_name}
          </h2>
          <InstallerContact installer={installer} />
          <InstallerFacts installer={installer} />
        </aside>
      </div>
    </article>
  );
}
