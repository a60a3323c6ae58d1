import { Gauge, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { CaseStudy } from "#shared/schemas/content.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { excerpt, imageList } from "./format.ts";

/** A project in the /case-studies list. */
export function CaseStudyCard({ caseStudy, priority = false }: { caseStudy: CaseStudy; priority?: boolean }) {
  const [image] = imageList(caseStudy.images);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-accent-700 hover:border-accent-500">
      {image ? (
        <MediaImage
          folder="caseStudyImages"
          name={image}
          alt=""
          width={800}
          height={600}
          sizes="(min-width: 1024px) 600px, 100vw"
          priority={priority}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-semibold text-slate-900">
          <Link to={`/case-study/${caseStudy.id}`} className="after:absolute after:inset-0 group-hover:text-accent-800 focus:outline-none">
            {caseStudy.projectName}
          </Link>
        </h2>
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
        <p aria-hidden="true" className="mt-auto pt-4 text-sm font-semibold text-accent-700">
          View project →
        </p>
      </div>
    </article>
  );
}
