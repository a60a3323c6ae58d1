import { Gauge, MapPin } from "lucide-react";
import type { CaseStudy } from "#shared/schemas/content.ts";
import { excerpt, imageList } from "./format.ts";
import { LinkCard } from "./link-card.tsx";

/** A project in the /case-studies list. */
export function CaseStudyCard({ caseStudy, priority = false }: { caseStudy: CaseStudy; priority?: boolean }) {
  return (
    <LinkCard
      href={`/case-study/${caseStudy.id}`}
      title={caseStudy.projectName}
      folder="caseStudyImages"
      image={imageList(caseStudy.images)[0]}
      sizes="(min-width: 1024px) 600px, 100vw"
      priority={priority}
      cta="View project"
    >
      <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <dt>
            <MapPin aria-hidden="true" className="size-4 text-accent-700" />
            <span className="sr-only">Location</span>
          </dt>
          <dd>{caseStudy.location}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Gauge aria-hidden="true" className="size-4 text-accent-700" />
            <span className="sr-only">System capacity</span>
          </dt>
          <dd>{caseStudy.systemCapacity}</dd>
        </div>
      </dl>
      {caseStudy.description ? <p className="mt-3 text-slate-700">{excerpt(caseStudy.description)}</p> : null}
    </LinkCard>
  );
}
