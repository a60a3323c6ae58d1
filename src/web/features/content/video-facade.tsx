import { Play } from "lucide-react";
import type { MediaFolder } from "#shared/media.ts";
import { youtubeWatchUrl } from "#shared/schemas/content.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { CONTENT_GALLERY_SIZES } from "#web/features/content/image-gallery.tsx";

/** A video id of the video site, as the admin form keeps it (#shared/schemas/content.ts); anything else shows no video. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A film of the video site, shown as a poster (our own image, never the site's thumbnail), a play button and its
 * title: nothing is loaded from the video site until the visitor asks for it. Without scripts the poster is a link to
 * the film's page; src/web/enhance/video.ts puts the player (youtube-nocookie.com, which the page's CSP frames) in
 * its place on the click, and starts it.
 */
export function VideoFacade({ id, title, poster }: { id: string; title: string; poster: { folder: MediaFolder; name: string } | null }) {
  if (!VIDEO_ID.test(id)) return null;
  return (
    <div className="aspect-video overflow-hidden rounded-xl bg-slate-900" data-video-box>
      <a
        href={youtubeWatchUrl(id)}
        data-video={id}
        data-video-title={`Video: ${title}`}
        className="group relative block size-full text-white focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-accent-500"
      >
        {poster ? (
          <MediaImage
            folder={poster.folder}
            name={poster.name}
            alt=""
            width={1200}
            height={900}
            sizes={CONTENT_GALLERY_SIZES}
            className="size-full object-cover opacity-80 transition-opacity group-hover:opacity-70"
          />
        ) : null}
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-18 items-center justify-center rounded-full bg-accent-700 shadow-lg transition-transform group-hover:scale-105">
            <Play aria-hidden="true" className="ml-1 size-8 fill-current" />
          </span>
        </span>
        <span className="absolute inset-x-0 bottom-0 bg-slate-950/75 px-4 py-3 text-base font-semibold">
          <span className="sr-only">Play the video: </span>
          {title}
          <span className="block text-sm font-normal text-slate-200">Plays from YouTube when you press it</span>
        </span>
      </a>
    </div>
  );
}
