import { CONTAINER } from "#web/components/layout/container.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { CaseStudyCard } from "#web/features/content/case-study-card.tsx";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/case-studies";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ context }: Route.LoaderArgs) {
  return { caseStudies: await context.services.content.listCaseStudies() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Case Studies", {
    description: "Solar installations we designed and built for homes, farms, clinics and businesses across Zimbabwe.",
  });
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { caseStudies } = loaderData;
  return (
    <>
      <ContentIntro title="Case Studies">
        <p>Solar systems we designed and installed, from rural clinics to shopping centres.</p>
      </ContentIntro>
      <div className={`${CONTAINER} pb-16`}>
        {caseStudies.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-2">
            {caseStudies.map((c, i) => (
              <li key={c.id}>
                <CaseStudyCard caseStudy={c} priority={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No case studies have been published yet.</EmptyState>
        )}
      </div>
    </>
  );
}
