import { data, Link } from "react-router";
import { previewImageUrl } from "#shared/media.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { imagePreload } from "#web/components/ui/media-image.tsx";
import { excerpt, imageList } from "#web/features/content/format.ts";
import { CONTENT_GALLERY_SIZES, ImageGallery } from "#web/features/content/image-gallery.tsx";
import { ContentNotFound } from "#web/features/content/not-found.tsx";
import { VIDEO_ID, VideoFacade } from "#web/features/content/video-facade.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import { articleLd } from "#web/lib/structured-data.ts";
import type { Route } from "./+types/case-study";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = detailId(params.caseStudyId);
  if (id === null) return data({ caseStudy: null }, { status: 404 });
  try {
    return { caseStudy: await context.services.content.caseStudyById(id) };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ caseStudy: null }, { status: 404 });
    throw err;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const c = loaderData?.caseStudy;
  if (!c) return pageMeta(matches, "Case study not found", { description: "This case study could not be found.", noIndex: true });
  const image = imageList(c.images)[0];
  const description = excerpt(`${c.systemCapacity} solar installation in ${c.location}. ${c.description}`, 155);
  return pageMeta(matches, c.projectName, {
    description,
    type: "article",
    image: image ? previewImageUrl("caseStudyImages", image) : null,
    preload: image ? imagePreload("caseStudyImages", image, CONTENT_GALLERY_SIZES) : null,
    jsonLd: ({ siteUrl, siteName }) =>
      articleLd(
        {
          path: `/case-study/${c.id}`,
          headline: c.projectName,
          description,
          image: image ? previewImageUrl("caseStudyImages", image) : null,
        },
        siteUrl,
        siteName,
      ),
  });
}

const backLink = (
  <Link to="/case-studies" className="font-medium text-accent-700 underline hover:text-accent-800">
    Back to all case studies
  </Link>
);

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { caseStudy } = loaderData;
  if (!caseStudy) {
    return (
      <ContentNotFound title="Case Study" message="Case study not found." backTo="/case-studies" backLabel="Back to all case studies" />
    );
  }
  const images = imageList(caseStudy.images);
  const video = caseStudy.video && VIDEO_ID.test(caseStudy.video) ? caseStudy.video : null;
  return (
    <article className={`${CONTAINER} py-12 md:py-16`}>
      <p className="text-sm">{backLink}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 md:text-4xl">{caseStudy.projectName}</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        <div className="lg:order-last">
          {images.length > 0 ? (
            <ImageGallery folder="caseStudyImages" images={images} label={caseStudy.projectName} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-slate-700">
              No photos of this project yet.
            </p>
          )}
        </div>
        <div>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="rounded-xl border border-slate-200 p-4">
              <dt className="text-sm font-medium text-slate-600">Location</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{caseStudy.location}</dd>
            </div>
            <div className="rounded-xl border border-slate-200 p-4">
              <dt className="text-sm font-medium text-slate-600">System capacity</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{caseStudy.systemCapacity}</dd>
            </div>
          </dl>
          {caseStudy.description ? (
            <div className="mt-6">
              <h2 className="text-xl font-semibold text-slate-900">About the project</h2>
              <p className="mt-2 max-w-prose text-lg text-slate-700">{caseStudy.description}</p>
            </div>
          ) : null}
          {video ? (
            <div className="mt-8">
              <h2 className="text-xl font-semibold text-slate-900">Project video</h2>
              <div className="mt-3">
                <VideoFacade
                  id={video}
                  title={caseStudy.projectName}
                  poster={images.length > 0 ? { folder: "caseStudyImages", name: images[images.length - 1] as string } : null}
                />
              </div>
            </div>
          ) : null}
        </div>
      </div>
      <p className="mt-12 border-t border-slate-200 pt-6">{backLink}</p>
    </article>
  );
}
