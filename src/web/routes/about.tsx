import { Award as AwardIcon, FileDown } from "lucide-react";
import { mediaUrl } from "#shared/media.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { SectionHeading } from "#web/components/ui/section-heading.tsx";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { fileType } from "#web/features/content/format.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/about";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.services;
  const [overview, team, awards, certificates] = await Promise.all([
    content.getOverview(),
    content.listTeam(),
    content.listAwards(),
    content.listCertificates(),
  ]);
  return { overview, team, awards, certificates };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "About Us", {
    description: "Our story, vision, mission and values, our team, and the awards and certificates behind our work.",
  });
}

const sectionClass = `${CONTAINER} py-12 md:py-16`;

export default function About({ loaderData }: Route.ComponentProps) {
  const { overview, team, awards, certificates } = loaderData;
  const hasDirectorMessage = overview.directorMessage.trim() !== "";
  return (
    <>
      <ContentIntro title="About Us" />

      <section aria-labelledby="story-heading" className={`${CONTAINER} pb-12 md:pb-16`}>
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <SectionHeading id="story-heading" title="Our Story" />
            {overview.story ? (
              <p className="mt-4 max-w-prose text-lg text-slate-700">{overview.story}</p>
            ) : (
              <div className="mt-4">
                <EmptyState>Our story is being written.</EmptyState>
              </div>
            )}
          </div>
          <div className="grid gap-4">
            <div className="rounded-xl bg-slate-900 p-6 text-white">
              <h3 className="text-lg font-semibold text-accent-300">Our Vision</h3>
              <p className="mt-2 text-slate-100">{overview.vision || "Coming soon."}</p>
            </div>
            <div className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold text-slate-900">Our Mission</h3>
              <p className="mt-2 text-slate-700">{overview.mission || "Coming soon."}</p>
            </div>
          </div>
        </div>
        <div className="mt-10">
          <h3 className="text-lg font-semibold text-slate-900">Our Values</h3>
          {overview.values.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2">
              {overview.values.map((v) => (
                <li key={v} className="rounded-full bg-accent-100 px-4 py-2 text-sm font-medium text-accent-900">
                  {v}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-700">Coming soon.</p>
          )}
        </div>
      </section>

      {hasDirectorMessage ? (
        <section aria-labelledby="director-heading" className="bg-slate-50">
          <div className={sectionClass}>
            <SectionHeading id="director-heading" title="A Message from our Managing Director" />
            <figure className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
              {overview.directorPhoto ? (
                <MediaImage
                  folder="team"
                  name={overview.directorPhoto}
                  alt={overview.directorName ? `${overview.directorName}, Managing Director` : "The Managing Director"}
                  width={160}
                  height={160}
                  sizes="160px"
                  className="size-32 shrink-0 rounded-full object-cover sm:size-40"
                />
              ) : null}
              <div>
                <blockquote className="max-w-prose text-lg text-slate-800 italic">
                  <p>{overview.directorMessage}</p>
                </blockquote>
                {overview.directorName ? (
                  <figcaption className="mt-4 font-semibold text-slate-900">
                    {overview.directorName}
                    <span className="block text-sm font-normal text-slate-600">Managing Director</span>
                  </figcaption>
                ) : null}
              </div>
            </figure>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="team-heading" className={sectionClass}>
        <SectionHeading id="team-heading" title="Our Team" lead="The people who design, install and support your system." />
        {team.length > 0 ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {team.map((m) => (
              <li key={m.id} className="flex gap-4 rounded-xl border border-slate-200 p-5">
                <Avatar name={m.name} profile={m.picture} folder="team" size={88} />
                <div>
                  <h3 className="font-semibold text-slate-900">{m.name}</h3>
                  <p className="text-sm font-medium text-accent-800">{m.position}</p>
                  {m.bio ? <p className="mt-2 text-sm text-slate-700">{m.bio}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8">
            <EmptyState>Team profiles are coming soon.</EmptyState>
          </div>
        )}
      </section>

      <section aria-labelledby="awards-heading" className="bg-slate-50">
        <div className={sectionClass}>
          <SectionHeading id="awards-heading" title="Awards" />
          {awards.length > 0 ? (
            <ul className="mt-8 grid grid-cols-1 gap-6 min-[420px]:grid-cols-2 lg:grid-cols-4">
              {awards.map((a) => (
                <li key={a.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                  {a.image ? (
                    <MediaImage
                      folder="awards"
                      name={a.image}
                      alt=""
                      width={400}
                      height={300}
                      sizes="(min-width: 1024px) 300px, (min-width: 420px) 50vw, 100vw"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  ) : (
                    <div className="flex aspect-[4/3] items-center justify-center bg-accent-50">
                      <AwardIcon aria-hidden="true" className="size-12 text-accent-700" />
                    </div>
                  )}
                  <div className="p-4">
                    <h3 className="font-semibold text-slate-900">{a.name}</h3>
                    {a.year ? <p className="text-sm text-slate-600">{a.year}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-8">
              <EmptyState>No awards listed yet.</EmptyState>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="certificates-heading" className={sectionClass}>
        <SectionHeading id="certificates-heading" title="Certificates" lead="Download copies of our licences and certifications." />
        {certificates.length > 0 ? (
          <ul className="mt-6 grid gap-3 md:grid-cols-2">
            {certificates.map((c) => (
              <li key={c.id}>
                <a
                  href={mediaUrl("certificates", c.path)}
                  download
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 font-medium text-slate-900 hover:border-accent-500 hover:bg-accent-50"
                >
                  <FileDown aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
                  <span>
                    {c.title} <span className="text-sm font-normal text-slate-600">({fileType(c.path)}, download)</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6">
            <EmptyState>No certificates to download yet.</EmptyState>
          </div>
        )}
      </section>
    </>
  );
}
