import type { MediaFolder } from "#shared/media.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";

/** A list row's small picture (decorative: the row's name says what it is), or `fallback` when there is none. */
export function ListThumbnail({
  folder,
  name,
  fallback = <span className="text-slate-500">None</span>,
}: {
  folder: MediaFolder;
  name: string | null | undefined;
  fallback?: React.ReactNode;
}) {
  if (!name) return <>{fallback}</>;
  return (
    <MediaImage
      folder={folder}
      name={name}
      alt=""
      sizes="64px"
      thumbnail
      width={96}
      height={72}
      className="h-12 w-16 rounded object-cover"
    />
  );
}
